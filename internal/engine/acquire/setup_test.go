package acquire

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestSetup(t *testing.T) {
	// Three seats; ann's start tile is the farthest from 1A, which a record
	// may do: its seat order is authoritative.
	bag := tiles(t, `
		12I 1A 5E
		1B 2B 3B 4B 5B 6B
		1D 2D 3D 4D 5D 6D
		1F 2F 3F 4F 5F 6F
		9I 10I`)
	g, err := New(Setup{Seats: []string{"ann", "bob", "cat"}, Bag: bag})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.invariants(); err != nil {
		t.Fatal(err)
	}
	t.Run("A6/start tiles stay on the board as lone tiles", func(t *testing.T) {
		want := strings.Join([]string{
			"o...........",
			"............",
			"............",
			"............",
			"....o.......",
			"............",
			"............",
			"............",
			"...........o",
		}, "\n") + "\n"
		if got := g.String(); got != want {
			t.Errorf("board:\n%s\nwant:\n%s", got, want)
		}
	})
	t.Run("A7/the record's seat order is kept", func(t *testing.T) {
		if s, ok := g.ToMove(); s != 0 || !ok || g.Phase() != PhasePlay {
			t.Errorf("ToMove() = %d, %v in phase %v, want ann (0) to play", s, ok, g.Phase())
		}
	})
	t.Run("A8/each seat draws 6 in turn order", func(t *testing.T) {
		for s, want := range []string{"1B 2B 3B 4B 5B 6B", "1D 2D 3D 4D 5D 6D", "1F 2F 3F 4F 5F 6F"} {
			if got := g.rackOf(s); got != want {
				t.Errorf("rack of %s = %s, want %s", g.Name(s), got, want)
			}
		}
		if v := g.ViewFor(-1); v.BagLeft != 2 {
			t.Errorf("%d tiles left in the bag, want 2", v.BagLeft)
		}
	})
	t.Run("A8/a short bag deals what it has", func(t *testing.T) {
		g, err := New(Setup{Seats: []string{"ann", "bob"}, Bag: tiles(t, "1A 3A 5A 7A 9A")})
		if err != nil {
			t.Fatal(err)
		}
		if a, b := g.rackOf(0), g.rackOf(1); a != "5A 7A 9A" || b != "" {
			t.Errorf("racks %q and %q, want 5A 7A 9A and nothing", a, b)
		}
	})
}

func TestNewRefuses(t *testing.T) {
	seven := []string{"a", "b", "c", "d", "e", "f", "g"}
	tests := []struct {
		name string
		s    Setup
	}{
		{"A28/no seats", Setup{Bag: allTiles()}},
		{"A28/seven seats", Setup{Seats: seven, Bag: allTiles()}},
		{"A6/a start tile for each seat", Setup{Seats: []string{"ann", "bob"}, Bag: []Tile{3}}},
		{"A1/a tile twice", Setup{Seats: []string{"ann"}, Bag: []Tile{3, 4, 3}}},
		{"A1/no such tile", Setup{Seats: []string{"ann"}, Bag: []Tile{108}}},
		{"A1/more than 108", Setup{Seats: []string{"ann"}, Bag: append(allTiles(), 0)}},
		{"bad name", Setup{Seats: []string{"Ann"}, Bag: allTiles()}},
		{"same name twice", Setup{Seats: []string{"ann", "ann"}, Bag: allTiles()}},
		{"C3/more shares than the supply", Setup{Rules: Classic, Seats: []string{"ann", "bob"}, Bag: allTiles(),
			Stock: [][Chains]int{{20}, {3}}}},
		{"C3/stock for more seats than seated", Setup{Rules: Classic, Seats: []string{"ann"}, Bag: allTiles(),
			Stock: [][Chains]int{{1}, {1}}}},
		{"C7/hand=redraw is modern only", Setup{Rules: Classic, Options: Options{Hand: HandRedraw},
			Seats: []string{"ann", "bob"}, Bag: allTiles()}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if g, err := New(tc.s); err == nil {
				t.Errorf("New(%+v) = a game, want an error\n%s", tc.s, g)
			}
		})
	}
}

func TestDeal(t *testing.T) {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}
	for n := 1; n <= MaxSeats; n++ {
		t.Run("A7/first player nearest 1A, then clockwise/"+itoa(n)+" seats", func(t *testing.T) {
			for seed := range uint64(40) {
				s := Deal(Modern, Options{}, names[:n], rand.New(rand.NewPCG(seed, 7)))
				first := slices.Index(names, s.Seats[0])
				for i, name := range s.Seats {
					if want := names[(first+i)%n]; name != want {
						t.Fatalf("seed %d: seats %v, not %v turned", seed, s.Seats, names[:n])
					}
				}
				for _, x := range s.Bag[1:n] {
					a, b := s.Bag[0], x
					if a.Row() > b.Row() || a.Row() == b.Row() && a.Col() > b.Col() {
						t.Fatalf("seed %d: %s starts with %s, but %s is nearer 1A", seed, s.Seats[0], a, b)
					}
				}
				bag := slices.Clone(s.Bag)
				slices.Sort(bag)
				if !slices.Equal(bag, allTiles()) {
					t.Fatalf("seed %d: the bag is not the 108 tiles", seed)
				}
				if s.Stock != nil {
					t.Fatalf("seed %d: modern rules deal shares: %v", seed, s.Stock)
				}
			}
		})
	}
	t.Run("A7/the same seed deals the same game", func(t *testing.T) {
		a := Deal(Modern, Options{}, names, rand.New(rand.NewPCG(9, 9)))
		b := Deal(Modern, Options{}, names, rand.New(rand.NewPCG(9, 9)))
		if a.Header() != b.Header() {
			t.Errorf("two deals with one seed differ:\n%s\n%s", a.Header(), b.Header())
		}
	})
	for n := 2; n <= MaxSeats; n++ {
		t.Run("C3/starting shares dealt/"+itoa(n)+" seats", func(t *testing.T) {
			for seed := range uint64(40) {
				s := Deal(Classic, Options{}, names[:n], rand.New(rand.NewPCG(seed, 3)))
				if len(s.Stock) != n {
					t.Fatalf("seed %d: stock for %d seats, want %d", seed, len(s.Stock), n)
				}
				var perChain [Chains]int
				for i, st := range s.Stock {
					total := 0
					for c, k := range st {
						total += k
						perChain[c] += k
					}
					// 60 cards dealt one at a time: 3–6 seats divide them
					// evenly; two seats get a third each, the last third
					// goes back to the bank.
					want := 60 / n
					if n == 2 {
						want = 20
					}
					if total != want {
						t.Errorf("seed %d: %s dealt %d shares, want %d", seed, s.Seats[i], total, want)
					}
				}
				for c := range Chain(Chains) {
					if dealt := Classic.Chains[c].Dealt; perChain[c] > dealt || n > 2 && perChain[c] != dealt {
						t.Errorf("seed %d: %d %s dealt of %d yellow cards", seed, perChain[c], Classic.Chains[c].Name, dealt)
					}
				}
				g, err := New(s)
				if err != nil {
					t.Fatal(err)
				}
				bank := 0
				for c := range Chain(Chains) {
					bank += g.Bank(c)
					for i := range n {
						if g.Shares(i, c) != s.Stock[i][c] {
							t.Errorf("seed %d: %s holds %d %s, dealt %d", seed, s.Seats[i], g.Shares(i, c), Classic.Chains[c].Name, s.Stock[i][c])
						}
					}
				}
				// The bank keeps the white cards, and with two seats the
				// third pile: 200 − 60 + 20.
				want := 200 - 60
				if n == 2 {
					want += 20
				}
				if bank != want {
					t.Errorf("seed %d: the bank holds %d shares, want %d", seed, bank, want)
				}
			}
		})
	}
}
