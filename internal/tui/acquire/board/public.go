package board

import (
	"math/bits"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/layout"
)

// Public is the board as every seat of a room sees it at a snapshot,
// marking no one's rack: drawn by the first seat to draw the snapshot,
// for all of them (shared). A seat takes its rows that hold none of its
// tiles, most of them, and draws only the others: every seat worked out
// the look of each of the 108 cells and drew the rows a move changed
// again, the board being most of drawing a seat's screen on a move
// (issue 22). The seats' views are each their own (a seat sees its
// rack), so a Public is found by what it shows. A Public is never changed
// once shared.
type Public struct {
	key  publicKey
	rows rowsDrawn // each row, with its cells' looks
}

// publicKey is everything a Public is drawn from.
type publicKey struct {
	drawn *drawn // the looks, for the styles and the rules
	cells [acquire.Tiles]acquire.Chain
	last  acquire.Tile // the tile played last, marked
}

// shared holds the Publics drawn lately, for the other seats of their
// room.
var shared layout.Shared[publicKey, *Public]

// public returns the board as every seat sees it, drawing it if no seat
// has, from the one it was last drawn on (a move changes a row or two),
// and keeps it in the memo; nil for a Model without a view.
func (m Model) public() *Public {
	if m.view == nil {
		return nil
	}
	k := publicKey{m.looks(), m.view.Board, m.view.Tile}
	p, ok := shared.Get(k)
	if !ok {
		p = &Public{key: k}
		if last := m.memo.public; last != nil {
			p.rows = last.rows // a copy: last is never changed
		}
		m.rack, m.selected = tileSet{}, acquire.NoTile // m is a copy
		for r, looks := range m.allLooks() {
			p.rows.row(k.drawn, r, looks)
		}
		p = shared.Put(k, p)
	}
	m.memo.public = p
	return p
}

// looksOn is the looks of the board's cells from p's: the viewer's rack
// and the tile chosen marked on them, as look marks them.
func (m Model) looksOn(p *Public) [acquire.Rows][acquire.Cols]look {
	all := p.rows.looks
	for i, word := range m.rack {
		for ; word != 0; word &= word - 1 {
			if t := acquire.Tile(i*64 + bits.TrailingZeros64(word)); m.view.Board[t] == acquire.Empty {
				all[t.Row()][t.Col()] = lookRack
			}
		}
	}
	if t := m.selected; t < acquire.Tiles {
		all[t.Row()][t.Col()] = lookSelected
	}
	return all
}
