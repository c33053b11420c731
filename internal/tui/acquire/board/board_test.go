package board_test

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/tui/acquire/board"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// Without colour the board still tells every cell apart: it reads the same
// as the engine's own picture of it (A1: columns 1–12, rows A–I).
func TestBoardReadsWithoutColour(t *testing.T) {
	for _, mark := range []string{"found", "play", "over"} {
		g := tuitest.FourSeat(t, mark).Game
		m := board.New(theme.DefaultStyles())
		m.SetGame(g.ViewFor(-1))
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		if len(lines) != board.Height {
			t.Fatalf("%s: %d lines, want %d", mark, len(lines), board.Height)
		}
		if want := "   1  2  3  4  5  6  7  8  9 10 11 12"; lines[0] != want {
			t.Errorf("%s: header %q, want %q", mark, lines[0], want)
		}
		picture := strings.Split(strings.TrimSpace(acquire.Picture(g.Board(), g.Rules())), "\n")
		for r, line := range lines[1:] {
			var got strings.Builder
			for c := range acquire.Cols {
				cell := []rune(line[2:])[c*board.CellWidth+1]
				if cell == '·' {
					cell = '.'
				}
				got.WriteRune(cell)
			}
			if got.String() != picture[r] {
				t.Errorf("%s: row %c reads %q, want %q", mark, 'A'+r, got.String(), picture[r])
			}
		}
	}
}

// The tile played last is in parentheses, and only that one; before the
// first tile is played none is.
func TestBoardMarksLastTile(t *testing.T) {
	v := tuitest.FourSeat(t, "play").View(-1) // dave played 6H last, founding Sackson
	m := board.New(theme.DefaultStyles())
	m.SetGame(v)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if got := strings.Count(strings.Join(lines, "\n"), "("); got != 1 || !strings.Contains(lines[8], "(S)") {
		t.Errorf("want (S) at 6H and no other mark:\n%s", strings.Join(lines, "\n"))
	}
	m.SetGame(tuitest.Start(t, "ann", "bob").View(-1))
	if text := ansi.Strip(m.View()); strings.Contains(text, "(") {
		t.Errorf("a new game's board marks a tile:\n%s", text)
	}
}

// The viewer's tiles are marked, the chosen one in brackets; a watcher
// sees no marks.
func TestBoardMarksRack(t *testing.T) {
	p := tuitest.FourSeat(t, "play")
	v := p.View(0)
	m := board.New(theme.DefaultStyles())
	m.SetGame(v)
	m.Select(v.Rack[1].Tile)
	text := ansi.Strip(m.View())
	if got := strings.Count(text, "+"); got != len(v.Rack) {
		t.Errorf("%d tiles marked, want the %d of the rack:\n%s", got, len(v.Rack), text)
	}
	if !strings.Contains(text, "[+]") {
		t.Errorf("chosen tile not in brackets:\n%s", text)
	}
	m.SetGame(p.View(-1))
	m.Select(acquire.NoTile)
	if text := ansi.Strip(m.View()); strings.ContainsAny(text, "+[") {
		t.Errorf("watcher's board has marks:\n%s", text)
	}
}

// The tables are kept between draws (a key redraws them with the same
// snapshot), yet follow every change of what they show: another game,
// another viewer, another width, a seat's tag.
func TestTablesFollowTheirInputs(t *testing.T) {
	fresh := func(v *acquire.View) board.Model {
		m := board.New(theme.DefaultStyles())
		m.SetGame(v)
		return m
	}
	// Each view once: a snapshot's view is one value, drawn many times.
	play, found := tuitest.FourSeat(t, "play"), tuitest.FourSeat(t, "found")
	found0, found1 := found.View(0), found.View(1)
	watchPlay, watchFound := play.View(engine.Watcher), found.View(engine.Watcher)
	m := fresh(watchPlay)
	seats := board.Seats{You: 0, Tags: []string{"", "away", "", "bot"}}
	for _, step := range []struct {
		name  string
		view  *acquire.View
		w     int
		seats board.Seats
	}{
		{"first draw", watchPlay, 40, seats},
		{"the same again", watchPlay, 40, seats},
		{"another position", watchFound, 40, seats},
		{"a seat's", play.View(0), 40, seats},
		{"another game", found0, 40, seats},
		{"another viewer", found1, 40, board.Seats{You: 1, Tags: seats.Tags}},
		{"wider", found1, 70, board.Seats{You: 1, Tags: seats.Tags}},
		{"a seat now away", found1, 70, board.Seats{You: 1, Tags: []string{"away", "away", "", "bot"}}},
		{"a clock column", found1, 70, board.Seats{You: 1, Tags: seats.Tags, Times: []string{"1:00", "2:00", "3:00", "4:00"}}},
		{"no clock column", found1, 70, board.Seats{You: 1, Tags: seats.Tags}},
	} {
		m.SetGame(step.view)
		want := fresh(step.view)
		if got, want := m.Players(step.w, step.seats), want.Players(step.w, step.seats); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: players\n%s\nwant\n%s", step.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if got, want := m.Chains(step.w, 9, step.seats), want.Chains(step.w, 9, step.seats); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: chains\n%s\nwant\n%s", step.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if got, want := m.View(), want.View(); got != want {
			t.Errorf("%s: board\n%s\nwant\n%s", step.name, got, want)
		}
	}
	// The board follows the tile chosen, the legend's line and the styles.
	dark, light := theme.DefaultStyles(), theme.New(false)
	m = board.New(dark)
	m.SetGame(found1)
	for _, step := range []struct {
		name     string
		selected acquire.Tile
		height   int
		styles   *theme.Styles
	}{
		{"none chosen", acquire.NoTile, board.Height, dark},
		{"a tile chosen", found1.Rack[0].Tile, board.Height, dark},
		{"another", found1.Rack[1].Tile, board.Height, dark},
		{"none", acquire.NoTile, board.Height, dark},
		{"the legend", acquire.NoTile, board.Height + 1, dark},
		{"light styles", acquire.NoTile, board.Height + 1, light},
	} {
		if step.styles != dark {
			m.SetStyles(step.styles)
		}
		m.Select(step.selected)
		m.SetSize(board.Width, step.height)
		want := board.New(step.styles)
		want.SetGame(found1)
		want.Select(step.selected)
		want.SetSize(board.Width, step.height)
		if got, want := m.View(), want.View(); got != want {
			t.Errorf("%s: board\n%s\nwant\n%s", step.name, got, want)
		}
	}
}

// Widths gives each line's width as measuring it does: the game screen
// sets the board beside the chains without measuring it.
func TestBoardWidths(t *testing.T) {
	p := tuitest.FourSeat(t, "play")
	for _, height := range []int{board.Height, board.Height + 1} {
		for _, v := range []*acquire.View{p.View(0), p.View(engine.Watcher), tuitest.FourSeat(t, "over").View(1)} {
			m := board.New(theme.DefaultStyles())
			m.SetGame(v)
			m.SetSize(board.Width, height)
			m.Select(v.Tile)
			lines, widths := m.Lines(), m.Widths()
			if len(widths) != len(lines) {
				t.Fatalf("%d widths for %d lines", len(widths), len(lines))
			}
			for i, l := range lines {
				if w := layout.Width(l); widths[i] != w {
					t.Errorf("line %d %q: width %d given, %d measured", i, l, widths[i], w)
				}
			}
		}
	}
}
