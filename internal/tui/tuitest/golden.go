package tuitest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
)

// update is the -update flag of every screen's test binary: each imports
// tuitest once, so the flag is registered once.
var update = flag.Bool("update", false, "rewrite golden files")

// Sizes are the terminals every screen's golden files are drawn for: the
// smallest the session allows, and a roomy one.
var Sizes = [][2]int{{80, 24}, {120, 40}}

// Render writes s through colour profile p, as a session's terminal would
// receive it.
func Render(s string, p colorprofile.Profile) string {
	var b bytes.Buffer
	w := &colorprofile.Writer{Forward: &b, Profile: p}
	if _, err := w.WriteString(s); err != nil {
		panic(err)
	}
	return b.String()
}

// Plain is s as a terminal without colour receives it: text only, so a
// golden file reads in a diff.
func Plain(s string) string { return Render(s, colorprofile.NoTTY) }

// Fits checks that view fits a w×h terminal.
func Fits(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Errorf("%dx%d: the view has %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if lipgloss.Width(l) > w {
			t.Errorf("%dx%d: line %d is %d cells wide: %q", w, h, i+1, lipgloss.Width(l), l)
		}
	}
}

// RuleID matches a rule's id in parentheses, as the rules and the tests
// write them: "(A13)", "(H15, H16)", "(A22; modern only)", "(H18–H20)".
// Rule ids are for the rules, the records and the tests: no player reads
// one.
var RuleID = regexp.MustCompile(`\((?:[ACHTD]\d{1,2})(?:[;,)\s–-])`)

// NoRuleIDs fails t for each line of view, a screen as a player sees it,
// that carries a rule's id.
func NoRuleIDs(t *testing.T, view string) {
	t.Helper()
	for i, l := range strings.Split(view, "\n") {
		if RuleID.MatchString(l) {
			t.Errorf("line %d shows a player a rule's id: %q", i+1, l)
		}
	}
}

// Golden compares got with testdata/<TestName>/<name>.golden, rewriting
// the file first under -update. Every view drawn for a golden file is also
// checked to carry no rule id (NoRuleIDs).
func Golden(t *testing.T, name, got string) {
	t.Helper()
	NoRuleIDs(t, got)
	path := filepath.Join("testdata", t.Name(), name+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("view differs from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
	}
}

// GoldenSizes draws a screen at each of Sizes with view, which returns
// what a w×h terminal shows, checks that it fits with its keys' line
// whole, and compares it with testdata/<TestName>/<W>x<H>.golden.
func GoldenSizes(t *testing.T, view func(w, h int) string) {
	t.Helper()
	for _, size := range Sizes {
		w, h := size[0], size[1]
		got := view(w, h)
		Fits(t, got, w, h)
		if lines := strings.Split(got, "\n"); strings.HasSuffix(lines[len(lines)-1], "…") {
			t.Errorf("%dx%d: the keys' line is cut: %q", w, h, lines[len(lines)-1])
		}
		Golden(t, fmt.Sprintf("%dx%d", w, h), got)
	}
}
