package acquire

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hotels/internal/engine"
)

// position is a test position: a board picture and what each seat holds. Its
// build makes a Game that keeps every invariant New keeps, so that rule tests
// can start in the middle of a game without playing up to it.
type position struct {
	rules *Rules  // Modern if nil
	opts  Options // options of the game
	seats []string
	// board is 9 words of 12 characters, row A first: `.` empty, `o` a lone
	// tile, a chain's letter (Rules.Chains[c].Letter) a tile of that chain.
	board  string
	racks  []string // each seat's rack: "5C 6D"
	cash   []int    // dollars; StartCash for seats not listed
	shares []string // each seat's holdings: "Tower 3 American 2"
	bag    string   // the tiles left to draw, in draw order
	turn   int      // the seat on turn
	idle   int      // turns with no tile played just before this one
}

// build makes the Game, gives the turn to p.turn and settles the forced
// steps, as New does; the events of that are cleared.
func (p position) build(t testing.TB) *Game {
	t.Helper()
	r := p.rules
	if r == nil {
		r = Modern
	}
	if p.seats == nil {
		p.seats = []string{"ann", "bob", "cat"}
	}
	n := len(p.seats)
	g := &Game{rules: r, opts: p.opts, seats: int8(n)}
	for i, name := range p.seats {
		g.names[i] = name
		g.cash[i] = StartCash
		if i < len(p.cash) {
			g.cash[i] = int32(p.cash[i])
		}
	}

	// The board.
	rows := strings.Fields(p.board)
	if len(rows) != Rows {
		t.Fatalf("board: %d rows, want %d", len(rows), Rows)
	}
	var drawn []Tile
	for row, line := range rows {
		if len(line) != Cols {
			t.Fatalf("board row %c: %q has %d cells, want %d", 'A'+row, line, len(line), Cols)
		}
		for col := range Cols {
			tile := TileAt(col, row)
			x := emptyCell
			switch ch := line[col]; ch {
			case '.':
				continue
			case 'o':
				x = loneCell
			default:
				c := chainByLetter(r, ch)
				if c == NoChain {
					t.Fatalf("board %s: %q is no %s chain's letter", tile, ch, r.Key)
				}
				x = chainCell(c)
				g.size[c]++
			}
			g.cells[cellOf[tile]] = x
			drawn = append(drawn, tile)
		}
	}
	g.sized()

	// Shares: the bank holds what the seats do not (A3, C1).
	for c := range Chain(Chains) {
		g.bank[c] = int8(r.Chains[c].Supply)
	}
	for i, h := range p.shares {
		f := strings.Fields(h)
		if len(f)%2 != 0 {
			t.Fatalf("shares of %s: %q: want CHAIN COUNT pairs", p.seats[i], h)
		}
		for j := 0; j < len(f); j += 2 {
			c, err := r.ChainByName(f[j])
			if err != nil {
				t.Fatal(err)
			}
			k, err := strconv.Atoi(f[j+1])
			if err != nil || k < 0 || k > int(g.bank[c]) {
				t.Fatalf("shares of %s: %q: the bank has %d %s", p.seats[i], h, g.bank[c], f[j])
			}
			g.shares[i][c] += int8(k)
			g.bank[c] -= int8(k)
		}
	}

	// Racks, then the bag: every tile on the board or in a rack was drawn.
	for i := range g.rack {
		for j := range g.rack[i] {
			g.rack[i][j] = NoTile
		}
	}
	for i, rack := range p.racks {
		ts := tiles(t, rack)
		if len(ts) > RackSize {
			t.Fatalf("rack of %s: %d tiles", p.seats[i], len(ts))
		}
		copy(g.rack[i][:], ts)
		drawn = append(drawn, ts...)
	}
	left := tiles(t, p.bag)
	all := append(slices.Clone(drawn), left...)
	copy(g.bag[:], all)
	g.drawn, g.bagLen = uint8(len(drawn)), uint8(len(all))
	for i, x := range all {
		if slices.Contains(all[:i], x) {
			t.Fatalf("tile %s is twice in the position", x)
		}
	}

	g.idle = int8(p.idle)
	g.beginTurn(int8(p.turn))
	g.settle()
	g.nEvents = 0
	if err := g.invariants(); err != nil {
		t.Fatalf("position: %v\n%s", err, g)
	}
	return g
}

func chainByLetter(r *Rules, ch byte) Chain {
	for c := range Chain(Chains) {
		if r.Chains[c].Letter == ch {
			return c
		}
	}
	return NoChain
}

// tiles parses a list of tiles: "5C 6D".
func tiles(t testing.TB, list string) []Tile {
	t.Helper()
	var out []Tile
	for _, w := range strings.Fields(list) {
		x, err := ParseTile(w)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

func tile(t testing.TB, s string) Tile { return tiles(t, s)[0] }

func chain(t testing.TB, g *Game, name string) Chain {
	t.Helper()
	c, err := g.rules.ChainByName(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// parseLine reads a record action line: "ann play 5C".
func parseLine(g *Game, line string) (int, Action, error) {
	name, text, _ := strings.Cut(strings.TrimSpace(line), " ")
	seat, err := g.seatNamed(name)
	if err != nil {
		return 0, Action{}, err
	}
	a, err := g.rules.ParseAction(text)
	return int(seat), a, err
}

// do applies record action lines with Do, failing the test on the first
// that is refused, and checks the invariants after each.
func do(t testing.TB, g *Game, lines ...string) {
	t.Helper()
	for _, line := range lines {
		seat, a, err := parseLine(g, line)
		if err == nil {
			err = g.Do(seat, a)
		}
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, g)
		}
		if err := g.invariants(); err != nil {
			t.Fatalf("after %s: %v\n%s", line, err, g)
		}
	}
}

// refused checks that the record action line is refused as illegal, under
// rule if rule is not empty, and that the refusal changes nothing.
func refused(t testing.TB, g *Game, line, rule string) {
	t.Helper()
	seat, a, err := parseLine(g, line)
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	refusedAction(t, g, seat, a, rule)
}

func refusedAction(t testing.TB, g *Game, seat int, a Action, rule string) {
	t.Helper()
	before := *g
	err := g.Do(seat, a)
	if err == nil {
		t.Fatalf("seat %d %s: accepted, want refused (%s)", seat, a.Text(g.rules), rule)
	}
	if *g != before {
		t.Errorf("seat %d %s: refused (%v) but the game changed", seat, a.Text(g.rules), err)
		*g = before
	}
	if !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("seat %d %s: error %v does not wrap engine.ErrIllegal", seat, a.Text(g.rules), err)
	}
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Errorf("seat %d %s: error %v is not an *engine.RuleError", seat, a.Text(g.rules), err)
		return
	}
	if rule != "" && (re.Rule != rule || !strings.Contains(err.Error(), "("+rule+")")) {
		t.Errorf("seat %d %s: refused with %q, want rule %s", seat, a.Text(g.rules), err, rule)
	}
}

// rackOf returns seat's rack as text.
func (g *Game) rackOf(seat int) string {
	var w []string
	for _, x := range g.rack[seat] {
		if x != NoTile {
			w = append(w, x.String())
		}
	}
	return strings.Join(w, " ")
}

// removed returns the tiles drawn that are neither on the board nor in a
// rack: the dead tiles taken out of the game and racks set aside (A22).
func (g *Game) removed() []Tile {
	var out []Tile
	for _, x := range g.bag[:g.drawn] {
		if g.cells[cellOf[x]] == emptyCell && g.holder(x) < 0 {
			out = append(out, x)
		}
	}
	return out
}

// holder returns the seat whose rack holds x, or -1.
func (g *Game) holder(x Tile) int {
	for s := range int(g.seats) {
		if slices.Contains(g.rack[s][:], x) {
			return s
		}
	}
	return -1
}

// invariants checks what must hold between any two decisions, computing
// everything again from the board and the holdings rather than trusting
// the game's own bookkeeping.
func (g *Game) invariants() error {
	r := g.rules
	n := int(g.seats)
	if n < 1 || n > MaxSeats {
		return fmt.Errorf("%d seats", n)
	}

	// The board: the border stays empty, each cell is empty, lone or one chain.
	for p := range len(g.cells) {
		row, col := p/stride-1, p%stride-1
		x := g.cells[p]
		if row < 0 || row >= Rows || col < 0 || col >= Cols {
			if x != emptyCell {
				return fmt.Errorf("border cell %d holds %#x", p, x)
			}
			continue
		}
		if x != emptyCell && x != loneCell && (x&loneCell != 0 || x&(x-1) != 0) {
			return fmt.Errorf("cell %s holds %#x", TileAt(col, row), x)
		}
	}
	board := g.Board()
	var size [Chains]int
	var parts [Chains]int // connected groups of each chain
	var seen [Tiles]bool
	for t := range Tile(Tiles) {
		c := board[t]
		if c >= 0 {
			size[c]++
		}
		if c == Empty || seen[t] {
			continue
		}
		if c >= 0 {
			parts[c]++
		}
		// Flood the group of t, by a walk independent of the engine's.
		stack := []Tile{t}
		seen[t] = true
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, y := range neighbours(x) {
				d := board[y]
				if d == Empty {
					continue
				}
				if d != c {
					mid := g.phase == PhaseSurvivor && (x == g.tile || y == g.tile)
					if !mid {
						return fmt.Errorf("%s (%s) touches %s (%s)", x, r.chainName(c), y, r.chainName(d))
					}
					continue
				}
				if !seen[y] {
					seen[y] = true
					stack = append(stack, y)
				}
			}
		}
	}
	var live, safe uint8
	for c := range Chain(Chains) {
		if int(g.size[c]) != size[c] {
			return fmt.Errorf("%s: size %d, but %d tiles on the board", r.Chains[c].Name, g.size[c], size[c])
		}
		if size[c] == 1 || parts[c] > 1 {
			return fmt.Errorf("%s: %d tiles in %d groups", r.Chains[c].Name, size[c], parts[c])
		}
		if size[c] > 0 {
			live |= 1 << c
		}
		if size[c] >= SafeSize {
			safe |= 1 << c
		}
	}
	if live != g.live || safe != g.safe {
		return fmt.Errorf("live %07b safe %07b, want %07b %07b", g.live, g.safe, live, safe)
	}

	// Tiles: every tile on the board or in a rack was drawn from the bag,
	// once; racks fill from the front.
	if g.drawn > g.bagLen || int(g.bagLen) > Tiles {
		return fmt.Errorf("drawn %d of a bag of %d", g.drawn, g.bagLen)
	}
	var where [Tiles]int8 // 0 undrawn, 1 drawn
	for i, x := range g.bag[:g.bagLen] {
		if x >= Tiles || where[x] != 0 {
			return fmt.Errorf("bag position %d: tile %d", i, x)
		}
		where[x] = 2
		if i < int(g.drawn) {
			where[x] = 1
		}
	}
	for t := range Tile(Tiles) {
		if board[t] != Empty && where[t] != 1 {
			return fmt.Errorf("%s is on the board but was not drawn", t)
		}
	}
	for s := range n {
		end := false
		for _, x := range g.rack[s] {
			switch {
			case x == NoTile:
				end = true
			case end:
				return fmt.Errorf("rack of %s has a hole: %v", g.names[s], g.rack[s])
			case x >= Tiles || where[x] != 1:
				return fmt.Errorf("rack of %s holds %s, which was not drawn", g.names[s], x)
			case board[x] != Empty:
				return fmt.Errorf("%s is in the rack of %s and on the board", x, g.names[s])
			}
		}
	}
	for s := n; s < MaxSeats; s++ {
		if g.rack[s][0] != NoTile {
			return fmt.Errorf("seat %d does not exist but has a rack", s)
		}
	}

	// Shares: the supply of each chain is split between bank and seats.
	for c := range Chain(Chains) {
		total := int(g.bank[c])
		if g.bank[c] < 0 {
			return fmt.Errorf("bank holds %d %s", g.bank[c], r.Chains[c].Name)
		}
		for s := range n {
			if g.shares[s][c] < 0 {
				return fmt.Errorf("%s holds %d %s", g.names[s], g.shares[s][c], r.Chains[c].Name)
			}
			total += int(g.shares[s][c])
		}
		if total != r.Chains[c].Supply {
			return fmt.Errorf("%s: %d shares in bank and hands, supply %d", r.Chains[c].Name, total, r.Chains[c].Supply)
		}
	}
	for s := range n {
		if g.cash[s] < 0 {
			return fmt.Errorf("%s has $%d", g.names[s], g.cash[s])
		}
	}

	// The decision due.
	if int(g.toMove) >= n || int(g.turn) >= n || g.toMove < 0 || g.turn < 0 {
		return fmt.Errorf("turn %d, to move %d of %d seats", g.turn, g.toMove, n)
	}
	switch g.phase {
	case PhaseDispose:
		if g.size[g.defunct] != 0 || g.size[g.survivor] == 0 {
			return fmt.Errorf("disposing of %s (%d tiles) into %s (%d tiles)", r.chainName(g.defunct), g.size[g.defunct], r.chainName(g.survivor), g.size[g.survivor])
		}
	case PhaseOver:
	default:
		if g.toMove != g.turn {
			return fmt.Errorf("phase %s: %s to move on %s's turn", g.phase, g.names[g.toMove], g.names[g.turn])
		}
	}
	return nil
}

// neighbours returns the tiles that share an edge with t (A2).
func neighbours(t Tile) []Tile {
	var out []Tile
	col, row := t.Col(), t.Row()
	if row > 0 {
		out = append(out, TileAt(col, row-1))
	}
	if col > 0 {
		out = append(out, TileAt(col-1, row))
	}
	if col < Cols-1 {
		out = append(out, TileAt(col+1, row))
	}
	if row < Rows-1 {
		out = append(out, TileAt(col, row+1))
	}
	return out
}

// sized sets the chain sets and prices from the chain sizes of a built
// position.
func (g *Game) sized() {
	for c, s := range g.size {
		g.resized(Chain(c), s)
	}
	g.live, g.safe = 0, 0
	for c, s := range g.size {
		if s > 0 {
			g.live |= 1 << c
		}
		if s >= SafeSize {
			g.safe |= 1 << c
		}
	}
}
