package acquire

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
)

func TestView(t *testing.T) {
	p := position{
		board: `
			TT..........
			............
			AAA.........
			............
			............
			............
			............
			............
			............`,
		racks:  []string{"12I 11I", "9G 8G 7G", "1I"},
		cash:   []int{6100, 6200, 6300},
		shares: []string{"Tower 2", "American 1", ""},
		bag:    "5E 6E",
	}
	hidden := [Chains]int{Hidden, Hidden, Hidden, Hidden, Hidden, Hidden, Hidden}
	shares := func(c Chain, k int) (s [Chains]int) {
		s[c] = k
		return s
	}
	tw, am := Chain(6), Chain(4)
	t.Run("A27/holdings=hidden: only one's own cash and shares", func(t *testing.T) {
		p := p
		p.opts.Holdings = HoldingsHidden
		g := p.build(t)
		v := g.ViewFor(1)
		if want := []int{Hidden, 6200, Hidden}; !slices.Equal(v.Cash, want) {
			t.Errorf("bob sees cash %v, want %v", v.Cash, want)
		}
		if want := [][Chains]int{hidden, shares(am, 1), hidden}; !slices.Equal(v.Shares, want) {
			t.Errorf("bob sees shares %v, want %v", v.Shares, want)
		}
		if v.Bank[tw] != 23 || v.Bank[am] != 24 || v.Size[tw] != 2 || v.Price[am] != 400 {
			t.Errorf("bob sees bank %v, sizes %v, prices %v", v.Bank, v.Size, v.Price)
		}
		w := g.ViewFor(engine.Watcher)
		if want := []int{Hidden, Hidden, Hidden}; !slices.Equal(w.Cash, want) || w.Shares[0] != hidden || w.Rack != nil {
			t.Errorf("a watcher sees cash %v, shares %v, rack %v", w.Cash, w.Shares, w.Rack)
		}
		if g.Public(1, 0) || !g.Public(1, 1) {
			t.Error("Public is wrong")
		}
	})
	t.Run("A27/holdings=open: everyone's cash and shares", func(t *testing.T) {
		g := p.build(t)
		for _, viewer := range []engine.Seat{engine.Watcher, 0, 1, 2} {
			v := g.ViewFor(viewer)
			if want := []int{6100, 6200, 6300}; !slices.Equal(v.Cash, want) {
				t.Errorf("%d sees cash %v, want %v", viewer, v.Cash, want)
			}
			if want := [][Chains]int{shares(tw, 2), shares(am, 1), {}}; !slices.Equal(v.Shares, want) {
				t.Errorf("%d sees shares %v, want %v", viewer, v.Shares, want)
			}
		}
	})
	for _, opts := range []Options{{}, {Holdings: HoldingsHidden}} {
		holdings := "holdings=open"
		if opts.Holdings == HoldingsHidden {
			holdings = "holdings=hidden"
		}
		t.Run("A8/A27/racks and bag are always hidden/"+holdings, func(t *testing.T) {
			p := p
			p.opts = opts
			g := p.build(t)
			for viewer, want := range []string{"12I 11I", "9G 8G 7G", "1I"} {
				v := g.ViewFor(engine.Seat(viewer))
				var got []string
				for _, info := range v.Rack {
					got = append(got, info.Tile.String())
				}
				if strings.Join(got, " ") != want {
					t.Errorf("seat %d sees rack %v, want %s", viewer, got, want)
				}
				if !slices.Equal(v.RackSizes, []int{2, 3, 1}) || v.BagLeft != 2 {
					t.Errorf("seat %d sees rack sizes %v, bag %d", viewer, v.RackSizes, v.BagLeft)
				}
				// No other tile is in the view: no other rack, no bag.
				in := tilesIn(reflect.ValueOf(v))
				if !slices.Contains(in, v.Rack[0].Tile) {
					t.Errorf("tilesIn misses the rack: %v", in)
				}
				for _, x := range in {
					if !strings.Contains(want, x.String()) && v.Board[x] == Empty {
						t.Errorf("seat %d's view holds %s", viewer, x)
					}
				}
			}
			if g.ViewFor(engine.Watcher).Rack != nil || g.ViewFor(3).Rack != nil {
				t.Error("a watcher sees a rack")
			}
		})
	}
	t.Run("A27/holdings=hidden: the log does not name what others buy", func(t *testing.T) {
		p := p
		p.opts.Holdings = HoldingsHidden
		g := p.build(t)
		do(t, g, "ann play 12I", "ann buy Tower Tower")
		ann, bob := strings.Join(g.Log(0), "; "), strings.Join(g.Log(1), "; ")
		if !strings.Contains(ann, "ann buys 2 Tower for $800") {
			t.Errorf("ann's log: %s", ann)
		}
		if strings.Contains(bob, "Tower") || strings.Contains(bob, "$") || !strings.Contains(bob, "ann buys 2 shares") {
			t.Errorf("bob's log: %s", bob)
		}
	})
	t.Run("A27/holdings=hidden: all is public once the game is over", func(t *testing.T) {
		p := p
		p.opts.Holdings = HoldingsHidden
		p.racks = []string{"12I", "", ""}
		p.bag = ""
		g := p.build(t)
		do(t, g, "ann play 12I", "ann buy")
		if !g.Over() {
			t.Fatal("not over")
		}
		if v := g.ViewFor(engine.Watcher); slices.Contains(v.Cash, Hidden) {
			t.Errorf("a watcher sees cash %v after the end", v.Cash)
		}
	})
	t.Run("A27/a view shares nothing with the game", func(t *testing.T) {
		g := p.build(t)
		before := *g
		v := g.ViewFor(0)
		v.Cash[0], v.Shares[0][tw], v.Names[0], v.RackSizes[0] = 1, 1, "eve", 9
		v.Rack[0].Tile = 0
		if *g != before || !reflect.DeepEqual(g.ViewFor(0), g.ViewFor(0)) || g.ViewFor(0).Cash[0] != 6100 {
			t.Error("changing a view changed the game")
		}
	})
}

// tilesIn returns every Tile held anywhere in v.
func tilesIn(v reflect.Value) []Tile {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		// The rule set is the same for all and holds no position.
		if !v.IsNil() && v.Type() != reflect.TypeFor[*Rules]() {
			return tilesIn(v.Elem())
		}
	case reflect.Struct:
		var out []Tile
		for i := range v.NumField() {
			out = append(out, tilesIn(v.Field(i))...)
		}
		return out
	case reflect.Slice, reflect.Array:
		var out []Tile
		for i := range v.Len() {
			out = append(out, tilesIn(v.Index(i))...)
		}
		return out
	case reflect.Uint8:
		if v.Type() == reflect.TypeFor[Tile]() && Tile(v.Uint()) < Tiles {
			return []Tile{Tile(v.Uint())}
		}
	}
	return nil
}
