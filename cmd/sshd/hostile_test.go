package main

import (
	"strings"
	"testing"

	"hotels/internal/sshtest"
)

// The hostile-client suite of issue 27 on the whole product: what a
// stranger's SSH client could do to other players' rooms through the
// screens (internal/server/hostile_test.go has the rest).

// N2: a private room's id lets no stranger in: `join ID`, `watch ID` and
// `c` + the id in the lobby are answered as for a room that does not
// exist, and the stranger neither sits nor sees the invite code. The code
// itself still lets anyone in.
func TestN2_PrivateRoomByID(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	ann := signUp(t, addr, "ann", 80, 24, "")
	id, code := waitingRoom(t, ann) // ann and a bot: 2 of 4 seats

	for _, cmd := range []string{"join " + id, "watch " + id} {
		stranger := signUp(t, addr, "m"+strings.Fields(cmd)[0], 80, 24, cmd)
		stranger.term.WaitFor(t, `There is no room "`+id+`": check the code and try again.`)
		if s := stranger.term.Screen(); strings.Contains(s, code) {
			t.Errorf("`%s` showed a stranger the invite code:\n%s", cmd, s)
		}
		stranger.term.Type("c" + id + "\r")
		stranger.term.WaitFor(t, `There is no room "`+id+`"`)
	}
	ann.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")

	friend := signUp(t, addr, "friend", 80, 24, "join "+code)
	friend.term.WaitFor(t, "Waiting for players: 3 of 4 seats taken.")
}

// N2: look-ups that find nothing are limited by address: after ten, an
// export of a game that is not there, a `join` of a room that is not, and
// even the right id of a public room, from another account at the same
// address, are refused and told to wait.
func TestN2_GuessesLimited(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	key := sshtest.NewKey(t)
	const tooMany = "too many look-ups of rooms or games that do not exist: wait a minute and try again"
	refused := 0
	for i := range 12 {
		_, stderr, status := sshtest.Exec(t, addr, key, "export 99999")
		switch {
		case status == 1 && strings.Contains(stderr, "there is no game 99999"):
			if refused > 0 {
				t.Errorf("guess %d was answered after %d were refused", i+1, refused)
			}
		case status == 1 && strings.Contains(stderr, tooMany):
			refused++
		default:
			t.Fatalf("guess %d: exit %d, stderr %q", i+1, status, stderr)
		}
	}
	if refused != 2 {
		t.Errorf("%d of 12 guesses refused, want 2: ten are answered", refused)
	}

	hester := signUp(t, addr, "hester", 80, 24, "")
	id := hostRoom(t, hester)
	guest := signUp(t, addr, "guest", 80, 24, "join "+id)
	guest.term.WaitFor(t, "Too many look-ups found nothing: wait a minute and try again.")
}

// N6: one account in one game at a time. mallory sits in two waiting rooms
// (`join A`, then `join B`, from one key): allowed. A starts; B's host
// fills B and presses s, and is told mallory plays elsewhere; a third
// `join B` is refused, and a reconnect takes mallory to A's game.
func TestN6_OneGameAtATime(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	ann, bob := signUp(t, addr, "ann", 80, 24, ""), signUp(t, addr, "bob", 120, 40, "")
	a, b := hostRoom(t, ann), hostRoom(t, bob)

	mallory := signUp(t, addr, "mallory", 120, 40, "join "+a)
	ann.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")
	mallory.term = sshtest.OpenCommand(t, addr, mallory.key, 120, 40, "join "+b)
	bob.term.WaitFor(t, "Waiting for players: 2 of 4 seats taken.")

	fillWithBots(t, ann, 2) // A starts
	for taken := 2; taken < 4; taken++ {
		bob.term.Type("b")
		bob.term.WaitFor(t, "Add a bot: which level?")
		bob.term.Type("1")
	}
	bob.term.WaitFor(t, "Waiting for players: 4 of 4 seats taken.")
	bob.term.Type("s")
	bob.term.WaitFor(t, "One game at a time: mallory plays in room "+a+" until its game ends.")

	again := sshtest.OpenCommand(t, addr, mallory.key, 120, 40, "join "+b)
	again.WaitFor(t, "Room "+b+": one game at a time: you play in room "+a+" until its game ends")
	back := sshtest.Open(t, addr, mallory.key, 120, 40)
	back.WaitFor(t, "room "+a)
	back.WaitFor(t, "Your tiles")
}
