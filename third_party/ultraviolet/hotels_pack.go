package uv

import (
	"image/color"
	"sync"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
)

// Packed lines (Hotels patch, HOTELS.md change 9).
//
// Between frames the terminal renderer keeps each line it owns packed
// (Pack): a string of a few bytes a cell, its styles and links interned in
// pens, in place of cells of 112 bytes full of pointers that the collector
// scans. It unpacks a line when it next reads or changes it (ownLine,
// peekLine).

// pen is the style and link of a cell, interned in pens.
type pen struct {
	style Style
	link  Link
}

const (
	penBlock = 256
	maxPens  = 1 << 16 // the index of a pen is two bytes
)

// pens holds every pen a packed line has used, for all renderers, never
// changed once added: a screen has a few dozen. Its blocks are read without
// the lock, by a renderer unpacking a line it packed with the lock held.
var pens struct {
	mu     sync.Mutex
	index  map[pen]uint16
	blocks [maxPens / penBlock]*[penBlock]pen
	n      int
}

// penAt returns the pen with index i.
func penAt(i uint16) *pen {
	return &pens.blocks[i/penBlock][i%penBlock]
}

// penIndex returns the index of the style and link of c, adding them to
// pens, or false if pens is full or a colour is of a type it does not
// take; pens.mu is held.
func penIndex(c *Cell) (uint16, bool) {
	if !plainColor(c.Style.Fg) || !plainColor(c.Style.Bg) || !plainColor(c.Style.UnderlineColor) {
		return 0, false
	}
	p := pen{c.Style, c.Link}
	if i, ok := pens.index[p]; ok {
		return i, true
	}
	if pens.n == maxPens {
		return 0, false
	}
	if pens.index == nil {
		pens.index = make(map[pen]uint16)
	}
	i := uint16(pens.n)
	b := pens.blocks[i/penBlock]
	if b == nil {
		b = new([penBlock]pen)
		pens.blocks[i/penBlock] = b
	}
	b[i%penBlock] = p
	pens.index[p] = i
	pens.n++
	return i, true
}

// plainColor reports whether c is of a type pens takes: comparable, and
// one a parsed frame or a program's style has.
func plainColor(c color.Color) bool {
	switch c.(type) {
	case nil, color.RGBA, color.NRGBA, color.RGBA64, color.NRGBA64, color.Gray, color.Gray16,
		ansi.BasicColor, ansi.IndexedColor, ansi.TrueColor, ansi.RGBColor:
		return true
	}
	return false
}

// Each cell of a packed line is a byte with its width, the top bit set if
// the index of a pen follows (two bytes, little-endian) for this cell and
// the next ones, then a byte with the length of its content, and the
// content.
const (
	penFollows = 0x80
	maxWidth   = 0x7f
)

// packLine appends l packed to b, or reports false if a cell cannot be
// packed (a width or content too long, a colour pens does not take, pens
// full).
func packLine(b []byte, l Line) ([]byte, bool) {
	pens.mu.Lock()
	defer pens.mu.Unlock()
	var last *Cell
	for i := range l {
		c := &l[i]
		if c.Width < 0 || c.Width > maxWidth || len(c.Content) > 0xff {
			return b, false
		}
		if last != nil && samePen(c, last) {
			b = append(b, byte(c.Width), byte(len(c.Content)))
		} else {
			p, ok := penIndex(c)
			if !ok {
				return b, false
			}
			b = append(b, byte(c.Width)|penFollows, byte(p), byte(p>>8), byte(len(c.Content)))
		}
		b = append(b, c.Content...)
		last = c
	}
	return b, true
}

// samePen reports whether two cells have the same style and link, byte for
// byte (so the same types and values of colours): as the cells of a run
// drawn with one style are.
func samePen(a, b *Cell) bool {
	return a.Style.Underline == b.Style.Underline && a.Style.Attrs == b.Style.Attrs &&
		sameIface(a.Style.Fg, b.Style.Fg) && sameIface(a.Style.Bg, b.Style.Bg) &&
		sameIface(a.Style.UnderlineColor, b.Style.UnderlineColor) && a.Link == b.Link
}

// sameIface reports whether two colours are the same interface value:
// the same type and the same data word, without calling the type's ==.
func sameIface(a, b color.Color) bool {
	return *(*[2]uintptr)(unsafe.Pointer(&a)) == *(*[2]uintptr)(unsafe.Pointer(&b))
}

// unpackLine sets the cells of l to those of p, a line packed by packLine
// with as many cells. The cells' content points into p.
func unpackLine(l Line, p string) {
	var pn *pen
	for x, i := 0, 0; i < len(p); x++ {
		h := p[i]
		i++
		if h&penFollows != 0 {
			pn = penAt(uint16(p[i]) | uint16(p[i+1])<<8)
			i += 2
		}
		n := int(p[i])
		i++
		l[x] = Cell{Content: p[i : i+n], Style: pn.style, Link: pn.link, Width: int(h &^ penFollows)}
		i += n
	}
}

// packedCells is what the renderer keeps as the cells of a packed line,
// for its width alone: nothing may read or change them (ownLine unpacks the
// line first). Lines wider are not packed.
var packedCells = func() Line {
	l := make(Line, 512)
	for i := range l {
		l[i] = Cell{Content: "\x00packed", Width: 1}
	}
	return l
}()
