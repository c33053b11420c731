package tycoon

import (
	"strings"
	"testing"

	"hotels/internal/engine"
)

func TestT28_Options(t *testing.T) {
	cases := []struct {
		kv, key, value string
	}{
		{"h=free", "h", "free"},
		{"landbuy=half", "landbuy", "half"},
		{"six=again", "six", "again"},
		{"deeds=european", "deeds", "european"},
		{"permit=GRD", "permit", "GRD"},
		{"permit=gggrhd", "permit", DefaultDie},
		{"claim=manual", "claim", "manual"},
		{"rounds=25", "rounds", "25"},
		{"ROUNDS=0", "rounds", "0"},
	}
	for _, c := range cases {
		var o Options
		if err := o.Set(c.kv); err != nil {
			t.Errorf("Set(%q): %v", c.kv, err)
			continue
		}
		if got := o.Value(c.key); got != c.value {
			t.Errorf("Set(%q): %s=%s, want %s", c.kv, c.key, got, c.value)
		}
	}
	for _, bad := range []string{"h=quarter", "colour=red", "permit=", "permit=GGGGGGGGGGGGG", "permit=GXR", "rounds=-1", "rounds=x", "six"} {
		var o Options
		if err := o.Set(bad); err == nil {
			t.Errorf("Set(%q) accepted", bad)
		}
	}
	// Every key of T28 is offered with its default first.
	for i, opt := range Kind.Options {
		if opt.Key != Keys[i] || opt.Values[0] != (&Options{}).Value(opt.Key) || opt.Help == "" {
			t.Errorf("Kind.Options[%d] = %+v", i, opt)
		}
	}
}

func TestT28_ClaimManual(t *testing.T) {
	pos := "seats ann bob\noption claim=manual\nowner Royal bob\nbuilt Royal 3\nentrances Royal 20\nat ann 17\nturn ann"
	g := position(t, pos)
	play(t, g, "roll 3")
	if seat, _ := g.ToMove(); seat != 1 || legal(g, 1) != "claim, pass" {
		t.Fatalf("%s: want bob to claim or pass", g.Due())
	}
	play(t, g, "bob pass") // free: no nights rolled
	if g.phase != PhaseSpace || g.cash[0] != StartCash2 {
		t.Errorf("unclaimed: %s, cash %d", g.Due(), g.cash[0])
	}
	g = position(t, pos)
	play(t, g, "roll 3", "bob claim", "roll 4")
	if g.cash[1] != StartCash2+1400 {
		t.Errorf("claimed: bob's cash %d", g.cash[1])
	}
}

func TestD1_LineOrderAndStart(t *testing.T) {
	// A throw where a decision is due, and a decision where a throw is due.
	g := position(t, "seats ann bob\nowner Boomerang ann\nat ann 0\nturn ann")
	refused(t, g, "ann pass", "D1")
	play(t, g, "roll 1")
	refused(t, g, "roll 3", "D1")
	play(t, g, "ann build Boomerang 1")
	refused(t, g, "ann pass", "D1") // the permission die is due
	play(t, g, "permit double")
	refused(t, g, "permit green", "D1")
	play(t, g, "ann pay")
	// Start has no decision: a car stopping there moves the turn on.
	g = position(t, "seats ann bob\nat ann 29 bob 5\nturn ann")
	play(t, g, "roll 2")
	if g.at[0] != 0 || g.turn != 1 {
		t.Errorf("stopped on Start: at %d, %s", g.at[0], g.Due())
	}
	refused(t, g, "ann pass", "D1")
}

func TestD2_OutCarsBlockNothing(t *testing.T) {
	g := position(t, "seats ann bob cat\nat ann 2 bob out\nturn ann")
	g.at[1] = -1
	play(t, g, "roll 3")
	if g.at[0] != 5 {
		t.Errorf("ann at %d, want 5: an out car blocks nothing", g.at[0])
	}
	// The Bank pays in a 4-seat game while 3 are in, judged at the crossing.
	g = position(t, "seats ann bob cat dan\nat ann 6 dan out\nturn ann")
	play(t, g, "roll 3")
	if g.cash[0] != StartCash34+BankIncome {
		t.Errorf("3 of 4 left: cash %d, want the income", g.cash[0])
	}
}

func TestD3_ForcedSteps(t *testing.T) {
	// A Buy space with nothing affordable passes by itself; the record may
	// write it all the same, but a line legal now is read as now.
	rec := `hotels-record 1
game tycoon
seat ann
seat bob
roll 2
ann pass        # Buy space 2: ann passes
roll 3          # bob on 3: Build, nothing to build: forced
bob pass        # the forced pass, written: accepted
check at ann 2 bob 3
`
	g := replay(t, rec)
	if g.turn != 0 || g.phase != PhaseRoll {
		t.Errorf("%s, want ann to roll", g.Due())
	}
	// Written twice, it is refused at that line.
	_, err := replayErr(rec + "bob pass\n")
	if le, ok := err.(*engine.LineError); !ok || le.Line != 10 {
		t.Errorf("a forced step written twice: %v, want an error at line 10", err)
	}
}

func TestD4_AuctionDetails(t *testing.T) {
	// landbuy=half: the first bid is still the full land price; the
	// creditor bids like anyone; the highest bidder is not asked again.
	g := position(t, "seats ann bob cat\noption landbuy=half\nowner Royal ann Safari bob Waikiki bob\nbuilt Royal 5 Safari 1\nentrances Royal 20\nentrances Safari 26\ncash bob 100\nat bob 17\nturn bob")
	play(t, g, "roll 3", "roll 6", "bob auction Safari")
	refused(t, g, "cat bid 1000", "D4")
	play(t, g, "cat bid 2000", "ann bid 2050")
	if seat, _ := g.ToMove(); seat != 2 {
		t.Fatalf("%s: want cat asked again", g.Due())
	}
	play(t, g, "cat pass")
	if g.owner[Safari] != 0 || g.entrance[26] != Safari {
		t.Fatalf("Safari: owner %d; its entrance goes with it", g.owner[Safari])
	}
	// bob got $2,050 and still owes: his last complex, the Waikiki, is
	// auctioned (forced); no bid.
	play(t, g, "cat pass", "ann pass")
	if g.owner[Waikiki] != -1 {
		t.Errorf("Waikiki owner %d after no bid", g.owner[Waikiki])
	}
	if !strings.Contains(logged(g), "the bank pays bob $2,500") {
		t.Errorf("log %q: want the full land price", logged(g))
	}
}

func TestD5_TownHallSet(t *testing.T) {
	pos := "seats ann bob\nowner Safari ann Royal ann Waikiki bob\nbuilt Safari 1 Royal 1 Waikiki 1\nentrances Royal 20\nentrances Waikiki 16\nat ann 24\nturn ann"
	g := position(t, pos)
	play(t, g, "roll 3", "ann pass")
	refused(t, g, "ann entrance Safari 26 Safari 27", "D5")
	refused(t, g, "ann entrance Royal 11 Safari 11", "T6")
	refused(t, g, "ann entrance Safari 27", "T18")
	refused(t, g, "ann entrance Waikiki 17", "T20")
	g.cash[0] = 350
	refused(t, g, "ann entrance Safari 26 Royal 11", "D5")
	play(t, g, "ann entrance Safari 26")
}

func TestD6_GoingOutEndsTheTurn(t *testing.T) {
	// six=again: bob rolled a 6 and goes out on the stay: no extra turn.
	g := position(t, "seats ann bob cat\noption six=again\nowner Royal ann\nbuilt Royal 5\nentrances Royal 20\ncash bob 100\nat bob 14\nturn bob")
	play(t, g, "roll 6", "roll 6")
	if g.in(1) || g.turn != 2 {
		t.Errorf("bob in %v, %s: want bob out and cat's turn", g.in(1), g.Due())
	}
	// Paying the whole of one's cash with no property is going out too.
	g = position(t, "seats ann bob cat\nowner Royal ann\nbuilt Royal 1\nentrances Royal 20\ncash bob 300\nat bob 17\nturn bob")
	play(t, g, "roll 3", "roll 2")
	if g.in(1) || g.cash[1] != 0 {
		t.Errorf("bob in %v with %d: want out", g.in(1), g.cash[1])
	}
}

func TestD7_SixAgain(t *testing.T) {
	g := position(t, "seats ann bob\noption six=again\nat ann 20\nturn ann")
	play(t, g, "roll 6") // 26: nothing to do; again
	if g.turn != 0 || g.phase != PhaseRoll {
		t.Fatalf("%s, want ann again", g.Due())
	}
	play(t, g, "roll 6") // again, chained
	if g.turn != 0 {
		t.Fatalf("%s, want ann again", g.Due())
	}
	play(t, g, "roll 2")
	if g.turn != 1 {
		t.Errorf("%s, want bob", g.Due())
	}
	// A nights roll of 6 does not count.
	g = position(t, "seats ann bob\noption six=again\nowner Royal bob\nbuilt Royal 1\nentrances Royal 20\nat ann 17\nturn ann")
	play(t, g, "roll 3", "roll 6")
	if g.phase == PhaseSpace {
		play(t, g, "ann pass")
	}
	if g.turn != 1 {
		t.Errorf("%s, want bob after a nights roll of 6", g.Due())
	}
}

func TestD8_RoundsEndOnWorth(t *testing.T) {
	g := position(t, "seats ann bob cat\noption rounds=1\nat ann 20 bob 21 cat 22\ncash cat 11000")
	// Every move lands where there is nothing to decide.
	play(t, g, "roll 6", "roll 5")
	if g.Over() {
		t.Fatal("over before cat played")
	}
	play(t, g, "roll 2")
	if !g.Over() {
		t.Fatalf("%s, want the game over after 1 round", g.Due())
	}
	st := g.Standings()
	if st[0].Place != 1 || st[1].Place != 1 || st[2].Place != 3 || st[2].Name != "cat" || st[0].Score != StartCash34 {
		t.Errorf("standings %+v: want ann and bob sharing first", st)
	}
	// The room shows Due as it is, so it says the whole sentence once.
	if want := "the game is over after 1 round: the best worth, ann and bob"; g.Due() != want {
		t.Errorf("Due() = %q, want %q", g.Due(), want)
	}
}

func TestD9_Header(t *testing.T) {
	cases := []struct {
		name, rec string
		line      int
	}{
		{"option after seat", "option six=again\nseat ann\noption h=free\nseat bob\n", 5},
		{"unknown key", "option colour=red\nseat ann\nseat bob\n", 3},
		{"unknown value", "option h=half six=twice\nseat ann\nseat bob\n", 3},
		{"key again, other value", "option h=free\noption h=half\nseat ann\nseat bob\n", 4},
		{"roll is no name", "seat ann\nseat roll\n", 4},
	}
	for _, c := range cases {
		_, err := replayErr("hotels-record 1\ngame tycoon\n" + c.rec)
		if le, ok := err.(*engine.LineError); !ok || le.Line != c.line {
			t.Errorf("%s: %v, want an error at line %d", c.name, err, c.line)
		}
	}
	// The same value again is fine; several pairs share a line.
	g := replay(t, "hotels-record 1\ngame tycoon\noption h=free six=again\noption h=FREE\nseat ann\nseat bob\n")
	if !g.opts.HFree || !g.opts.SixAgain {
		t.Errorf("options %+v", g.opts)
	}
	// check entrances is the exact set; `bank` in check owner is the bank.
	rec := "hotels-record 1\ngame tycoon\nseat ann\nseat bob\ncheck entrances Royal\ncheck owner Royal bank\n"
	replay(t, rec)
	if _, err := replayErr(rec + "check entrances Royal 20\n"); err == nil {
		t.Error("check entrances Royal 20 passed with no entrance")
	}
}

func replay(t *testing.T, text string) *Game {
	t.Helper()
	g, err := replayErr(text)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func replayErr(text string) (*Game, error) {
	rec, err := engine.ReadRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	rp, err := ReadRecord(rec)
	if err != nil {
		return nil, err
	}
	return rp.Game, nil
}
