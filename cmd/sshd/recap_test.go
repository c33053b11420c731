package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// recapItem is one item of the recap as drawn: " • bot1 plays 4G; buys 1
// Tower for $400".
var recapItem = regexp.MustCompile(`^ • (\S+) (.*)$`)

// alice plays against three bots on a 120×40 terminal. Each time her turn
// comes back, the recaps on her screen since her tile (at her turn, and at
// a merger's question about her shares on a bot's turn, which recaps up to
// it) name every tile the bots played (the tiles new on the board but
// hers) and every bot's buy, with nothing left out.
func TestRecapShowsEveryBotMove(t *testing.T) {
	t.Parallel()
	addr := startHotels(t)
	alice := soloGame(t, addr, "alice", 120, 40)
	g := alice.waitTurn(t)
	checked := 0 // the bots' tiles found in the recaps
	for turn := 1; turn <= 4; turn++ {
		before := g
		alice.recap = ""
		alice.step(t) // her tile; waitTurn answers the rest of her turn
		g = alice.waitTurn(t)
		recap := alice.recap
		if recap == "" {
			t.Fatalf("turn %d: alice's turn came back with no recap:\n%s", turn, alice.term.Screen())
		}
		if strings.Contains(recap, "not shown") {
			t.Fatalf("turn %d: the recap leaves events out at 120×40:\n%s", turn, recap)
		}
		bought := map[string]bool{}
		var items []string
		for _, l := range strings.Split(recap, "\n") {
			if m := recapItem.FindStringSubmatch(l); m != nil {
				items = append(items, l)
				if strings.Contains(m[2], "buys") {
					bought[m[1]] = true
				}
			}
		}
		for _, bot := range []string{"bot1", "bot2", "bot3"} {
			if !bought[bot] {
				t.Errorf("turn %d: the recap does not say what %s bought:\n%s", turn, bot, strings.Join(items, "\n"))
			}
		}
		mine := before.rackNames()
		for _, tile := range placed(before.board, g.board) {
			if strings.Contains(" "+mine+" ", " "+tile+" ") {
				continue // alice's own
			}
			checked++
			if !strings.Contains(strings.Join(items, "\n"), "plays "+tile) {
				t.Errorf("turn %d: %s is new on the board, but the recap does not say who played it:\n%s", turn, tile, strings.Join(items, "\n"))
			}
		}
	}
	if checked < 6 {
		t.Errorf("in four rounds the bots played %d tiles that the board shows: the board was not read", checked)
	}
}

// placed lists the tiles on board after that were not on it before, both
// as readGame reads them.
func placed(before, after []string) []string {
	var out []string
	for r := range min(len(before), len(after)) {
		b, a := []rune(before[r]), []rune(after[r])
		for c := range 12 {
			i := 2 + 3*c + 1 // the middle of the cell
			if i < len(a) && a[i] != '·' && a[i] != '+' && (i >= len(b) || b[i] == '·' || b[i] == '+') {
				out = append(out, fmt.Sprintf("%d%c", c+1, 'A'+r))
			}
		}
	}
	return out
}
