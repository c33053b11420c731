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
	styles   theme.Styles
	view     *acquire.View
	rack     [acquire.Tiles]bool
	selected acquire.Tile
	height   int
}

// New returns an empty board.
func New(styles theme.Styles) Model {
	return Model{styles: styles, selected: acquire.NoTile, height: Height}
}

// Height is the height of the drawn board without its legend.
const Height = 1 + acquire.Rows

// SetStyles changes the board's styles.
func (m *Model) SetStyles(s theme.Styles) { m.styles = s }

// SetSize tells the board how many lines it may take: with one more than
// Height it adds a legend.
func (m *Model) SetSize(_, height int) { m.height = height }

// SetGame shows v, marking the tiles of the viewer's rack until the game
// is over.
func (m *Model) SetGame(v *acquire.View) {
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
	var b strings.Builder
	// The ones digit of each column number sits over its cells' middle:
	// " 1 ", " 2 " … "10 ".
	header := "  "
	for c := range acquire.Cols {
		header += fmt.Sprintf("%2d ", c+1)
	}
	b.WriteString(m.styles.Subtle.Render(strings.TrimRight(header, " ")))
	for r := range acquire.Rows {
		b.WriteString("\n")
		b.WriteString(m.styles.Subtle.Render(string(rune('A'+r))) + " ")
		for c := range acquire.Cols {
			b.WriteString(m.cell(acquire.TileAt(c, r)))
		}
	}
	if m.height > Height {
		b.WriteString("\n")
		b.WriteString(m.styles.Subtle.Render("· empty  o lone  + yours  [+] chosen"))
	}
	return b.String()
}

// cell draws one cell, CellWidth wide.
func (m Model) cell(t acquire.Tile) string {
	s := m.styles
	c := acquire.Empty
	if m.view != nil {
		c = m.view.Board[t]
	}
	switch {
	case t == m.selected:
		return s.Selected.Render("[+]")
	case c == acquire.Empty && m.rack[t]:
		return " " + s.Rack.Render("+") + " "
	case c == acquire.Empty:
		return " " + s.Empty.Render("·") + " "
	case c == acquire.NoChain:
		return s.Lone.Render(" o ")
	}
	info := m.view.Rules.Chains[c]
	return s.Chain(info.Name, int(c)).Render(" " + string(info.Letter) + " ")
}
