// Package roomstest holds what the tests of the rooms, of their
// replication (internal/replica) and of the server share: players with
// accounts in a store, a fake clock for a lobby, the wait for a snapshot,
// and a simple legal Acquire decision to play a game through a room with.
// Nothing outside tests imports it.
//
// roomstest imports rooms, the store and the Acquire engine; rooms' own
// tests, in package rooms_test, may import it.
package roomstest

import (
	"context"
	"crypto/ed25519"
	"fmt"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/store"
)

// Timeout bounds every wait for a snapshot.
const Timeout = 10 * time.Second

// BotDelay is the pause between bot moves the tests give a lobby
// (rooms.Config.BotDelay): Timers knows a bot's move by it.
const BotDelay = time.Millisecond

// Accounts makes an account in st with a fresh key for each name, as
// signing up does, and returns them as players, in the order of names.
func Accounts(t testing.TB, st *store.Store, names ...string) []rooms.Player {
	t.Helper()
	out := make([]rooms.Player, len(names))
	for i, name := range names {
		pub, _, _ := ed25519.GenerateKey(nil)
		key, _ := gossh.NewPublicKey(pub)
		acct, err := st.CreateAccount(context.Background(), name, string(gossh.MarshalAuthorizedKey(key)))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = rooms.Player{ID: acct.ID, Name: name}
	}
	return out
}

// Next waits for a snapshot of ch (a room's or a lobby's) that satisfies
// ok and returns it; the test fails if none comes within Timeout.
func Next[S any](t testing.TB, ch <-chan S, ok func(S) bool) S {
	t.Helper()
	deadline := time.After(Timeout)
	for {
		select {
		case s := <-ch:
			if ok(s) {
				return s
			}
		case <-deadline:
			t.Fatal("no such snapshot in time")
		}
	}
}

// SeatState is the state of the seat of the player called name in s, or
// "" if no seat is theirs.
func SeatState(s *rooms.Snapshot, name string) rooms.SeatState {
	for _, st := range s.Seats {
		if st.Name == name {
			return st.State
		}
	}
	return ""
}

// FirstLegal picks a simple legal Acquire decision from what the view
// shows: the first playable tile, the first chain offered, selling every
// defunct share, ending the game when it may, else buying nothing.
func FirstLegal(v *acquire.View) string {
	switch v.Phase {
	case acquire.PhasePlay:
		for _, ti := range v.Rack {
			if ti.Class.Playable() {
				return "play " + ti.Tile.String()
			}
		}
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		return v.Phase.String() + " " + v.Rules.Chains[v.Choices[0]].Name
	case acquire.PhaseDispose:
		return "dispose " + v.Rules.Chains[v.Defunct].Name + fmt.Sprintf(" sell %d", v.Shares[v.Viewer][v.Defunct])
	case acquire.PhaseBuy:
		if v.CanDeclare {
			return "end"
		}
	}
	return "buy"
}

// Timers is a fake clock for a lobby (rooms.Config.After): a callback
// waits until the test calls Fire, except that when BotNow is set a bot's
// move (a callback after BotDelay) runs at once.
type Timers struct {
	// BotNow runs bots' moves at once. Change it with SetBotNow once a
	// lobby uses the clock.
	BotNow bool

	mu      sync.Mutex
	pending []*timer
}

// SetBotNow sets BotNow.
func (tm *Timers) SetBotNow(on bool) {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	tm.BotNow = on
}

type timer struct {
	d       time.Duration
	f       func()
	stopped bool
}

// After is rooms.Config.After on this clock.
func (tm *Timers) After(d time.Duration, f func()) func() bool {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	if tm.BotNow && d == BotDelay {
		go f()
		return func() bool { return false }
	}
	x := &timer{d: d, f: f}
	tm.pending = append(tm.pending, x)
	return func() bool {
		tm.mu.Lock()
		defer tm.mu.Unlock()
		was := !x.stopped
		x.stopped = true
		return was
	}
}

// Fire runs every pending callback that was not stopped.
func (tm *Timers) Fire() {
	tm.mu.Lock()
	xs := tm.pending
	tm.pending = nil
	tm.mu.Unlock()
	for _, x := range xs {
		tm.mu.Lock()
		run := !x.stopped
		x.stopped = true
		tm.mu.Unlock()
		if run {
			x.f()
		}
	}
}

// Armed counts the pending callbacks after d that were not stopped.
func (tm *Timers) Armed(d time.Duration) int {
	tm.mu.Lock()
	defer tm.mu.Unlock()
	n := 0
	for _, x := range tm.pending {
		if x.d == d && !x.stopped {
			n++
		}
	}
	return n
}

// Expire runs the pending callbacks after d that were not stopped, as if
// their time were up; the others stay pending.
func (tm *Timers) Expire(d time.Duration) {
	tm.mu.Lock()
	var run []func()
	for _, x := range tm.pending {
		if x.d == d && !x.stopped {
			x.stopped = true
			run = append(run, x.f)
		}
	}
	tm.mu.Unlock()
	for _, f := range run {
		f()
	}
}
