package uv

import (
	"image/color"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
)

// Packed lines (Hotels patch, HOTELS.md change 10).
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
// the lock, for a line packed with the lock held by the same renderer, or
// by another that handed it over behind a lock of its own (Bubble Tea's
// cache of parsed lines).
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
// full). It looks for the pens of l in recent first, and adds them to it.
// Lines of the same cells pack to the same bytes.
func packLine(b []byte, l Line, recent *penMemo) ([]byte, bool) {
	locked := false
	defer func() {
		if locked {
			pens.mu.Unlock()
		}
	}()
	var last *Cell
	var at uint16 // the pen of last
	for i := range l {
		c := &l[i]
		if c.Width < 0 || c.Width > maxWidth || len(c.Content) > 0xff {
			return b, false
		}
		p, ok := at, last != nil && samePen(c, last)
		if !ok {
			p, ok = recent.find(c)
		}
		if !ok {
			if !locked {
				pens.mu.Lock()
				locked = true
			}
			if p, ok = penIndex(c); !ok {
				return b, false
			}
			recent.add(c, p)
		}
		if last != nil && p == at {
			b = append(b, byte(c.Width), byte(len(c.Content)))
		} else {
			b = append(b, byte(c.Width)|penFollows, byte(p), byte(p>>8), byte(len(c.Content)))
		}
		b = append(b, c.Content...)
		last, at = c, p
	}
	return b, true
}

// penMemo holds pens a renderer packed lines with, by a hash of their
// bytes, to find them without the lock of pens: a screen's lines have a
// few dozen. Its slots are read and written atomically, so that PackLine's
// memo (sharedPens) may be shared by all goroutines: a slot read holds an
// index whose pen was added, under the lock, before the slot was written.
type penMemo [64]uint32 // a pen's index+1, 0 for none

// sharedPens is PackLine's memo, for every program (Hotels patch, change
// 23): PackLine made a memo of its own for each line, empty, so that each
// pen of the line was looked up in pens, under its lock, in the map of
// all pens (issue 22: half of PackLine's CPU at 2,500 players).
var sharedPens penMemo

// penWords is a pen's bytes as words, for penHash.
type penWords = [unsafe.Sizeof(pen{}) / 8]uint64

// penHash hashes the bytes of the style and link of c.
func penHash(c *Cell) uint64 {
	h := uint64(0)
	for _, w := range (*penWords)(unsafe.Pointer(&c.Style)) {
		h = (h ^ w) * 0x9e3779b97f4a7c15
	}
	return h >> 58 // 64 slots
}

// find returns the pen in m that c has.
func (m *penMemo) find(c *Cell) (uint16, bool) {
	i := atomic.LoadUint32(&m[penHash(c)])
	if i == 0 {
		return 0, false
	}
	p := uint16(i - 1)
	pn := penAt(p)
	// The same bytes, or the same values in other boxes (a parsed cell's
	// colour): == cannot panic, as pens holds comparable colours only.
	return p, sameWords((*penWords)(unsafe.Pointer(&c.Style)), (*penWords)(unsafe.Pointer(pn))) ||
		c.Style == pn.style && c.Link == pn.link
}

// add adds the pen p of c to m.
func (m *penMemo) add(c *Cell, p uint16) {
	atomic.StoreUint32(&m[penHash(c)], uint32(p)+1)
}

// samePen reports whether two cells have the same style and link, byte for
// byte (so the same types and values of colours, in the same boxes): as the
// cells of a run drawn with one style are. It may report false for cells
// with the same pen, never true for others.
func samePen(a, b *Cell) bool {
	return sameWords((*penWords)(unsafe.Pointer(&a.Style)), (*penWords)(unsafe.Pointer(&b.Style)))
}

// sameWords reports whether two pens' words are the same, compared one by
// one: == on their bytes called memequal, which samePen and penMemo.find
// made 1.4% of the server's CPU at 2,500 players (issue 22; HOTELS.md,
// change 24).
func sameWords(x, y *penWords) bool {
	return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3] && x[4] == y[4] && x[5] == y[5] &&
		x[6] == y[6] && x[7] == y[7] && x[8] == y[8] && x[9] == y[9] && x[10] == y[10]
}

// cellPen is the style and link of c as a pen.
func cellPen(c *Cell) *pen {
	return (*pen)(unsafe.Pointer(&c.Style))
}

// A cell's link follows its style, as a pen's does, and a pen is words,
// eleven of them (samePen).
var (
	_ [0]struct{} = [unsafe.Offsetof(Cell{}.Link) - unsafe.Offsetof(Cell{}.Style) - unsafe.Offsetof(pen{}.link)]struct{}{}
	_ [0]struct{} = [unsafe.Sizeof(pen{}) % 8]struct{}{}
	_ [0]struct{} = [unsafe.Sizeof(penWords{}) - 11*8]struct{}{}
)

// sameIface reports whether two colours are the same interface value:
// the same type and the same data word, without calling the type's ==.
func sameIface(a, b color.Color) bool {
	return *(*[2]uintptr)(unsafe.Pointer(&a)) == *(*[2]uintptr)(unsafe.Pointer(&b))
}

// unpackLine sets the cells of l to those of p, a line packed by packLine,
// and reports whether p had as many cells. The cells' content points into
// p.
func unpackLine(l Line, p string) bool {
	var pn *pen
	x, i := 0, 0
	for ; i < len(p) && x < len(l); x++ {
		h := p[i]
		i++
		if h&penFollows != 0 {
			pn = penAt(uint16(p[i]) | uint16(p[i+1])<<8)
			i += 2
		}
		n := int(p[i])
		i++
		c := &l[x]
		c.Content = p[i : i+n]
		*cellPen(c) = *pn // its style and link in one copy (change 24)
		c.Width = int(h &^ penFollows)
		i += n
	}
	return x == len(l) && i == len(p)
}

// PackLine returns l packed, for ShareLine and UnpackLine, or false if a
// cell cannot be packed (Hotels patch). Packed lines of the same cells are
// the same strings.
func PackLine(l Line) (string, bool) {
	var buf [1024]byte
	b, ok := packLine(buf[:0], l, &sharedPens)
	if !ok || len(l) == 0 {
		return "", false
	}
	return string(b), true
}

// UnpackLine sets the cells of l to those of p, a line of as many cells
// packed by PackLine (Hotels patch).
func UnpackLine(l Line, p string) {
	unpackLine(l, p)
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

// Steps of the pen (Hotels patch, HOTELS.md change 17).
//
// When a cell's style is not the pen's, the renderer downsamples both to
// the colour profile and writes the SGR sequence from one to the other,
// built as a new string each time (Style.Diff): 1.8% of the server's CPU at
// 5,000 players (issue 22), for the few dozen styles a screen has. The
// steps taken are kept in styleSteps, for all renderers.

// styleStep is the sequence that takes the pen from one style to another
// under a colour profile, and whether there is one.
type styleStep struct {
	from, to Style
	profile  colorprofile.Profile
	seq      string
	ok       bool
}

// styleSteps holds steps by a hash of their styles and profile; a step
// replaces the one in its slot.
var styleSteps [1024]atomic.Pointer[styleStep]

// penStep returns the SGR sequence that takes the pen from style from to
// style to, downsampled to profile p, or false if they are the same there.
func penStep(from, to *Style, p colorprofile.Profile) (string, bool) {
	keep := plainColor(from.Fg) && plainColor(from.Bg) && plainColor(from.UnderlineColor) &&
		plainColor(to.Fg) && plainColor(to.Bg) && plainColor(to.UnderlineColor)
	var slot *atomic.Pointer[styleStep]
	if keep {
		h := (styleHash(from)*0x9e3779b97f4a7c15 ^ styleHash(to)) * 0x9e3779b97f4a7c15
		slot = &styleSteps[(h^uint64(p))>>54]
		// == cannot panic: plainColor takes comparable colours only.
		if st := slot.Load(); st != nil && st.profile == p && st.from == *from && st.to == *to {
			return st.seq, st.ok
		}
	}
	newStyle := ConvertStyle(*to, p)
	oldStyle := ConvertStyle(*from, p)
	var seq string
	ok := !newStyle.Equal(&oldStyle)
	if ok {
		seq = newStyle.Diff(&oldStyle)
		if newStyle.IsZero() && len(seq) > len(ansi.ResetStyle) {
			seq = ansi.ResetStyle
		}
	}
	if keep {
		slot.Store(&styleStep{from: *from, to: *to, profile: p, seq: seq, ok: ok})
	}
	return seq, ok
}

// styleHash hashes a style by its values, not the boxes of its colours: a
// parsed line's colours of three or more bytes are boxed anew each.
func styleHash(s *Style) uint64 {
	h := uint64(s.Attrs) | uint64(s.Underline)<<8
	for _, c := range [3]color.Color{s.Fg, s.Bg, s.UnderlineColor} {
		h = (h ^ colorKey(c)) * 0x9e3779b97f4a7c15
	}
	return h
}

// colorKey is a colour's type and value as a number, for styleHash; 0 for
// a type plainColor does not take.
func colorKey(c color.Color) uint64 {
	switch v := c.(type) {
	case ansi.BasicColor:
		return 1<<32 | uint64(v)
	case ansi.IndexedColor:
		return 2<<32 | uint64(v)
	case ansi.TrueColor:
		return 3<<32 | uint64(v)
	case ansi.RGBColor:
		return 4<<32 | uint64(v.R)<<16 | uint64(v.G)<<8 | uint64(v.B)
	case color.RGBA:
		return 5<<32 | uint64(v.R)<<24 | uint64(v.G)<<16 | uint64(v.B)<<8 | uint64(v.A)
	}
	return 0
}
