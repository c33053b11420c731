package rate_test

import (
	"testing"
	"time"

	"hotels/internal/rate"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func TestKeyedBurstThenRate(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	k := rate.NewKeyed[string](rate.Limit{Every: 6 * time.Second, Burst: 3}, c.now)
	steps := []struct {
		after time.Duration
		key   string
		want  bool
	}{
		{0, "a", true}, {0, "a", true}, {0, "a", true},
		{0, "a", false}, // the burst is spent
		{0, "b", true},  // another key has its own bucket
		{5 * time.Second, "a", false},
		{time.Second, "a", true}, // one token back after 6s
		{0, "a", false},
		{time.Hour, "a", true}, {0, "a", true}, {0, "a", true},
		{0, "a", false}, // refills to the burst, no further
	}
	for i, s := range steps {
		c.advance(s.after)
		if got := k.Allow(s.key); got != s.want {
			t.Errorf("step %d: Allow(%q) after %v = %v, want %v", i, s.key, s.after, got, s.want)
		}
	}
}

func TestKeyedUnlimited(t *testing.T) {
	k := rate.NewKeyed[int](rate.Limit{}, nil)
	for i := range 1000 {
		if !k.Allow(1) {
			t.Fatalf("Allow #%d with a zero limit = false", i)
		}
	}
}

// Buckets that have filled again are forgotten when the buckets grow.
func TestKeyedForgetsIdleKeys(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	k := rate.NewKeyed[int](rate.Limit{Every: time.Second, Burst: 2}, c.now)
	for i := range 5000 {
		k.Allow(i)
	}
	c.advance(time.Minute)
	for i := range 20000 {
		k.Allow(100000 + i)
	}
	if n := k.Len(); n != 20000 {
		t.Errorf("%d buckets are kept, want 20000: the 5000 idle for a minute forgotten", n)
	}
}

// Ready tells whether Allow would, without taking a token.
func TestKeyedReady(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	k := rate.NewKeyed[string](rate.Limit{Every: time.Minute, Burst: 2}, c.now)
	for i := range 5 {
		if !k.Ready("a") {
			t.Fatalf("Ready %d of an untouched key = false", i)
		}
	}
	k.Allow("a")
	k.Allow("a")
	if k.Ready("a") {
		t.Error("Ready after the burst was spent = true")
	}
	c.advance(time.Minute)
	if !k.Ready("a") || !k.Allow("a") || k.Ready("a") {
		t.Error("a minute later: want one token, Ready true then false")
	}
}

// Take says how long until a key that may not act now may act again.
func TestKeyedTakeWait(t *testing.T) {
	c := &clock{t: time.Unix(1e9, 0)}
	k := rate.NewKeyed[string](rate.Limit{Every: 6 * time.Second, Burst: 1}, c.now)
	if ok, wait := k.Take("a"); !ok || wait != 0 {
		t.Fatalf("first Take = %v, %v; want true, 0", ok, wait)
	}
	c.advance(2 * time.Second)
	if ok, wait := k.Take("a"); ok || wait != 4*time.Second {
		t.Errorf("Take 2 s later = %v, %v; want false, 4s", ok, wait)
	}
	c.advance(4 * time.Second)
	if ok, _ := k.Take("a"); !ok {
		t.Error("Take once the wait is over = false")
	}
}
