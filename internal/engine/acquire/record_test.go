package acquire

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// replayText replays a record given as text.
func replayText(text string) (*Replay, error) {
	rec, err := engine.ReadRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	return ReadRecord(rec)
}

func TestRecords(t *testing.T) {
	want := map[string]struct {
		over  bool
		final []int
	}{
		"short-bag.txt":      {true, []int{13600, 11200}},
		"classic-merger.txt": {false, []int{10800, 6600}},
	}
	files, err := filepath.Glob("testdata/records/*.txt")
	if err != nil || len(files) != len(want) {
		t.Fatalf("records %v, %v; want %d", files, err, len(want))
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			text, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			rp, err := replayText(string(text))
			if err != nil {
				t.Fatal(err)
			}
			g, w := rp.Game, want[filepath.Base(file)]
			if err := g.invariants(); err != nil {
				t.Error(err)
			}
			if g.Over() != w.over {
				t.Errorf("over %v, want %v: %s", g.Over(), w.over, g.Due())
			}
			cash(t, g, w.final...)
		})
	}
}

func TestRecordChecksCanFail(t *testing.T) {
	text, err := os.ReadFile("testdata/records/short-bag.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	tests := []struct {
		old, new string
		want     string
	}{
		{"result ann 13600 bob 11200", "result ann 13700 bob 11200", "ann has 13600, not 13700"},
		{"check cash ann 5200 bob 5400", "check cash ann 5200 bob 5500", "bob is 5400, not 5500"},
		{"check shares ann Tower 3 Worldwide 0", "check shares ann Tower 2 Worldwide 0", "Tower is 3, not 2"},
		{"check bank Tower 21 Worldwide 23", "check bank Tower 21 Worldwide 22", "Worldwide is 23, not 22"},
		{"check size Tower 2 Worldwide 2 Sackson 2", "check size Tower 3 Worldwide 2 Sackson 2", "Tower is 2, not 3"},
		{"bob buy Tower Worldwide          # $400 + $200", "bob buy Tower Tower Tower Worldwide", "at most 3 shares"},
		{"ann play 1E", "ann play 2E", "2E is not in your rack (A9)"},
	}
	for _, tc := range tests {
		t.Run(tc.new, func(t *testing.T) {
			i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, tc.old) })
			if i < 0 {
				t.Fatalf("no line %q", tc.old)
			}
			bad := slices.Clone(lines)
			bad[i] = tc.new
			_, err := replayText(strings.Join(bad, "\n"))
			var le *engine.LineError
			if !errors.As(err, &le) || le.Line != i+1 || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("replay with line %d %q: %v, want an error at line %d with %q", i+1, tc.new, err, i+1, tc.want)
			}
		})
	}
}

func TestReadRecordErrors(t *testing.T) {
	head := "hotels-record 1\ngame acquire\n"
	seats := "seat ann\nseat bob\nbag 1A 12I 5E 6E\n"
	tests := []struct {
		name, text string
		line       int
		want       string
	}{
		{"not a record", "hotels-record 2\n", 1, "not a game record"},
		{"empty", "", 1, "empty"},
		{"no game line", "hotels-record 1\n", 1, "no `game` line"},
		{"another game", "hotels-record 1\ngame chess\nseat ann\n", 2, `game "chess"`},
		{"bad rules", head + "rules tournament\n", 3, "unknown rules"},
		{"bad option", head + "option holdings=secret\n", 3, "holdings takes open or hidden"},
		{"unknown option", head + "option speed=fast\n", 3, "unknown option"},
		{"rules after seats", head + "seat ann\nrules classic\n", 4, "out of order"},
		{"bad seat name", head + "seat Ann\n", 3, "only a-z"},
		{"seat twice", head + "seat ann\nseat ann\n", 4, "appears twice"},
		{"seven seats", head + "seat a\nseat b\nseat c\nseat d\nseat e\nseat f\nseat g\n", 9, "more than 6"},
		{"no seats", head + "bag 1A\n", 3, "no `seat` lines"},
		{"bad tile", head + "seat ann\nbag 1A 13A\n", 4, `"13A" is not a tile`},
		{"tile twice", head + "seat ann\nbag 1A 2A 1A\n", 4, "twice in the bag"},
		{"no start tile", head + "seat ann\nseat bob\nbag 1A\n", 5, "start tile"},
		{"stock of no seat", head + "rules classic\nseat ann\nbag 1A\nstock bob Luxor 1\n", 6, "not a seat"},
		{"stock beyond supply", head + "rules classic\nseat ann\nbag 1A\nstock ann Luxor 27\n", 6, "the bank has 26"},
		{"stock bad count", head + "rules classic\nseat ann\nbag 1A\nstock ann Luxor x\n", 6, "not a count"},
		{"unknown seat", head + seats + "eve play 5E\n", 6, `"eve" is neither a seat`},
		{"header after actions", head + seats + "ann play 5E\nseat cat\n", 7, "header comes first"},
		{"illegal action", head + seats + "bob play 6E\n", 6, "not your decision"},
		{"illegal with legal list", head + seats + "ann play 7E\n", 6, "legal: `play 5E` `play 6E`"},
		{"bad action", head + seats + "ann fly\n", 6, `unknown action "fly"`},
		{"result before the end", head + seats + "result ann 6000 bob 6000\n", 6, "not over"},
		{"bad check", head + seats + "check luck ann 1\n", 6, "want cash, shares, size or bank"},
		{"check of no seat", head + seats + "check cash eve 6000\n", 6, `"eve" is not a seat`},
		{"check odd pairs", head + seats + "check cash ann\n", 6, "NAME COUNT pairs"},
		{"action after the end", head + "seat ann\nbag 1A 2A\nann play 2A\nann found Tower\nann buy\nann buy\n", 8, "over"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := replayText(tc.text)
			var le *engine.LineError
			if !errors.As(err, &le) || le.Line != tc.line || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("replay: %v, want line %d: …%s…", err, tc.line, tc.want)
			}
		})
	}
}

func TestParseAction(t *testing.T) {
	good := []struct {
		rules *Rules
		in    string
		want  Action
		text  string
	}{
		{Modern, "play 6D", Action{Verb: Play, Tile: TileAt(5, 3)}, "play 6D"},
		{Modern, "PLAY d6", Action{Verb: Play, Tile: TileAt(5, 3)}, "play 6D"},
		{Modern, "found tower", Action{Verb: Found, Chain: 6}, "found Tower"},
		{Modern, "survivor Worldwide", Action{Verb: Survivor, Chain: 0}, "survivor Worldwide"},
		{Classic, "next luxor", Action{Verb: Next, Chain: 2}, "next Luxor"},
		{Modern, "dispose Tower sell 2 trade 4", Action{Verb: Dispose, Chain: 6, Sell: 2, Trade: 4}, "dispose Tower sell 2 trade 4"},
		{Modern, "dispose Tower trade 4 sell 2", Action{Verb: Dispose, Chain: 6, Sell: 2, Trade: 4}, "dispose Tower sell 2 trade 4"},
		{Modern, "dispose Tower TRADE 0", Action{Verb: Dispose, Chain: 6}, "dispose Tower"},
		{Modern, "dispose tower", Action{Verb: Dispose, Chain: 6}, "dispose Tower"},
		{Modern, "buy", Action{Verb: Buy}, "buy"},
		{Modern, "buy tower Tower worldwide", Action{Verb: Buy, N: 3, Buys: [3]Chain{6, 6, 0}}, "buy Tower Tower Worldwide"},
		{Modern, "\tend ", Action{Verb: End}, "end"},
	}
	for _, tc := range good {
		t.Run(tc.in, func(t *testing.T) {
			a, err := tc.rules.ParseAction(tc.in)
			if a != tc.want || err != nil {
				t.Fatalf("ParseAction(%q) = %+v, %v, want %+v", tc.in, a, err, tc.want)
			}
			if got := a.Text(tc.rules); got != tc.text {
				t.Errorf("Text() = %q, want %q", got, tc.text)
			}
			if b, err := tc.rules.ParseAction(a.Text(tc.rules)); b != a || err != nil {
				t.Errorf("ParseAction(Text()) = %+v, %v", b, err)
			}
		})
	}
	bad := []string{
		"", "skip", "fly", "play", "play 13A", "play 6D 7D", "found", "found Luxor", "found Tower Tower",
		"survivor", "next", "dispose", "dispose Tower sell", "dispose Tower sell -1", "dispose Tower sell x",
		"dispose Tower keep 2", "dispose Tower sell 100", "dispose Tower sell 2 4",
		"dispose Tower trade 99 trade 99 trade 60", // 258 is not 2
		"dispose Tower sell 60 sell 60",
		"buy Tower Tower Tower Tower", "buy Luxor", "end now",
	}
	for _, in := range bad {
		t.Run("bad "+in, func(t *testing.T) {
			if a, err := Modern.ParseAction(in); err == nil {
				t.Errorf("ParseAction(%q) = %+v, want an error", in, a)
			}
		})
	}
}

// TestRecordRoundTrip plays random games, writes each as a record (its
// Setup's header and one line per decision) and replays it: the game
// reached must be the same, field for field.
func TestRecordRoundTrip(t *testing.T) {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}
	for _, r := range RuleSets {
		for _, opts := range []Options{{}, {Holdings: HoldingsHidden}, {Hand: HandRedraw}} {
			if opts.Hand == HandRedraw && !r.Redraw {
				continue
			}
			for seed := range uint64(6) {
				rng := rand.New(rand.NewPCG(seed, 11))
				s := Deal(r, opts, names[:1+seed%6], rng)
				g, err := New(s)
				if err != nil {
					t.Fatal(err)
				}
				lines := randomGame(t, g, rng, 1000)
				var buf bytes.Buffer
				if err := engine.WriteRecord(&buf, s.Header(), lines); err != nil {
					t.Fatal(err)
				}
				rp, err := replayText(buf.String())
				if err != nil {
					t.Fatalf("%s seed %d: %v\n%s", r.Key, seed, err, buf.String())
				}
				if d := sameGame(g, rp.Game); d != "" {
					t.Errorf("%s %v seed %d: replayed game differs: %s", r.Key, opts.List(), seed, d)
				}
				if rp.Lines != len(lines) {
					t.Errorf("replayed %d lines, wrote %d", rp.Lines, len(lines))
				}
			}
		}
	}
}

// randomGame plays up to max random decisions and returns them as record
// lines, checking the invariants after each.
func randomGame(t testing.TB, g *Game, rng *rand.Rand, max int) []string {
	var lines []string
	for range max {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		a, _ := g.RandomAction(int(seat), rng)
		lines = append(lines, g.Line(int(seat), a))
		if err := g.Do(int(seat), a); err != nil {
			t.Fatalf("%s: %v", lines[len(lines)-1], err)
		}
		if err := g.invariants(); err != nil {
			t.Fatalf("after %s: %v\n%s", lines[len(lines)-1], err, g)
		}
	}
	return lines
}

// sameGame says how two games differ, events aside; "" if they do not.
func sameGame(a, b *Game) string {
	x, y := *a, *b
	x.events, x.nEvents, y.events, y.nEvents = [maxEvents]Event{}, 0, [maxEvents]Event{}, 0
	if x == y {
		return ""
	}
	switch {
	case x.Board() != y.Board():
		return "board:\n" + x.String() + "\n" + y.String()
	case x.cash != y.cash:
		return "cash"
	case x.shares != y.shares || x.bank != y.bank:
		return "shares"
	case x.phase != y.phase || x.toMove != y.toMove:
		return "phase " + x.Due() + " / " + y.Due()
	}
	return "state"
}
