package acquire

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// detPositions plays random games in every rule set and option mix and
// returns copies of positions along the way, for determinization tests.
func detPositions(t testing.TB) []*Game {
	t.Helper()
	var out []*Game
	rng := rand.New(rand.NewPCG(7, 11))
	for _, r := range RuleSets {
		for _, opts := range []Options{{}, {Holdings: HoldingsHidden}, {Hand: HandRedraw}} {
			if opts.Hand == HandRedraw && !r.Redraw {
				continue
			}
			for _, seats := range [][]string{{"ann", "bob"}, {"ann", "bob", "cat", "dan"}} {
				g, err := New(Deal(r, opts, seats, rng))
				if err != nil {
					t.Fatal(err)
				}
				for i := 0; !g.Over(); i++ {
					if i%9 == 0 {
						c := *g
						out = append(out, &c)
					}
					a, _ := g.RandomAction(int(g.toMove), rng)
					if err := g.Do(int(g.toMove), a); err != nil {
						t.Fatal(err)
					}
				}
				out = append(out, g)
			}
		}
	}
	return out
}

// unseen returns the sorted tiles seat cannot see: other racks and the bag.
func (g *Game) unseen(seat int) []Tile {
	var out []Tile
	for s := range int(g.seats) {
		if s != seat {
			for _, t := range g.rack[s] {
				if t != NoTile {
					out = append(out, t)
				}
			}
		}
	}
	out = append(out, g.bag[g.drawn:g.bagLen]...)
	slices.Sort(out)
	return out
}

// outOfGame returns the sorted tiles drawn that are on no board and in no rack.
func (g *Game) outOfGame() []Tile {
	var out []Tile
	for _, t := range g.bag[:g.drawn] {
		if g.cells[cellOf[t]] != emptyCell {
			continue
		}
		in := false
		for s := range int(g.seats) {
			in = in || slices.Contains(g.rack[s][:], t)
		}
		if !in {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out
}

// detInvariants checks, independently of the engine's bookkeeping, the
// invariants a determinization must keep: every tile once, drawn tiles on
// the board, in racks or out of the game, shares adding up to the supply,
// sizes matching the board, no negative cash.
func detInvariants(g *Game) error {
	var where [Tiles]int
	for i, t := range g.bag[:g.bagLen] {
		if t >= Tiles || where[t] != 0 {
			return fmt.Errorf("bag position %d holds %v twice or out of range", i, t)
		}
		where[t] = 2 // undrawn
		if i < int(g.drawn) {
			where[t] = 1
		}
	}
	for s := range int(g.seats) {
		for i, t := range g.rack[s] {
			if t == NoTile {
				if slices.ContainsFunc(g.rack[s][i:], func(x Tile) bool { return x != NoTile }) {
					return fmt.Errorf("rack %d has a hole", s)
				}
				break
			}
			if t >= Tiles || where[t] != 1 {
				return fmt.Errorf("rack %d holds %v, which was not drawn", s, t)
			}
			if g.cells[cellOf[t]] != emptyCell {
				return fmt.Errorf("rack %d holds %v, which is on the board", s, t)
			}
			where[t] = 3
		}
	}
	var size [Chains]int16
	for t := range Tile(Tiles) {
		x := g.cells[cellOf[t]]
		if x != emptyCell && where[t] != 1 {
			return fmt.Errorf("%v is on the board but was not drawn", t)
		}
		if x != emptyCell && x != loneCell {
			size[x.chain()]++
		}
	}
	if size != g.size {
		return fmt.Errorf("sizes %v, board has %v", g.size, size)
	}
	for c := range Chain(Chains) {
		total := int(g.bank[c])
		for s := range int(g.seats) {
			if g.shares[s][c] < 0 {
				return fmt.Errorf("seat %d holds %d of chain %d", s, g.shares[s][c], c)
			}
			total += int(g.shares[s][c])
		}
		if total != g.rules.Chains[c].Supply {
			return fmt.Errorf("chain %d: %d shares, supply %d", c, total, g.rules.Chains[c].Supply)
		}
	}
	for s := range int(g.seats) {
		if g.cash[s] < 0 {
			return fmt.Errorf("seat %d has $%d", s, g.cash[s])
		}
	}
	return nil
}

func TestDeterminize(t *testing.T) {
	positions := detPositions(t)
	rng := rand.New(rand.NewPCG(1, 2))
	changed, hiddenMoved := 0, 0
	for pi, g := range positions {
		for seat := range int(g.seats) {
			before := *g
			d := g.Determinize(seat, rng)
			if *g != before {
				t.Fatalf("position %d: Determinize changed the game", pi)
			}
			if err := detInvariants(d); err != nil {
				t.Fatalf("position %d seat %d: %v", pi, seat, err)
			}
			// A27: what seat sees is unchanged.
			if d.rack[seat] != g.rack[seat] {
				t.Errorf("position %d seat %d: own rack %v, want %v", pi, seat, d.rack[seat], g.rack[seat])
			}
			if d.cells != g.cells || d.size != g.size || d.bank != g.bank {
				t.Errorf("position %d seat %d: board or bank changed", pi, seat)
			}
			if d.phase != g.phase || d.turn != g.turn || d.toMove != g.toMove || d.drawn != g.drawn || d.bagLen != g.bagLen {
				t.Errorf("position %d seat %d: decision or bag length changed", pi, seat)
			}
			if d.cash[seat] != g.cash[seat] || d.shares[seat] != g.shares[seat] {
				t.Errorf("position %d seat %d: own holdings changed", pi, seat)
			}
			if !slices.Equal(d.unseen(seat), g.unseen(seat)) {
				t.Errorf("position %d seat %d: unseen tiles %v, want %v", pi, seat, d.unseen(seat), g.unseen(seat))
			}
			if !slices.Equal(d.outOfGame(), g.outOfGame()) {
				t.Errorf("position %d seat %d: tiles out of the game %v, want %v", pi, seat, d.outOfGame(), g.outOfGame())
			}
			for s := range int(g.seats) {
				n := func(g *Game) int { return slices.Index(append(g.rack[s][:], NoTile), NoTile) }
				if n(d) != n(g) {
					t.Errorf("position %d seat %d: rack %d has %d tiles, want %d", pi, seat, s, n(d), n(g))
				}
				if s != seat && d.rack[s] != g.rack[s] {
					changed++
				}
			}
			if g.opts.Holdings == HoldingsOpen || g.phase == PhaseOver {
				if d.cash != g.cash || d.shares != g.shares {
					t.Errorf("position %d seat %d: open holdings changed", pi, seat)
				}
				continue
			}
			for c := range Chains {
				var want, got int8
				for s := range int(g.seats) {
					if s != seat {
						want += g.shares[s][c]
						got += d.shares[s][c]
					}
				}
				if got != want {
					t.Errorf("position %d seat %d: others hold %d of chain %d, want %d", pi, seat, got, c, want)
				}
			}
			if d.shares != g.shares {
				hiddenMoved++
			}
		}
	}
	if changed == 0 {
		t.Error("no other rack was ever dealt differently")
	}
	if hiddenMoved == 0 {
		t.Error("hidden holdings were never drawn differently")
	}
}

func TestDeterminizeOthersVary(t *testing.T) {
	g, err := New(Deal(Modern, Options{}, []string{"ann", "bob", "cat"}, rand.New(rand.NewPCG(3, 3))))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[RackSize]Tile]bool{}
	for seed := range uint64(20) {
		d := g.Determinize(0, rand.New(rand.NewPCG(seed, 1)))
		seen[d.rack[1]] = true
		if again := g.Determinize(0, rand.New(rand.NewPCG(seed, 1))); *again != *d {
			t.Fatalf("seed %d: two determinizations differ", seed)
		}
	}
	if len(seen) < 15 {
		t.Errorf("20 seeds gave bob %d different racks, want nearly 20", len(seen))
	}
}

// TestDeterminizeSeesOnlyWhatSeatSees: two games that differ only in what
// seat cannot see give the same sample from the same seed (A27), so a bot
// that looks through Determinize cannot tell them apart.
func TestDeterminizeSeesOnlyWhatSeatSees(t *testing.T) {
	for pi, g := range detPositions(t) {
		for seat := range int(g.seats) {
			other := g.Determinize(seat, rand.New(rand.NewPCG(uint64(pi), 99)))
			a := g.Determinize(seat, rand.New(rand.NewPCG(4, uint64(seat))))
			b := other.Determinize(seat, rand.New(rand.NewPCG(4, uint64(seat))))
			if *a != *b {
				t.Fatalf("position %d seat %d: the sample depends on hidden information", pi, seat)
			}
		}
	}
}

func TestDeterminizeIntoAllocates(t *testing.T) {
	positions := detPositions(t)
	rng := rand.New(rand.NewPCG(5, 6))
	var d Game
	i := 0
	allocs := testing.AllocsPerRun(200, func() {
		g := positions[i%len(positions)]
		i++
		g.DeterminizeInto(&d, int(g.toMove), rng)
	})
	if allocs != 0 {
		t.Errorf("DeterminizeInto allocates %v times a call, want 0", allocs)
	}
}

func TestDeterminizeInPlace(t *testing.T) {
	g, err := New(Deal(Classic, Options{Holdings: HoldingsHidden}, []string{"ann", "bob", "cat", "dan"}, rand.New(rand.NewPCG(9, 9))))
	if err != nil {
		t.Fatal(err)
	}
	own := g.rack[2]
	g.DeterminizeInto(g, 2, rand.New(rand.NewPCG(1, 1)))
	if err := detInvariants(g); err != nil {
		t.Fatal(err)
	}
	if g.rack[2] != own {
		t.Errorf("own rack %v, want %v", g.rack[2], own)
	}
}

func BenchmarkDeterminize(b *testing.B) {
	positions := detPositions(b)
	rng := rand.New(rand.NewPCG(5, 6))
	var d Game
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		g := positions[i%len(positions)]
		i++
		g.DeterminizeInto(&d, int(g.toMove), rng)
	}
}
