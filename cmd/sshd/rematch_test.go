package main

import (
	"strings"
	"testing"
)

// Two players and two bots play a game to its end; alice asks for a
// rematch and lands in its waiting room as host, bob is offered it, joins,
// and alice starts the new game. Both read the rules page on the way.
func TestRematchAfterTheEnd(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)

	alice := signUp(t, addr, "alice", 80, 24, "")
	old := hostRoom(t, alice)
	bob := signUp(t, addr, "bob", 120, 40, "")
	bob.term.WaitFor(t, "alice's table")
	bob.term.Type("\r")
	bob.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")
	bob.term.Type("R")
	bob.term.WaitFor(t, "Acquire: the rules")
	bob.term.Type("\x1b")
	bob.term.WaitFor(t, "The host starts the game once every seat is filled.")
	fillWithBots(t, alice, 2)
	bob.term.WaitFor(t, "Your tiles")

	playToEnd(t, alice, bob)
	alice.term.WaitFor(t, "Press r for a rematch")
	alice.term.Type("r")
	s := alice.term.WaitFor(t, "Waiting for players: 3 of 4 seats taken, 1 held for player invited.") // bob is invited, not yet come
	next := roomID(t, s)
	if next == old {
		t.Fatalf("the rematch is in the finished room %s:\n%s", old, s)
	}
	for _, want := range []string{"bot1", "bot2", "invited", "You host"} {
		if !strings.Contains(s, want) {
			t.Errorf("alice's rematch room lacks %q:\n%s", want, s)
		}
	}

	bob.term.WaitFor(t, "alice offers a rematch in room "+next+" — y to join, n to decline.")
	bob.term.Type("y")
	bob.term.WaitFor(t, "room "+next)
	bob.term.WaitFor(t, "The host starts the game once every seat is filled.")
	alice.term.WaitFor(t, "bob joins the rematch")
	alice.term.Type("s")
	alice.term.WaitFor(t, "Your tiles")
	bob.term.WaitFor(t, "Your tiles")
}
