package rate

import (
	"sync"
	"time"
)

// Limit is how often a key may act: Burst times at once, then one more
// time each Every. A zero Limit limits nothing.
type Limit struct {
	Every time.Duration
	Burst int
}

// Unlimited reports whether l limits nothing.
func (l Limit) Unlimited() bool { return l.Every <= 0 || l.Burst <= 0 }

// minSweep is how many buckets a Keyed holds before it first forgets the
// full ones.
const minSweep = 1024

// Keyed is a token bucket for each key. Its methods are safe for
// concurrent use.
type Keyed[K comparable] struct {
	limit Limit
	now   func() time.Time

	mu      sync.Mutex
	buckets map[K]*bucket
	sweepAt int // the next sweep is due at this many buckets
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was last brought up to date
}

// NewKeyed returns buckets that allow each key limit. now is the clock
// (time.Now if nil).
func NewKeyed[K comparable](limit Limit, now func() time.Time) *Keyed[K] {
	if now == nil {
		now = time.Now
	}
	return &Keyed[K]{limit: limit, now: now, buckets: map[K]*bucket{}, sweepAt: minSweep}
}

// Allow takes a token from key's bucket and reports whether there was one.
func (k *Keyed[K]) Allow(key K) bool {
	ok, _ := k.Take(key)
	return ok
}

// Take takes a token from key's bucket if there is one; if not, it reports
// how long until there will be.
func (k *Keyed[K]) Take(key K) (ok bool, wait time.Duration) {
	if k.limit.Unlimited() {
		return true, 0
	}
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	b := k.buckets[key]
	if b == nil {
		if len(k.buckets) >= k.sweepAt {
			k.sweep(now)
		}
		b = &bucket{tokens: float64(k.limit.Burst), at: now}
		k.buckets[key] = b
	}
	b.refill(k.limit, now)
	if b.tokens < 1 {
		return false, time.Duration((1 - b.tokens) * float64(k.limit.Every))
	}
	b.tokens--
	return true, 0
}

// Ready reports whether key's bucket has a token, without taking it: a
// caller that spends tokens only on failures (Allow, after the fact) asks
// first.
func (k *Keyed[K]) Ready(key K) bool {
	if k.limit.Unlimited() {
		return true
	}
	now := k.now()
	k.mu.Lock()
	defer k.mu.Unlock()
	b := k.buckets[key]
	if b == nil {
		return true // a new bucket is full
	}
	b.refill(k.limit, now)
	return b.tokens >= 1
}

func (b *bucket) refill(l Limit, now time.Time) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(float64(l.Burst), b.tokens+float64(d)/float64(l.Every))
		b.at = now
	}
}

// sweep forgets the buckets that are full again (a new bucket is the
// same), and puts the next sweep at twice the buckets left, so that many
// busy keys cost a sweep now and then, not one per new key.
func (k *Keyed[K]) sweep(now time.Time) {
	for key, b := range k.buckets {
		b.refill(k.limit, now)
		if b.tokens >= float64(k.limit.Burst) {
			delete(k.buckets, key)
		}
	}
	k.sweepAt = max(minSweep, 2*len(k.buckets))
}

// Len returns how many keys have a bucket that is not full.
func (k *Keyed[K]) Len() int {
	k.mu.Lock()
	defer k.mu.Unlock()
	return len(k.buckets)
}
