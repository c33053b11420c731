package layout_test

import (
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"hotels/internal/tui/layout"
)

func TestFit(t *testing.T) {
	bold := lipgloss.NewStyle().Bold(true)
	for _, c := range []struct {
		in   string
		w    int
		want string
	}{
		{"abc", 5, "abc  "},
		{"abcdef", 4, "abc…"},
		{"·ab", 4, "·ab "},
		{"", 2, "  "},
		{"abc", 0, ""},
		{bold.Render("ab"), 3, bold.Render("ab") + " "},
	} {
		if got := layout.Fit(c.in, c.w); got != c.want {
			t.Errorf("Fit(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
}

// Pad keeps one line an element, dropping or adding lines to reach n; an
// element of several lines counts as several.
func TestPad(t *testing.T) {
	for _, c := range []struct {
		in   []string
		n    int
		want []string
	}{
		{[]string{"a", "b"}, 3, []string{"a", "b", ""}},
		{[]string{"a", "b", "c"}, 2, []string{"a", "b"}},
		{nil, 2, []string{"", ""}},
		{[]string{"a\nb", "c"}, 4, []string{"a", "b", "c", ""}},
		{[]string{"a\nb", "c"}, 2, []string{"a", "b"}},
	} {
		if got := layout.Pad(c.in, c.n); !slices.Equal(got, c.want) {
			t.Errorf("Pad(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}

func TestBeside(t *testing.T) {
	got := layout.Beside([]string{"ab", "c"}, []string{"xyz", "1", "22"}, 3, 1, 2)
	want := []string{"ab  x…", "c   1", "    22"}
	if !slices.Equal(got, want) {
		t.Errorf("Beside = %q, want %q", got, want)
	}
}

// A Memo gives what Beside and Screen give (its Lines joined), call after call, whichever lines
// change between calls.
func TestMemo(t *testing.T) {
	var m layout.Memo
	bold := lipgloss.NewStyle().Bold(true)
	calls := []struct {
		left, right []string
		w, h        int
	}{
		{[]string{"ab", "c"}, []string{"xyz", "1"}, 10, 3},
		{[]string{"ab", "c"}, []string{"xyz", "1"}, 10, 3},
		{[]string{"ab", "d"}, []string{"xyz", "1"}, 10, 3},
		{[]string{"ab", "d"}, []string{bold.Render("xyz"), "1"}, 10, 3},
		{[]string{"ab", "d"}, []string{bold.Render("xyz"), "1"}, 5, 3},
		{[]string{"ab", "d", "e"}, []string{"xyzzy"}, 5, 2},
		{[]string{"ab", "d\ne"}, []string{"xyzzy"}, 5, 2},
		{[]string{"ab", "d\ne"}, []string{"xyzzy"}, 4, 2},
		{[]string{"ab", "d", "e"}, []string{"xyzzy", "2"}, 4, 2},
		{[]string{"ab", "d", "e"}, []string{"xyzzy", "2"}, 4, 2},
		{nil, nil, 4, 1},
		{nil, nil, 6, 1},
		{[]string{"ab"}, nil, 6, 1},
	}
	for i, c := range calls {
		lw := c.w - 2 // and another width of the left column with each of Lines'
		got := m.Beside(0, c.left, c.right, lw, 1, 4)
		want := layout.Beside(c.left, c.right, lw, 1, 4)
		if !slices.Equal(got, want) {
			t.Errorf("call %d: Beside = %q, want %q", i, got, want)
		}
		lines := append(want, "a line of some length")
		if got, want := screen(m.Lines(slices.Clone(lines), c.w, c.h)), layout.Screen(slices.Clone(lines), c.w, c.h); got != want {
			t.Errorf("call %d: Lines = %q, want %q", i, got, want)
		}
	}
}

// AppendMeasured sets the columns as Beside does, taking the left lines'
// widths as given where it is given them: a line given as wide as it is
// comes out as Beside sets it, whichever lines change between calls, and
// one given as wider than it is, which measuring would see, is padded as
// given.
func TestAppendMeasured(t *testing.T) {
	var c layout.Columns
	bold := lipgloss.NewStyle().Bold(true)
	calls := []struct {
		left  []string
		lws   []int
		right []string
	}{
		{[]string{bold.Render("ab"), "c"}, []int{2, 1}, []string{"xyz", "1"}},
		{[]string{bold.Render("ab"), "cd"}, []int{2, 2}, []string{"xyz", "1"}},
		{[]string{bold.Render("ab"), "cd", "e"}, []int{2, 2}, []string{"xyz", "2"}}, // the last measured
		{[]string{"ab", "cd\ne"}, []int{2, 2}, []string{"xyz"}},                     // two lines in one: measured
	}
	for i, call := range calls {
		got := c.AppendMeasured(nil, call.left, call.lws, call.right, 3, 1, 2)
		if want := layout.Beside(call.left, call.right, 3, 1, 2); !slices.Equal(got, want) {
			t.Errorf("call %d: AppendMeasured = %q, want %q", i, got, want)
		}
	}
	if got := c.AppendMeasured(nil, []string{"a"}, []int{2}, []string{"z"}, 3, 1, 2); got[0] != "a  z" {
		t.Errorf("a line given as two cells wide: %q, want %q", got[0], "a  z")
	}
}

// Memo.Lines leaves unmeasured only the lines Beside set in columns that
// fit its width: the same lines on a narrower screen are cut.
func TestMemoScreenCutsBesideLines(t *testing.T) {
	var m layout.Memo
	left, right := []string{"abcdef", "ab"}, []string{"uvwxyz", "1234567"}
	for _, w := range []int{12, 12, 9, 12, 5} {
		lines := m.Beside(0, left, right, 6, 1, 5) // 12 cells in all
		if got, want := screen(m.Lines(slices.Clone(lines), w, 5)), layout.Screen(slices.Clone(lines), w, 5); got != want {
			t.Errorf("at %d cells: Lines = %q, want %q", w, got, want)
		}
	}
}

// Memo.Lines gives the right screen when a line changes and changes back,
// as an idle key's words come and go, whichever the width.
func TestMemoScreenBefore(t *testing.T) {
	var m layout.Memo
	idle, said := []string{"board", "", "help"}, []string{"board", "z does nothing here", "help"}
	for i, c := range []struct {
		lines []string
		w     int
	}{{idle, 20}, {said, 20}, {idle, 20}, {said, 20}, {said, 20}, {idle, 20}, {idle, 8}, {said, 8}, {idle, 8}, {said, 20}, {said[:2], 20}, {said, 20}} {
		if got, want := screen(m.Lines(slices.Clone(c.lines), c.w, 5)), layout.Screen(slices.Clone(c.lines), c.w, 5); got != want {
			t.Errorf("call %d: Lines = %q, want %q", i, got, want)
		}
	}
}

// Memo.Lines leaves unmeasured the lines that an embedded Memo's Beside
// set in columns that fit its width, and cuts them on a narrower screen.
func TestMemoScreenEmbedded(t *testing.T) {
	var outer, inner layout.Memo
	outer.Embed(&inner)
	left, right := []string{"abcdef", "ab"}, []string{"uvwxyz", "1234567"}
	for _, w := range []int{12, 12, 9, 12, 5} {
		lines := append(inner.Beside(1, left, right, 6, 1, 5), "a line of some length") // 12 cells in all
		if got, want := screen(outer.Lines(slices.Clone(lines), w, 5)), layout.Screen(slices.Clone(lines), w, 5); got != want {
			t.Errorf("at %d cells: Lines = %q, want %q", w, got, want)
		}
	}
}

// screen joins a Memo's lines as layout.Screen does.
func screen(lines []string) string { return strings.Join(lines, "\n") }

// The lines Memo.Lines returns are never changed by a later call: a
// session's renderer keeps them as its last frame while the next is drawn,
// and watchers share them.
func TestMemoLinesKept(t *testing.T) {
	var m layout.Memo
	idle, said := []string{"board", "", "help"}, []string{"board", "z does nothing here", "help"}
	moved := []string{"board moved", "", "help"}
	var got, kept [][]string
	for _, c := range []struct {
		lines []string
		w     int
	}{{idle, 20}, {said, 20}, {idle, 20}, {moved, 20}, {said, 20}, {said, 8}, {idle, 8}, {moved, 20}, {idle, 20}} {
		lines := m.Lines(slices.Clone(c.lines), c.w, 5)
		got, kept = append(got, lines), append(kept, slices.Clone(lines))
	}
	for i := range got {
		if !slices.Equal(got[i], kept[i]) {
			t.Errorf("call %d's lines became %q, were %q", i, got[i], kept[i])
		}
	}
}

// A screen that comes back to the one before (an idle key's words coming
// and going), or stays as it was, is given back without a copy: no
// allocation (room.BenchmarkIdleKey).
func TestMemoLinesBeforeAllocatesNothing(t *testing.T) {
	var m layout.Memo
	idle, said := []string{"board", "", "help"}, []string{"board", "z does nothing here", "help"}
	m.Lines(idle, 20, 5)
	m.Lines(said, 20, 5)
	i := 0
	if n := testing.AllocsPerRun(100, func() {
		i++
		lines := idle
		if i%2 == 0 {
			lines = said
		}
		m.Lines(lines, 20, 5)
		m.Lines(lines, 20, 5) // the same screen again
	}); n != 0 {
		t.Errorf("%.1f allocations a screen, want none", n)
	}
}

// TestKept draws the lines again only for another key.
func TestKept(t *testing.T) {
	var k layout.Kept[int]
	draws := 0
	draw := func() []string { draws++; return []string{"a"} }
	for _, key := range []int{0, 0, 1, 1, 0} {
		k.Lines(key, draw)
	}
	if draws != 3 {
		t.Errorf("drawn %d times for keys 0 0 1 1 0, want 3", draws)
	}
	if k.Key() != 0 {
		t.Errorf("key %d, want the last, 0", k.Key())
	}
}
