package main

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/sshtest"
	"hotels/internal/tui/acquire/board"
)

// This file is the player the end-to-end tests put at each terminal: it
// reads the game from the screen, as a person does, and answers with keys.

// gameScreen is what a seated player's game screen says.
type gameScreen struct {
	board    []string // rows A–I as drawn, the chosen tile's [+] drawn as +
	rack     []rackTile
	decision string // the first line of the player's decision due, or ""
	choices  string // the line under a choice among chains
	declare  bool   // the buy line offers e to end the game
	over     bool   // the final standings are shown
}

// rackTile is one line of "Your tiles".
type rackTile struct {
	name string // "7D"
	what string // "grows Tower", "unplayable for now"
}

func (rt rackTile) playable() bool {
	return !strings.HasPrefix(rt.what, "unplayable") && !strings.HasPrefix(rt.what, "dead")
}

// The first line of each decision the game screen asks of the player.
var (
	decidePlay     = regexp.MustCompile(`^Your turn: play a tile\.`)
	decideChoice   = regexp.MustCompile(`^(Your tile \S+ founds a chain: name it|The largest merging chains tie: choose the survivor|Defunct chains tie: choose the one resolved next) by its letter\.`)
	decideDispose  = regexp.MustCompile(`^\S+ survives: dispose of your \d+ \S+ shares? `)
	decideBuy      = regexp.MustCompile(`^(Your turn: buy up to \d shares?|You declared the end: buy your last shares)[.;]`)
	rackLine       = regexp.MustCompile(`^(?:> |  )(\d{1,2}[A-I]) +(.*)$`)
	choiceLetter   = regexp.MustCompile(`([A-Z]) ([A-Z][a-z]+)`)
	standingLine   = regexp.MustCompile(`(\d)\. (\S+)(?: \(you\))? +(\$[\d,]+)`)
	roomInHeader   = regexp.MustCompile(`· room ([a-z0-9]+)`)
	chainTableLine = regexp.MustCompile(`^ +([A-Z]) +([A-Z][a-z]+) +(-|\d+) `)
)

// readGame reads a game screen.
func readGame(screen string) gameScreen {
	var g gameScreen
	g.over = strings.Contains(screen, "Game over: final standings")
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "1  2  3  4  5  6  7  8  9 10 11 12") && len(g.board) == 0:
			for _, row := range lines[i+1 : min(len(lines), i+10)] {
				g.board = append(g.board, strings.ReplaceAll(left(row), "[+]", " + "))
			}
		case strings.HasPrefix(l, "Your tiles"):
			for _, r := range lines[i+1:] {
				m := rackLine.FindStringSubmatch(left(r))
				if m == nil {
					break
				}
				g.rack = append(g.rack, rackTile{name: m[1], what: strings.TrimSpace(m[2])})
			}
		case decidePlay.MatchString(l), decideDispose.MatchString(l):
			g.decision = l
		case decideChoice.MatchString(l), decideBuy.MatchString(l):
			g.decision = l
			if i+1 < len(lines) {
				g.choices = lines[i+1]
				g.declare = strings.Contains(l, "e ends the game.")
			}
		}
	}
	return g
}

// left is the board's columns of a line: the board, or the rack beside the
// players.
func left(line string) string {
	r := []rune(line)
	return strings.TrimRight(string(r[:min(len(r), board.Width)]), " ")
}

// state is what changes once the player's decision is made: the board,
// the rack, or the decision due. While it is the one the player answered,
// the screen has not caught up with the answer yet.
func (g gameScreen) state() string {
	var names []string
	for _, rt := range g.rack {
		names = append(names, rt.name)
	}
	return strings.Join(g.board, "\n") + "\nrack " + strings.Join(names, " ") + "\n" + g.decision
}

// rackNames is the rack's tiles, in order.
func (g gameScreen) rackNames() string {
	var names []string
	for _, rt := range g.rack {
		names = append(names, rt.name)
	}
	return strings.Join(names, " ")
}

// chains returns the chain table's letters: those on the board and those
// not.
func chains(screen string) (on, off []string) {
	for _, l := range strings.Split(screen, "\n") {
		r := []rune(l)
		if len(r) <= board.Width+1 {
			continue
		}
		m := chainTableLine.FindStringSubmatch(string(r[board.Width:]))
		if m == nil {
			continue
		}
		if m[3] == "-" {
			off = append(off, m[1])
		} else {
			on = append(on, m[1])
		}
	}
	return on, off
}

// standings returns the final standings shown: "1. alice $52,300" each.
func standings(screen string) []string {
	var out []string
	for _, l := range strings.Split(screen, "\n") {
		if m := standingLine.FindStringSubmatch(l); m != nil {
			out = append(out, m[1]+". "+m[2]+" "+m[3])
		}
	}
	return out
}

// roomID reads the room's ID from a room screen's header.
func roomID(t *testing.T, screen string) string {
	t.Helper()
	m := roomInHeader.FindStringSubmatch(screen)
	if m == nil {
		t.Fatalf("no room ID in the header:\n%s", screen)
	}
	return m[1]
}

// player is a person at a terminal.
type player struct {
	name string
	key  gossh.Signer
	term *sshtest.Terminal
	// answered is the state of the game when the player last answered a
	// decision; the player does not answer again until it changes.
	answered string
	// recap gathers the screens that showed the recap, as they came, since
	// it was last cleared: a merger can ask for the player's shares on
	// another's turn, and that decision recaps up to it, so the recap of
	// a whole round may be spread over two screens.
	recap string
	moves int // decisions answered
	turns int // tiles played
}

// signUp connects a new key to addr on a width×height terminal, running
// cmd if it is not empty, and picks name.
func signUp(t *testing.T, addr, name string, width, height int, cmd string) *player {
	t.Helper()
	p := &player{name: name, key: sshtest.NewKey(t)}
	p.term = sshtest.OpenCommand(t, addr, p.key, width, height, cmd)
	p.term.WaitFor(t, "Pick the name other players will see")
	p.term.Type(name + "\r")
	return p
}

// reconnect opens a new terminal with the player's key; the old one is
// left as it is.
func (p *player) reconnect(t *testing.T, addr string, width, height int) {
	t.Helper()
	p.term = sshtest.Open(t, addr, p.key, width, height)
	p.answered = ""
}

// game reads the player's screen.
func (p *player) game() gameScreen { return readGame(p.term.Screen()) }

// step answers the decision due on the player's screen, if there is one
// the player has not answered yet, and reports whether it did. The player
// plays the first playable tile, names the first chain offered, keeps
// shares in a merger, buys nothing, and declares the end when it may.
func (p *player) step(t *testing.T) bool {
	t.Helper()
	screen := p.term.Screen()
	if strings.Contains(screen, recapHeading) {
		screen = p.hideRecap(t)
	}
	g := readGame(screen)
	if g.decision == "" || g.over {
		return false
	}
	if g.state() == p.answered {
		// Scripted players answer as soon as the screen changes, faster
		// than the server's action limit allows (--action-rate): when told
		// so, they wait a moment and answer again, as a person would; and
		// as when the server running the room died, until another runs it.
		if !strings.Contains(screen, "You are acting too fast") && !strings.Contains(screen, "did not answer") {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
	var keys string
	switch {
	case decidePlay.MatchString(g.decision):
		for _, rt := range g.rack {
			if rt.playable() {
				keys = rt.name + "\r"
				break
			}
		}
		if keys == "" {
			t.Fatalf("%s: no playable tile, yet the turn was not skipped:\n%s", p.name, p.term.Screen())
		}
		p.turns++
	case decideChoice.MatchString(g.decision):
		m := choiceLetter.FindStringSubmatch(g.choices)
		if m == nil {
			t.Fatalf("%s: no chain offered under %q:\n%s", p.name, g.decision, p.term.Screen())
		}
		keys = m[1]
	case decideDispose.MatchString(g.decision):
		keys = "\r"
	case g.declare:
		keys = "ee" // the end is asked, then declared
	default: // buy nothing
		keys = "\r"
	}
	p.answered = g.state()
	p.moves++
	p.term.Type(keys)
	return true
}

// recapHeading heads what the others did since the player's last move,
// which the screen shows when the player's turn comes (or they come back
// on it), over the board on a small screen.
const recapHeading = "Since your last move"

// hideRecap hides the recap as a person does who has read it and wants to
// see the whole board: L opens the log, which hides it, and esc closes the
// log. It returns the screen then.
func (p *player) hideRecap(t *testing.T) string {
	t.Helper()
	p.term.Type("L")
	p.term.WaitFor(t, "Events of this game")
	p.term.Type("\x1b")
	return p.term.WaitForFunc(t, "closed the log", func(s string) bool {
		return !strings.Contains(s, "Events of this game") && !strings.Contains(s, recapHeading)
	})
}

// waitTurn waits until the player's tile is due, answering every other
// decision of theirs meanwhile, and returns that screen.
func (p *player) waitTurn(t *testing.T) gameScreen {
	t.Helper()
	for {
		var g gameScreen
		screen := p.term.WaitForFunc(t, fmt.Sprintf("showed a decision of %s's", p.name), func(s string) bool {
			g = readGame(s)
			return g.over || g.decision != "" && g.state() != p.answered
		})
		if strings.Contains(screen, recapHeading) {
			p.recap += screen + "\n"
			g = readGame(p.hideRecap(t))
		}
		if g.over {
			t.Fatalf("%s: the game ended while waiting for a turn:\n%s", p.name, p.term.Screen())
		}
		if decidePlay.MatchString(g.decision) {
			return g
		}
		p.step(t)
	}
}

// playMoves plays n of the player's turns, each from the tile to the buy,
// and returns the screen at the start of the next turn.
func (p *player) playMoves(t *testing.T, n int) gameScreen {
	t.Helper()
	for range n {
		p.waitTurn(t)
		p.step(t)
	}
	return p.waitTurn(t)
}

// playToEnd lets every player answer their decisions until each screen
// shows the final standings. It fails if no screen changes for
// sshtest.Timeout.
func playToEnd(t *testing.T, players ...*player) {
	t.Helper()
	idle := time.NewTimer(sshtest.Timeout)
	defer idle.Stop()
	cases := []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(idle.C)}}
	for _, p := range players {
		cases = append(cases, reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(p.term.Changed())})
	}
	for {
		over, acted := true, false
		for _, p := range players {
			acted = p.step(t) || acted
			over = over && p.game().over
		}
		if over {
			return
		}
		if acted {
			continue
		}
		if i, _, _ := reflect.Select(cases); i == 0 {
			var screens strings.Builder
			for _, p := range players {
				fmt.Fprintf(&screens, "\n%s:\n%s\n", p.name, p.term.Screen())
			}
			t.Fatalf("the game stalled: no screen changed for %v%s", sshtest.Timeout, screens.String())
		}
		idle.Reset(sshtest.Timeout)
	}
}
