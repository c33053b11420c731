package acquire

import (
	"strings"
	"testing"
)

func TestParseTile(t *testing.T) {
	good := []struct {
		in       string
		col, row int
	}{
		{"1A", 0, 0},
		{"12I", 11, 8},
		{"6D", 5, 3},
		{"6d", 5, 3},
		{"D6", 5, 3},
		{"d6", 5, 3},
		{"10C", 9, 2},
		{"c10", 9, 2},
		{"I12", 11, 8},
		{"12i", 11, 8},
		{" 3B ", 2, 1},
	}
	for _, tc := range good {
		t.Run("A1/"+tc.in, func(t *testing.T) {
			got, err := ParseTile(tc.in)
			if want := TileAt(tc.col, tc.row); got != want || err != nil {
				t.Errorf("ParseTile(%q) = %v, %v, want %v, nil", tc.in, got, err, want)
			}
		})
	}
	bad := []string{
		"", " ", "A", "1", "AA", "11", "0A", "13A", "99A", "1J", "1Z", "J1", "A0", "A13",
		"01A", "A01", "1A1", "A1A", "1AA", "1-A", "-1A", "+1A", "1 A", "100A", "1A\x00",
		"1ı", // dotless i: its upper case is I, but tiles are ASCII
		"１A", // a full-width digit
		"1\u212a",
	}
	for _, in := range bad {
		t.Run("A1/bad "+strings.ToValidUTF8(in, "?"), func(t *testing.T) {
			got, err := ParseTile(in)
			if err == nil || got != NoTile {
				t.Errorf("ParseTile(%q) = %v, %v, want NoTile, an error", in, got, err)
			}
		})
	}
}

func TestTileText(t *testing.T) {
	t.Run("A1/108 tiles written column then row, read both ways", func(t *testing.T) {
		if Tiles != 108 || Cols != 12 || Rows != 9 {
			t.Fatalf("board %d×%d = %d tiles, want 12×9 = 108", Cols, Rows, Tiles)
		}
		seen := map[string]bool{}
		for x := range Tile(Tiles) {
			s := x.String()
			if seen[s] {
				t.Fatalf("%v written twice as %q", x, s)
			}
			seen[s] = true
			want := string(rune('A'+x.Row())) + s[:len(s)-1]
			if s[len(s)-1] != byte('A'+x.Row()) || s[:len(s)-1] != itoa(x.Col()+1) {
				t.Errorf("tile col %d row %d written %q", x.Col(), x.Row(), s)
			}
			for _, in := range []string{s, strings.ToLower(s), want, strings.ToLower(want)} {
				if got, err := ParseTile(in); got != x || err != nil {
					t.Errorf("ParseTile(%q) = %v, %v, want %v", in, got, err, x)
				}
			}
		}
		if s := NoTile.String(); s != "-" {
			t.Errorf("NoTile.String() = %q, want -", s)
		}
	})
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return "1" + string(rune('0'+n-10))
}

func TestAdjacency(t *testing.T) {
	// A lone tile at 5E, and one at 12A to catch a board that wraps a row
	// into the next.
	g := position{board: `
		...........o
		............
		............
		............
		....o.......
		............
		............
		............
		............`}.build(t)
	tests := []struct {
		name string
		tile string
		want Class
	}{
		{"A2/above touches", "5D", Founds},
		{"A2/below touches", "5F", Founds},
		{"A2/left touches", "4E", Founds},
		{"A2/right touches", "6E", Founds},
		{"A2/diagonal does not touch", "4D", Lone},
		{"A2/other diagonal does not touch", "6F", Lone},
		{"A2/two away does not touch", "7E", Lone},
		{"A2/12A and 1B are not neighbours", "1B", Lone},
		{"A2/11A touches 12A", "11A", Founds},
		{"A2/12B touches 12A", "12B", Founds},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := g.classify(tile(t, tc.tile)); got != tc.want {
				t.Errorf("classify(%s) = %v, want %v", tc.tile, got, tc.want)
			}
		})
	}
}

func TestModernChains(t *testing.T) {
	want := []struct {
		name  string
		price int // at size 2: the tier (A4)
	}{
		{"Worldwide", 200}, {"Sackson", 200},
		{"Festival", 300}, {"Imperial", 300}, {"American", 300},
		{"Continental", 400}, {"Tower", 400},
	}
	t.Run("A3/seven chains in three tiers, 25 shares each", func(t *testing.T) {
		for c, w := range want {
			info := Modern.Chains[c]
			if info.Name != w.name || info.Supply != 25 || info.Dealt != 0 {
				t.Errorf("chain %d = %+v, want %s with 25 shares", c, info, w.name)
			}
			if got := Modern.Price(Chain(c), 2); got != w.price {
				t.Errorf("Price(%s, 2) = %d, want %d", w.name, got, w.price)
			}
			got, err := Modern.ChainByName(strings.ToUpper(w.name))
			if got != Chain(c) || err != nil {
				t.Errorf("ChainByName(%q) = %v, %v", strings.ToUpper(w.name), got, err)
			}
		}
		if _, err := Modern.ChainByName("Luxor"); err == nil {
			t.Error("ChainByName(Luxor): a classic name is accepted by the modern rules")
		}
	})
}

// priceSteps is the share price of a cheap chain, by size, as acquire.md
// lists it (A4); the classic scale (C2) is written the same way.
type priceStep struct{ from, to, dollars int }

var modernCheap = []priceStep{
	{0, 1, 0}, {2, 2, 200}, {3, 3, 300}, {4, 4, 400}, {5, 5, 500}, {6, 10, 600},
	{11, 20, 700}, {21, 30, 800}, {31, 40, 900}, {41, Tiles, 1000},
}

var classicScale = []priceStep{
	{0, 1, 0}, {2, 2, 200}, {3, 3, 300}, {4, 4, 400}, {5, 5, 500}, {6, 10, 700},
	{11, 20, 800}, {21, 30, 900}, {31, 40, 1000}, {41, Tiles, 1100},
}

func TestPrice(t *testing.T) {
	tiers := map[string]int{
		"Worldwide": 0, "Sackson": 0, // cheap
		"Festival": 100, "Imperial": 100, "American": 100, // medium
		"Continental": 200, "Tower": 200, // expensive
	}
	for c := range Chain(Chains) {
		name := Modern.Chains[c].Name
		t.Run("A4/"+name, func(t *testing.T) {
			for _, st := range modernCheap {
				for size := st.from; size <= st.to; size++ {
					want := st.dollars
					if want > 0 {
						want += tiers[name]
					}
					if got := Modern.Price(c, size); got != want {
						t.Errorf("Price(%s, %d) = %d, want %d", name, size, got, want)
					}
				}
			}
		})
	}
	for c := range Chain(Chains) {
		name := Classic.Chains[c].Name
		t.Run("C2/"+name, func(t *testing.T) {
			for _, st := range classicScale {
				for size := st.from; size <= st.to; size++ {
					if got := Classic.Price(c, size); got != st.dollars {
						t.Errorf("Price(%s, %d) = %d, want %d", name, size, got, st.dollars)
					}
				}
			}
		})
	}
}

func TestStartCash(t *testing.T) {
	t.Run("A5/every seat starts with $6,000", func(t *testing.T) {
		g, err := New(Setup{Seats: []string{"ann", "bob", "cat", "dan", "eve", "fay"}, Bag: allTiles()})
		if err != nil {
			t.Fatal(err)
		}
		for s := range 6 {
			if g.Cash(s) != 6000 {
				t.Errorf("%s has $%d, want $6000", g.Name(s), g.Cash(s))
			}
		}
	})
	t.Run("A5/no loans: a buy beyond cash is refused", func(t *testing.T) {
		g := position{
			board: `
				TT..........
				............
				............
				............
				............
				............
				............
				............
				............`,
			racks: []string{"12I", "1I"},
			cash:  []int{700},
		}.build(t)
		do(t, g, "ann play 12I")
		refused(t, g, "ann buy Tower Tower", "A20") // $800
		do(t, g, "ann buy Tower")
		if g.Cash(0) != 300 {
			t.Errorf("ann has $%d, want $300", g.Cash(0))
		}
	})
}

func TestClassicChains(t *testing.T) {
	want := []struct {
		name           string
		yellow, supply int
	}{
		{"Continental", 8, 8 + 14}, {"Wilton", 8, 8 + 16}, {"Luxor", 8, 8 + 18},
		{"American", 9, 9 + 20}, {"Worldwide", 9, 9 + 22}, {"Sharedon", 9, 9 + 24},
		{"Festival", 9, 9 + 26},
	}
	t.Run("C1/chains and share supplies", func(t *testing.T) {
		dealt := 0
		for c, w := range want {
			info := Classic.Chains[c]
			if info.Name != w.name || info.Supply != w.supply || info.Dealt != w.yellow {
				t.Errorf("chain %d = %+v, want %s with %d+%d shares", c, info, w.name, w.yellow, w.supply-w.yellow)
			}
			dealt += info.Dealt
		}
		if dealt != 60 {
			t.Errorf("%d yellow cards, want 60", dealt)
		}
		if _, err := Classic.ChainByName("Tower"); err == nil {
			t.Error("ChainByName(Tower): a modern name is accepted by the classic rules")
		}
		if r, err := RulesByKey("CLASSIC"); r != Classic || err != nil {
			t.Errorf("RulesByKey(CLASSIC) = %v, %v", r, err)
		}
		if r, err := RulesByKey("tournament"); r != nil || err == nil {
			t.Errorf("RulesByKey(tournament) = %v, %v, want an error", r, err)
		}
	})
}

func allTiles() []Tile {
	bag := make([]Tile, Tiles)
	for i := range bag {
		bag[i] = Tile(i)
	}
	return bag
}
