package acquire

import "math/bits"

// Class is what playing a tile would do now (A10, A13, A15).
type Class uint8

const (
	Lone       Class = iota // touches nothing: a lone tile (A10a)
	Founds                  // touches only lone tiles: founds a chain (A10b)
	Grows                   // touches one chain: grows it (A10c)
	Merges                  // touches two or more chains: a merger (A10d)
	Unplayable              // would found an eighth chain: stays in the rack for now (A13)
	Dead                    // would join two safe chains: never playable (A15)
)

var classNames = [...]string{"lone", "founds", "grows", "merges", "unplayable", "dead"}

func (c Class) String() string { return classNames[c] }

// Playable reports whether a tile of this class may be played.
func (c Class) Playable() bool { return c <= Merges }

// The board is kept with a border of empty cells, so that a cell's four
// neighbours (A2) are always at fixed offsets, and each cell holds one bit:
// the bit of its chain, or loneCell. OR-ing the neighbours then gives the
// set of chains around a tile and whether a lone tile is among them. The
// (Rows+2)×stride cells sit in an array of 256 indexed by uint8, which
// needs no bounds checks.
const stride = Cols + 2

type cell uint8

const (
	emptyCell cell = 0
	loneCell  cell = 1 << 7
)

func chainCell(c Chain) cell { return 1 << c }

// chain returns the chain of a cell in a chain.
func (x cell) chain() Chain { return Chain(bits.TrailingZeros8(uint8(x))) }

// board returns the cell as a Board entry.
func (x cell) board() Chain {
	switch x {
	case emptyCell:
		return Empty
	case loneCell:
		return NoChain
	}
	return x.chain()
}

// cellOf is each tile's cell.
var cellOf = func() (m [Tiles]uint8) {
	for t := range Tile(Tiles) {
		m[t] = uint8((t.Row()+1)*stride + t.Col() + 1)
	}
	return m
}()

// around returns the set of chains next to t, one bit a chain, and whether
// a lone tile is next to it.
func (g *Game) around(t Tile) (mask uint8, lone bool) {
	p := cellOf[t]
	x := g.cells[p-stride] | g.cells[p-1] | g.cells[p+1] | g.cells[p+stride]
	return uint8(x &^ loneCell), x&loneCell != 0
}

// touch returns the distinct chains next to t.
func (g *Game) touch(t Tile) (chains [4]Chain, n int) {
	mask, _ := g.around(t)
	for c := range Chain(Chains) {
		if mask&(1<<c) != 0 {
			chains[n] = c
			n++
		}
	}
	return chains, n
}

// dead reports whether t would join two safe chains (A15).
func (g *Game) dead(t Tile) bool {
	mask, _ := g.around(t)
	safe := mask & g.safe
	return safe&(safe-1) != 0
}

// classify says what playing t would do now.
func (g *Game) classify(t Tile) Class {
	mask, lone := g.around(t)
	switch safe := mask & g.safe; {
	case safe&(safe-1) != 0: // two safe chains or more
		return Dead
	case mask&(mask-1) != 0:
		return Merges
	case mask != 0:
		return Grows
	case !lone:
		return Lone
	case g.live == allChains:
		return Unplayable
	}
	return Founds
}

// canPlay reports whether seat holds a playable tile (A9, A21).
func (g *Game) canPlay(seat int8) bool {
	for _, t := range g.rack[seat] {
		if t == NoTile {
			break
		}
		if g.classify(t).Playable() {
			return true
		}
	}
	return false
}

// TileInfo is a rack tile with what playing it would do.
type TileInfo struct {
	Tile  Tile
	Class Class
	// Chains are the chains it grows or merges, largest first.
	Chains []Chain
	// Reason says in words why it may not be played, if it may not.
	Reason string
}
