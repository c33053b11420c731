package board

import (
	"fmt"
	"strings"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/layout"
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
	rack     tileSet // the viewer's tiles
	selected acquire.Tile
	height   int
	memo     *lastDrawn // shared by the Model's copies
}

// New returns an empty board.
func New(styles *theme.Styles) Model {
	return Model{styles: styles, drawn: looksFor(styles, nil), selected: acquire.NoTile, height: Height, memo: &lastDrawn{}}
}

// lastDrawn keeps the board and the chain and player tables last drawn. A
// game screen is redrawn on every key, most often with the same snapshot:
// the tables were over two fifths of drawing it, and the board a third of
// what drawing it allocated (docs/capacity.md). A Model and its copies
// share one: every input a drawing depends on is in its key, and the view
// a snapshot carries is never changed.
type lastDrawn struct {
	boardKey   boardKey
	board      []string
	rows       rowsDrawn
	chainsKey  chainsKey
	chains     []string
	chainRows  chainRows
	playersKey playersKey
	// The seats' tags and clocks the players were drawn with, which the
	// key cannot hold (the room's copies, never changed).
	playersTags, playersTimes []string
	players                   []string
	playerRows                playerRows
	public                    *Public // the board as every seat sees it, last drawn on
	held                      held    // the holders of the view's chains
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
	widths                      [Height + 1]int // of the board's lines: the header, the rows, the legend
}

// looksFor returns the looks for s and v's rule set, drawn once for every
// session: they depend on nothing else, and there are two sets of styles
// (theme.New) and a few rule sets. Drawn for each session, they were some
// thirty live objects a player for the collector to mark (issue 22).
func looksFor(s *theme.Styles, v *acquire.View) *drawn {
	k := looksKey{styles: s}
	if v != nil {
		k.chains, k.game = v.Rules.Chains, true
	}
	return looks.Get(k, func() *drawn { return draw(s, v) })
}

// looks holds the looks drawn, by looksKey.
var looks theme.Drawn[looksKey, *drawn]

type looksKey struct {
	styles *theme.Styles
	chains [acquire.Chains]acquire.ChainInfo
	game   bool // a view was given (the chains are its rules')
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
		d.widths[1+r] = Width // a label and a cell a column, each as wide
	}
	d.widths[0], d.widths[Height] = layout.Width(d.header), layout.Width(d.legend)
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
func (m *Model) SetStyles(s *theme.Styles) { m.styles, m.drawn = s, looksFor(s, m.view) }

// SetSize tells the board how many lines it may take: with one more than
// Height it adds a legend.
func (m *Model) SetSize(_, height int) { m.height = height }

// SetGame shows v, marking the tiles of the viewer's rack until the game
// is over.
func (m *Model) SetGame(v *acquire.View) {
	if v == nil || m.view == nil || v.Rules.Chains != m.view.Rules.Chains {
		m.drawn = looksFor(m.styles, v)
	}
	m.view = v
	m.rack = tileSet{}
	if v != nil && v.Phase != acquire.PhaseOver {
		for _, ti := range v.Rack {
			m.rack.add(ti.Tile)
		}
	}
}

// tileSet is a set of tiles, a bit each: a game's screen is copied into
// an interface on every key and every snapshot (room.Screen), and a bool
// a tile made it a hundred bytes larger.
type tileSet [(acquire.Tiles + 63) / 64]uint64

func (s *tileSet) add(t acquire.Tile) { s[t/64] |= 1 << (t % 64) }

func (s *tileSet) has(t acquire.Tile) bool { return s[t/64]&(1<<(t%64)) != 0 }

// Select marks t as the tile the player is choosing; acquire.NoTile for
// none.
func (m *Model) Select(t acquire.Tile) { m.selected = t }

// View draws the board: a line of column numbers, then one line a row.
func (m Model) View() string { return strings.Join(m.Lines(), "\n") }

// Lines is View a line each, as the game screen lays it out beside the
// chain table. The caller must not change them.
func (m Model) Lines() []string {
	if m.memo == nil { // a zero Model
		return m.drawBoard(&rowsDrawn{}, nil)
	}
	k := boardKey{m.view, m.drawn, m.selected, m.height}
	if m.memo.board == nil || m.memo.boardKey != k {
		m.memo.boardKey, m.memo.board = k, m.drawBoard(&m.memo.rows, m.public())
	}
	return m.memo.board
}

// Widths is the width of each of Lines' lines. The caller must not
// change them.
func (m Model) Widths() []int {
	n := Height
	if m.height > Height {
		n++
	}
	return m.looks().widths[:n]
}

// rowsDrawn keeps each board row last drawn with the looks of its cells:
// a move changes a row or three of the nine, and every seat draws its
// board again on every move (room.BenchmarkMove).
type rowsDrawn struct {
	drawn *drawn
	looks [acquire.Rows][acquire.Cols]look
	lines [acquire.Rows]string
}

// drawBoard draws the board, its rows kept in kept, taking p's (the
// board as every seat sees it, nil for none) where they look the same:
// the rows that hold none of the viewer's tiles.
func (m Model) drawBoard(kept *rowsDrawn, p *Public) []string {
	d := m.looks()
	var all [acquire.Rows][acquire.Cols]look
	if p != nil {
		all = m.looksOn(p)
	} else {
		all = m.allLooks()
	}
	out := make([]string, 0, Height+1)
	out = append(out, d.header)
	for r, looks := range all {
		if p != nil && p.rows.looks[r] == looks {
			out = append(out, p.rows.lines[r])
			continue
		}
		out = append(out, kept.row(d, r, looks))
	}
	if m.height > Height {
		out = append(out, d.legend)
	}
	return out
}

// allLooks is the looks of the board's cells.
func (m Model) allLooks() (all [acquire.Rows][acquire.Cols]look) {
	for r := range acquire.Rows {
		for c := range acquire.Cols {
			all[r][c] = m.look(acquire.TileAt(c, r))
		}
	}
	return all
}

// row is row r of the board whose cells look as looks, drawn with d: the
// one kept where it looks the same.
func (kept *rowsDrawn) row(d *drawn, r int, looks [acquire.Cols]look) string {
	if kept.drawn != d {
		*kept = rowsDrawn{drawn: d}
	}
	if kept.lines[r] == "" || kept.looks[r] != looks {
		n := len(d.rows[r]) // the row's bytes: one allocation, not one and a larger one
		for _, l := range looks {
			n += len(d.cell(l))
		}
		var b strings.Builder
		b.Grow(n)
		b.WriteString(d.rows[r])
		for _, l := range looks {
			b.WriteString(d.cell(l))
		}
		kept.looks[r], kept.lines[r] = looks, b.String()
	}
	return kept.lines[r]
}

// looks returns the drawn looks, drawing them for a zero Model.
func (m Model) looks() *drawn {
	if m.drawn == nil {
		return draw(m.styles, m.view)
	}
	return m.drawn
}

// look is which of the drawn looks a cell has: one of those below, or a
// chain's (lookChain + its index) or a chain's tile played last
// (lookLast + its index).
type look uint8

const (
	lookEmpty look = iota
	lookRack
	lookSelected
	lookLone
	lookLastLone
	lookChain
	lookLast = lookChain + acquire.Chains
)

// look is the look of the cell of t.
func (m Model) look(t acquire.Tile) look {
	c := acquire.Empty
	if m.view != nil {
		c = m.view.Board[t]
	}
	switch {
	case t == m.selected:
		return lookSelected
	case c == acquire.Empty && m.rack.has(t):
		return lookRack
	case c == acquire.Empty:
		return lookEmpty
	case t == m.view.Tile && c == acquire.NoChain:
		return lookLastLone
	case t == m.view.Tile:
		return lookLast + look(c)
	case c == acquire.NoChain:
		return lookLone
	}
	return lookChain + look(c)
}

// cell draws a cell of look l, CellWidth wide.
func (d *drawn) cell(l look) string {
	switch {
	case l >= lookLast:
		return d.last[l-lookLast]
	case l >= lookChain:
		return d.chains[l-lookChain]
	}
	switch l {
	case lookRack:
		return d.rack
	case lookSelected:
		return d.selected
	case lookLone:
		return d.lone
	case lookLastLone:
		return d.lastLone
	}
	return d.empty
}
