package acquire

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

// touch returns the distinct chains next to t and whether a lone tile is.
func (g *Game) touch(t Tile) (chains [4]Chain, n int, lone bool) {
	for _, nb := range neighbours[t] {
		if nb == NoTile {
			break
		}
		switch x := g.board[nb]; {
		case x == NoChain:
			lone = true
		case x >= 0:
			dup := false
			for _, c := range chains[:n] {
				dup = dup || c == x
			}
			if !dup {
				chains[n] = x
				n++
			}
		}
	}
	return chains, n, lone
}

// classify says what playing t would do now.
func (g *Game) classify(t Tile) Class {
	chains, n, lone := g.touch(t)
	safe := 0
	for _, c := range chains[:n] {
		if g.size[c] >= SafeSize {
			safe++
		}
	}
	switch {
	case safe >= 2:
		return Dead
	case n >= 2:
		return Merges
	case n == 1:
		return Grows
	case !lone:
		return Lone
	case g.onBoard() == Chains:
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
