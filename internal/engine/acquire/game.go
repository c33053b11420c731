package acquire

import (
	"fmt"

	"hotels/internal/engine"
)

// Seat limits: 2–6 seats for live games, 1–6 in records (A28).
const (
	MaxSeats = 6
	RackSize = 6
)

// Empty is a board cell with no tile; a lone tile is NoChain.
const Empty Chain = -2

// Phase is the kind of decision that is due.
type Phase uint8

const (
	PhasePlay     Phase = iota // the seat on turn plays a tile (A9)
	PhaseFound                 // it names the chain its tile founds (A12)
	PhaseSurvivor              // it chooses the survivor among the largest (A14)
	PhaseNext                  // it chooses the next defunct chain among tied ones (A16)
	PhaseDispose               // a holder disposes of a defunct chain's shares (A18)
	PhaseBuy                   // the seat on turn buys, and may declare the end (A20, A24)
	PhaseOver                  // the game is over (A24–A26)
)

var phaseNames = [...]string{"play", "found", "survivor", "next", "dispose", "buy", "over"}

func (p Phase) String() string { return phaseNames[p] }

// Setup is everything a game is created from: rules, options, seats in turn
// order and the chance outcomes.
type Setup struct {
	Rules   *Rules
	Options Options
	// Seats are the names in turn order (A7).
	Seats []string
	// Bag is the draw order: the first len(Seats) tiles are the seats'
	// start tiles (A6), then each seat draws 6 in turn (A8). Tiles not in
	// the bag are never drawn.
	Bag []Tile
	// Stock is each seat's dealt starting shares (C3); nil for none.
	Stock [][Chains]int
}

// Game is a game of Acquire. Its zero value is not usable; use New.
type Game struct {
	rules *Rules
	opts  Options
	seats int8
	names [MaxSeats]string

	cells  [256]cell // the board with a border of empty cells; see tiles.go
	size   [Chains]int16
	prices [Chains]int32 // each chain's share price at its size (A4)
	live   uint8         // chains on the board, one bit a chain
	safe   uint8         // chains of SafeSize tiles or more (A14)
	bank   [Chains]int8
	cash   [MaxSeats]int32
	shares [MaxSeats][Chains]int8
	rack   [MaxSeats][RackSize]Tile // filled from the front, NoTile after
	bag    [Tiles]Tile
	bagLen uint8 // tiles in the bag at the start
	drawn  uint8 // tiles drawn so far: bag[drawn:bagLen] is left

	phase  Phase
	turn   int8 // the seat on turn
	toMove int8 // the seat whose decision is due
	tile   Tile // the tile played last, resolved in a founding or merger; NoTile before the first
	played bool // a tile was played this turn
	idle   int8 // consecutive turns with no tile played (A25)
	ending bool // the end was declared this turn (A24)
	stuck  bool // this turn's seat holds only dead tiles (C8)

	merging  [4]Chain // chains the merging tile touches
	nMerging int8
	survivor Chain
	pending  [4]Chain // defunct chains not yet disposed of (A16)
	nPending int8
	defunct  Chain // the defunct chain being disposed of
	preSize  [Chains]int16

	events  [maxEvents]Event
	nEvents uint8
	quiet   bool // events are not kept: a playout's copy
}

var _ engine.Game = (*Game)(nil)

// New creates a game from its setup: start tiles on the board, racks dealt,
// the first seat on turn.
func New(s Setup) (*Game, error) {
	r := s.Rules
	if r == nil {
		r = Modern
	}
	n := len(s.Seats)
	if n < 1 || n > MaxSeats {
		return nil, fmt.Errorf("acquire: %d seats: a game has 1 to %d", n, MaxSeats)
	}
	if s.Options.Hand == HandRedraw && !r.Redraw {
		return nil, engine.Cite("C7", fmt.Errorf("acquire: option hand=redraw is not part of the %s rules", r.Key))
	}
	if err := engine.CheckSeats("acquire", s.Seats, engine.ValidSeatName); err != nil {
		return nil, err
	}
	g := &Game{rules: r, opts: s.Options, seats: int8(n), tile: NoTile}
	for i, name := range s.Seats {
		g.names[i] = name
		g.cash[i] = StartCash
	}
	if len(s.Bag) < n {
		return nil, engine.Cite("A6", fmt.Errorf("acquire: the bag has %d tiles: each of the %d seats needs a start tile", len(s.Bag), n))
	}
	if len(s.Bag) > Tiles {
		return nil, fmt.Errorf("acquire: the bag has %d tiles: there are %d", len(s.Bag), Tiles)
	}
	var seen [Tiles]bool
	for i, t := range s.Bag {
		if t >= Tiles {
			return nil, fmt.Errorf("acquire: bag position %d: no such tile", i+1)
		}
		if seen[t] {
			return nil, fmt.Errorf("acquire: tile %s is twice in the bag", t)
		}
		seen[t] = true
		g.bag[i] = t
	}
	g.bagLen = uint8(len(s.Bag))
	for c := range Chain(Chains) {
		g.bank[c] = int8(r.Chains[c].Supply)
	}
	if len(s.Stock) > n {
		return nil, fmt.Errorf("acquire: starting shares for %d seats, but %d seats", len(s.Stock), n)
	}
	for i, stock := range s.Stock {
		for c, k := range stock {
			if k < 0 || k > int(g.bank[c]) {
				return nil, engine.Cite("C3", fmt.Errorf("acquire: seat %s: %d %s shares: the bank has %d left to deal", g.names[i], k, r.Chains[c].Name, g.bank[c]))
			}
			g.shares[i][c] = int8(k)
			g.bank[c] -= int8(k)
		}
	}
	for i := range g.rack {
		for j := range g.rack[i] {
			g.rack[i][j] = NoTile
		}
	}
	for range n { // A6: start tiles stay lone
		g.cells[cellOf[g.draw()]] = loneCell
	}
	for i := range n { // A8
		g.refill(int8(i))
	}
	g.beginTurn(0)
	g.settle()
	return g, nil
}

// draw takes the next tile from the bag, or NoTile when it is used up.
func (g *Game) draw() Tile {
	if g.drawn >= g.bagLen {
		return NoTile
	}
	t := g.bag[g.drawn]
	g.drawn++
	return t
}

// refill draws until seat's rack is full or the bag is empty (A23).
func (g *Game) refill(seat int8) {
	r := &g.rack[seat]
	for i := range r {
		if r[i] == NoTile {
			if r[i] = g.draw(); r[i] == NoTile {
				return
			}
		}
	}
}

// take removes the tile in slot i of seat's rack, keeping the others in order.
func (g *Game) take(seat int8, i int) {
	r := &g.rack[seat]
	copy(r[i:], r[i+1:])
	r[RackSize-1] = NoTile
}

// allChains is the set of every chain, one bit a chain.
const allChains = 1<<Chains - 1

// price is a share's price of chain c at its current size.
func (g *Game) price(c Chain) int32 { return g.prices[c] }

// resized records chain c's new size and price.
func (g *Game) resized(c Chain, size int16) {
	g.size[c] = size
	g.prices[c] = g.rules.price[c][min(int(size), EndSize)]
}

// fill joins tile t and every tile connected to it that is not yet in chain c
// to c (A11), and returns how many joined. Every connected group of tiles
// on the board is all lone or exactly one chain, so the tiles of c need not
// be walked through.
func (g *Game) fill(t Tile, c Chain) int {
	var stack [Tiles]uint8
	in := chainCell(c)
	p := cellOf[t]
	g.cells[p] = in
	stack[0] = p
	n, sp := 1, 1
	var absorbed cell // the chains merged into c, whole (A16)
	for sp > 0 {
		sp--
		p := stack[sp]
		for _, q := range [4]uint8{p - stride, p - 1, p + 1, p + stride} {
			if x := g.cells[q]; x != emptyCell && x != in {
				absorbed |= x
				g.cells[q] = in
				stack[sp] = q
				sp++
				n++
			}
		}
	}
	absorbed &^= loneCell
	for x := absorbed; x != 0; x &= x - 1 {
		g.resized(x.chain(), 0)
	}
	g.resized(c, g.size[c]+int16(n))
	g.live = g.live&^uint8(absorbed) | uint8(in)
	g.safe &^= uint8(absorbed)
	if g.size[c] >= SafeSize {
		g.safe |= uint8(in)
	}
	return n
}

// Board returns each tile's chain: NoChain for a lone tile, Empty for none.
func (g *Game) Board() (b [Tiles]Chain) {
	for t := range Tile(Tiles) {
		b[t] = g.cells[cellOf[t]].board()
	}
	return b
}
