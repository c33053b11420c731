package holiday

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// shortRecord is a record's header with a short deck: ann holds Alps-1–8,
// USA-1 and Exchange, bob Cities-1–4, and nothing is left to turn up.
const shortRecord = `hotels-record 1
game holiday
seat ann
seat bob
deck Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6 Alps-7 Alps-8 USA-1 Exchange
deck Cities-1 Cities-2 Cities-3 Cities-4
`

func TestRecordLines(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		line       int    // 0: the record is good
		why        string // in the error
	}{
		{"a good game so far", "ann take Alps Alps\nann card Alps-1\ncheck hand ann 9 bob 4\ncheck shares ann Alps 2 USA 0\ncheck bank Alps 18\n", 0, ""},
		{"not the seat due", "bob take Alps Alps\n", 7, "not your decision"},
		{"no such seat", "carol take Alps Alps\n", 7, `"carol" is not a seat`},
		{"a check that fails", "ann take Alps Alps\ncheck shares ann Alps 3\n", 8, "Alps is 2, not 3"},
		{"a check of a company that is none", "check value Moon 0\n", 7, "no company"},
		{"a result before the end", "result ann 0 bob 0\n", 7, "the game is not over"},
		{"a header line in the body", "ann take Alps Alps\nseat carol\n", 8, "the header comes first"},
		{"a card that is none", "ann take Alps Alps\nann card Alps-21\n", 8, "numbered 1 to 20"},
		{"an unknown verb", "ann buy Alps\n", 7, "unknown action"},
		// D1: a forced step may be written, even after a check line has
		// looked past it.
		{"a forced step written out", "ann take Alps Alps\nann card Alps-1\nann card Alps-2\n" +
			"bob take Cities Cities\nbob card Cities-1\nbob card Cities-2\n" +
			"ann take Alps Alps\nann card Alps-3\nann card Alps-4\n" +
			"bob take USA USA\nbob card Cities-3\nbob card Cities-4\n" +
			"ann take Alps Alps\nann card Alps-5\nann card Alps-6\n" + // ann holds 4: Alps-7, Alps-8, USA-1, Exchange
			"check hand ann 4 bob 0\nresult ann 36 bob 0\n", 0, ""},
		{"an action after the end", "ann take Alps Alps\nann card Alps-1\nann card Alps-2\n" +
			"bob take Cities Cities\nbob card Cities-1\nbob card Cities-2\n" +
			"ann take Alps Alps\nann card Alps-3\nann card Alps-4\n" +
			"bob take USA USA\nbob card Cities-3\nbob card Cities-4\n" +
			"ann take Alps Alps\nann card Alps-5\nann card Alps-6\nbob take Alps Alps\n", 22, "the game is over"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := replayText(shortRecord + tc.body)
			var le *engine.LineError
			switch {
			case tc.line == 0 && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.line == 0:
			case !errors.As(err, &le) || le.Line != tc.line || !strings.Contains(err.Error(), tc.why):
				t.Fatalf("error %v, want one at line %d saying %q", err, tc.line, tc.why)
			}
		})
	}
}

// TestForcedStepAfterCheck writes a forced final-round pass after a check
// line that saw it done: both ways of writing it replay (D1).
func TestForcedStepAfterCheck(t *testing.T) {
	for _, lines := range []string{
		"bob card Cities-1\ncheck hand ann 1\nresult ann 10 bob 0",
		"bob card Cities-1\ncheck hand ann 1\nann pass\nresult ann 10 bob 0",
	} {
		rp := &Replay{Game: position(t, `
seats ann bob
hand ann Exchange
hand bob Cities-1
coup ann
turn bob final`)}
		for _, line := range strings.Split(lines, "\n") {
			if err := replayLine(rp, strings.Fields(line)); err != nil {
				t.Errorf("%q: %s: %v", lines, line, err)
			}
		}
	}
}

func TestKind(t *testing.T) {
	if Kind.Name != "holiday" || Kind.Title != "Holiday AG" || Kind.MinSeats != 2 || Kind.MaxSeats != 6 || len(Kind.Rules) != 0 || len(Kind.Options) != 0 || Kind.Unit != engine.Points {
		t.Errorf("Kind = %+v", Kind)
	}
	if _, _, err := Kind.Deal("modern", nil, []string{"a", "b"}, 1); err == nil {
		t.Error("Deal accepted a rule set")
	}
	if _, _, err := Kind.Deal("", []string{"x=y"}, []string{"a", "b"}, 1); err == nil {
		t.Error("Deal accepted an option")
	}
	g, header, err := Kind.Deal("", nil, []string{"ann", "bob", "cat"}, 42)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for range 20 {
		seat, _ := g.ToMove()
		a := g.Legal(seat)[0]
		lines = append(lines, engine.JoinLine(g.Seats(), seat, a.String()))
		if err := g.Apply(seat, a); err != nil {
			t.Fatal(err)
		}
	}
	r, err := Kind.Resume(header, lines)
	if err != nil {
		t.Fatal(err)
	}
	a, b := *g.(*Game), *r.(*Game)
	a.events, a.nEvents, b.events, b.nEvents = [maxEvents]Event{}, 0, [maxEvents]Event{}, 0
	if a != b {
		t.Error("Resume from the header and lines gives another game")
	}
	if d, _, _ := Kind.Deal("", nil, []string{"ann", "bob", "cat"}, 42); d.(*Game).deck != g.(*Game).deck {
		t.Error("Deal from the same seed shuffles another deck")
	}
}

// TestRecords replays our own records in testdata/records: each is good
// and played to the end.
func TestRecords(t *testing.T) {
	files, err := filepath.Glob("testdata/records/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no records: %v", err)
	}
	for _, name := range files {
		text, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		rp, err := replayText(string(text))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if !rp.Game.Over() {
			t.Errorf("%s: not over: %s", name, rp.Game.Due())
		}
	}
}
