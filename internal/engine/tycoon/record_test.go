package tycoon_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
)

// TestRecords replays our own records in testdata/records: every check and
// the result hold.
func TestRecords(t *testing.T) {
	files, _ := filepath.Glob("testdata/records/*.txt")
	if len(files) == 0 {
		t.Fatal("no records")
	}
	for _, f := range files {
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := replayText(string(text))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if _, going := g.ToMove(); going {
			t.Errorf("%s: not over: %s", f, g.Due())
		}
	}
}

// TestRecordErrorsAtTheirLine corrupts one line of a good record and
// expects the replay to stop exactly there.
func TestRecordErrorsAtTheirLine(t *testing.T) {
	text, err := os.ReadFile("testdata/records/eager-3p-0.txt")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(text), "\n")
	first := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	cases := []struct {
		name    string
		line    int
		replace string
	}{
		{"a roll out of range (T9)", first("roll "), "roll 7"},
		{"a decision where a throw is due (D1)", first("roll "), "ann pass"},
		{"a throw where a decision is due (D1)", first("ann "), "roll 3"},
		{"a face the die does not have (T28)", first("permit "), "permit h h"},
		{"a wrong check", first("check cash"), "check cash ann 1"},
		{"a result before the end", first("roll "), "result ann 0"},
		{"an unknown seat", first("roll "), "dan roll 3"},
	}
	for _, c := range cases {
		bad := append([]string(nil), lines...)
		bad[c.line] = c.replace
		_, err := replayText(strings.Join(bad, "\n"))
		var le *engine.LineError
		if !errors.As(err, &le) || le.Line != c.line+1 {
			t.Errorf("%s at line %d: %v", c.name, c.line+1, err)
		}
	}
}

func replayText(text string) (engine.Game, error) {
	rec, err := engine.ReadRecord(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	return tycoon.Kind.Replay(rec)
}
