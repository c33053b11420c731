package main

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"hotels/internal/sshtest"
	"hotels/internal/store/storetest"
)

// Issue 18: two servers on one PostgreSQL database. alice hosts a room on
// node A, bob joins it by its invite code from node B, and they play; A is
// killed (-9) mid-game. B takes the room over: bob's session only pauses,
// alice reconnects to B and finds her seat, and the game goes on to the
// end.
func TestTwoNodesFailover(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + "): two servers on one database")
	}
	t.Parallel()
	bin := buildSshd(t)
	data := storetest.Data(t)
	a := startProcess(t, bin, data, t.TempDir())
	b := startProcess(t, bin, data, t.TempDir())

	alice := signUp(t, a.addr, "alice", 80, 24, "")
	id, code := waitingRoom(t, alice)
	bob := signUp(t, b.addr, "bob", 120, 40, "join "+code)
	bob.term.WaitFor(t, "Waiting for players: 3 of 4 seats taken.")
	fillWithBots(t, alice, 3)
	bob.term.WaitFor(t, "Your tiles")
	playSome(t, 6, alice, bob)

	a.kill(t)
	killed := time.Now()
	bob.term.WaitForFunc(t, "said that B runs the room now", func(s string) bool {
		return strings.Contains(s, "the game goes on here")
	})
	t.Logf("node B took the room over %v after node A was killed", time.Since(killed).Round(100*time.Millisecond))

	alice.reconnect(t, b.addr, 80, 24)
	if s := alice.term.WaitFor(t, "· room "+id); !strings.Contains(s, "alice") {
		t.Fatalf("alice's seat on node B:\n%s", s)
	}
	playToEnd(t, alice, bob)
	for _, p := range []*player{alice, bob} {
		s := p.term.WaitForFunc(t, "showed four standings", func(s string) bool { return len(standings(s)) == 4 })
		if !strings.Contains(s, p.name+" (you)") {
			t.Errorf("%s is not in their final standings:\n%s", p.name, s)
		}
	}
	if t.Failed() {
		t.Logf("node B's log:\n%s", b.log.String())
	}
}

// playSome lets the players answer their decisions until they answered n
// between them.
func playSome(t *testing.T, n int, players ...*player) {
	t.Helper()
	cases := []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(time.After(sshtest.Timeout))}}
	for _, p := range players {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(p.term.Changed())})
	}
	for answered := 0; answered < n; {
		acted := false
		for _, p := range players {
			if p.step(t) {
				answered++
				acted = true
			}
		}
		if !acted {
			if i, _, _ := reflect.Select(cases); i == 0 {
				t.Fatalf("the game stalled after %d decisions", answered)
			}
		}
	}
}
