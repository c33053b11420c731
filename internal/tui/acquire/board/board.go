package board

import (
	"fmt"
	"strings"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/theme"
)

// CellWidth is the width of one board cell; a row label takes two more.
const CellWidth = 3

// Width is the width of the drawn board.
const Width = 2 + acquire.Cols*CellWidth

// Model draws one board.
type Model struct {
	styles   *theme.Styles
	drawn    *drawn // the looks of cells and labels, for styles and view
	view     *acquire.View
	rack     [acquire.Tiles]bool
	selected acquire.Tile
	height   int
	memo     *lastDrawn // shared by the Model's copies
}

// New returns an empty board.
func New(styles *theme.Styles) Model {
	return Model{styles: styles, drawn: draw(styles, nil), selected: acquire.NoTile, height: Height, memo: &lastDrawn{}}
}

// lastDrawn keeps the board and the chain and player tables last drawn. A
// game screen is redrawn on every key, most often with the same snapshot:
// the tables were over two fifths of drawing it, and the board a third of
// what drawing it allocated (docs/capacity.md). A Model and its copies
// share one: every input a drawing depends on is in its key, and the view
// a snapshot carries is never changed.
type lastDrawn struct {
	boardKey   boardKey
	board      string
	chainsKey  chainsKey
	chains     []string
	playersKey playersKey
	players    []string
}

type boardKey struct {
	view     *acquire.View // and the rack marked, which SetGame takes from it
	drawn    *drawn        // the looks, for the styles and the rules
	selected acquire.Tile
	height   int
}

// drawn is every look a cell or a label can have, rendered once when the
// styles or the game change: a board has 108 cells but a dozen looks, and
// rendering each cell through lipgloss was over half of drawing a game
// screen, which every session in a room does on every move
// (room.BenchmarkView; docs/capacity.md).
type drawn struct {
	header                      string
	rows                        [acquire.Rows]string
	selected, rack, empty, lone string
	chains                      [acquire.Chains]string // for v's rules
	last                        [acquire.Chains]string // each chain's tile played last: "(T)"
	lastLone                    string                 // a lone tile played last: "(o)"
	none                        string                 // no shares, in the players table
	legend                      string
}

func draw(s *theme.Styles, v *acquire.View) *drawn {
	d := &drawn{
		selected: s.Selected.Render("[+]"),
		rack:     " " + s.Rack.Render("+") + " ",
		empty:    " " + s.Empty.Render("·") + " ",
		lone:     s.Lone.Render(" o "),
		lastLone: theme.NewStyle(s.Last.Inherit(s.Lone.Style)).Render("(o)"),
		none:     s.Subtle.Render("·"),
		legend:   s.Subtle.Render("· empty  o lone  + yours  [+] chosen"),
	}
	// The ones digit of each column number sits over its cells' middle:
	// " 1 ", " 2 " … "10 ".
	header := "  "
	for c := range acquire.Cols {
		header += fmt.Sprintf("%2d ", c+1)
	}
	d.header = s.Subtle.Render(strings.TrimRight(header, " "))
	for r := range acquire.Rows {
		d.rows[r] = s.Subtle.Render(string(rune('A'+r))) + " "
	}
	if v != nil {
		for c, info := range v.Rules.Chains {
			d.chains[c] = s.Chain(info.Name, c).Render(" " + string(info.Letter) + " ")
			d.last[c] = s.LastChain(info.Name, c).Render("(" + string(info.Letter) + ")")
		}
	}
	return d
}

// Height is the height of the drawn board without its legend.
const Height = 1 + acquire.Rows

// SetStyles changes the board's styles.
func (m *Model) SetStyles(s *theme.Styles) { m.styles, m.drawn = s, draw(s, m.view) }

// SetSize tells the board how many lines it may take: with one more than
// Height it adds a legend.
func (m *Model) SetSize(_, height int) { m.height = height }

// SetGame shows v, marking the tiles of the viewer's rack until the game
// is over.
func (m *Model) SetGame(v *acquire.View) {
	if v == nil || m.view == nil || v.Rules.Chains != m.view.Rules.Chains {
		m.drawn = draw(m.styles, v)
	}
	m.view = v
	m.rack = [acquire.Tiles]bool{}
	if v != nil && v.Phase != acquire.PhaseOver {
		for _, ti := range v.Rack {
			m.rack[ti.Tile] = true
		}
	}
}

// Select marks t as the tile the player is choosing; acquire.NoTile for
// none.
func (m *Model) Select(t acquire.Tile) { m.selected = t }

// View draws the board: a line of column numbers, then one line a row.
func (m Model) View() string {
	if m.memo == nil { // a zero Model
		return m.drawBoard()
	}
	k := boardKey{m.view, m.drawn, m.selected, m.height}
	if m.memo.board == "" || m.memo.boardKey != k {
		m.memo.boardKey, m.memo.board = k, m.drawBoard()
	}
	return m.memo.board
}

func (m Model) drawBoard() string {
	d := m.looks()
	var b strings.Builder
	b.Grow(len(d.header) + acquire.Rows*(len(d.rows[0])+acquire.Cols*len(d.lone)+1) + len(d.legend) + 1)
	b.WriteString(d.header)
	for r := range acquire.Rows {
		b.WriteString("\n")
		b.WriteString(d.rows[r])
		for c := range acquire.Cols {
			b.WriteString(m.cell(d, acquire.TileAt(c, r)))
		}
	}
	if m.height > Height {
		b.WriteString("\n")
		b.WriteString(d.legend)
	}
	return b.String()
}

// looks returns the drawn looks, drawing them for a zero Model.
func (m Model) looks() *drawn {
	if m.drawn == nil {
		return draw(m.styles, m.view)
	}
	return m.drawn
}

// cell draws one cell, CellWidth wide.
func (m Model) cell(d *drawn, t acquire.Tile) string {
	c := acquire.Empty
	if m.view != nil {
		c = m.view.Board[t]
	}
	switch {
	case t == m.selected:
		return d.selected
	case c == acquire.Empty && m.rack[t]:
		return d.rack
	case c == acquire.Empty:
		return d.empty
	case t == m.view.Tile && c == acquire.NoChain:
		return d.lastLone
	case t == m.view.Tile:
		return d.last[c]
	case c == acquire.NoChain:
		return d.lone
	}
	return d.chains[c]
}
