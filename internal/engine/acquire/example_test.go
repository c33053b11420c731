package acquire_test

import (
	"errors"
	"fmt"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
)

func ExampleNew() {
	// A short bag: the start tiles of ann and bob, then six tiles each.
	var bag []acquire.Tile
	for _, s := range strings.Fields("5E 1A  6E 7A 9C 11G 2I 4I  8A 12A 3C 5G 10I 12E") {
		t, _ := acquire.ParseTile(s)
		bag = append(bag, t)
	}
	g, err := acquire.New(acquire.Setup{Seats: []string{"ann", "bob"}, Bag: bag})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range []string{"play 6E", "found Tower", "buy Tower Tower"} {
		a, err := g.Rules().ParseAction(text)
		if err == nil {
			err = g.Do(0, a)
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range g.Events() {
			fmt.Println(g.Text(e, engine.Watcher))
		}
	}
	fmt.Println(g.Due())
	fmt.Print(g)
	// Output:
	// ann plays 6E
	// ann founds Tower (2 tiles) and gets a free share
	// ann buys 2 Tower for $800
	// bob is to play a tile
	// o...........
	// ............
	// ............
	// ............
	// ....TT......
	// ............
	// ............
	// ............
	// ............
}

func ExampleGame_Do_refused() {
	const record = "hotels-record 1\ngame acquire\nseat ann\nseat bob\nbag 5E 1A 6E 7A\nann play 6E\nann found Tower\n"
	rec, _ := engine.ReadRecord(strings.NewReader(record))
	rp, _ := acquire.ReadRecord(rec)
	g := rp.Game
	fmt.Println(g.Due())

	buy, _ := g.Rules().ParseAction("buy Tower Tower Tower")
	buy.N = 4 // a fourth share, as a buggy client might send
	err := g.Do(0, buy)
	fmt.Println(err)
	var re *engine.RuleError
	fmt.Println(errors.Is(err, engine.ErrIllegal), errors.As(err, &re) && re.Rule == "A20")
	// Output:
	// ann is to buy shares
	// ann buy Tower Tower Tower: at most 3 shares a turn (A20)
	// true true
}

func ExampleParseTile() {
	for _, s := range []string{"6D", "d6", "12i", "13A"} {
		t, err := acquire.ParseTile(s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(t, "column", t.Col()+1, "row", string(rune('A'+t.Row())))
	}
	// Output:
	// 6D column 6 row D
	// 6D column 6 row D
	// 12I column 12 row I
	// "13A" is not a tile: write a column 1–12 and a row A–I, like 6D
}

func ExampleReadRecord() {
	const record = `hotels-record 1
game acquire
rules modern
seat ann
seat bob
bag 5E 1A 6E 7A 9C 11G 2I 4I 8A 12A 3C 5G 10I 12E
ann play 6E
ann found Tower
ann buy Tower Tower
check cash ann 5200 bob 6000
`
	rec, err := engine.ReadRecord(strings.NewReader(record))
	if err != nil {
		fmt.Println(err)
		return
	}
	rp, err := acquire.ReadRecord(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	g := rp.Game
	tower, _ := g.Rules().ChainByName("Tower")
	fmt.Println(rp.Lines, "actions;", g.Due())
	fmt.Println("Tower:", g.Size(tower), "tiles, ann holds", g.Shares(0, tower), "shares, the bank", g.Bank(tower))
	// Output:
	// 3 actions; bob is to play a tile
	// Tower: 2 tiles, ann holds 3 shares, the bank 22
}

func ExampleRules_Price() {
	tower, _ := acquire.Modern.ChainByName("Tower")
	worldwide, _ := acquire.Modern.ChainByName("Worldwide")
	for _, size := range []int{2, 6, 11, 41} {
		fmt.Printf("%2d tiles: Worldwide $%d, Tower $%d\n", size, acquire.Modern.Price(worldwide, size), acquire.Modern.Price(tower, size))
	}
	luxor, _ := acquire.Classic.ChainByName("Luxor")
	fmt.Printf("classic Luxor at 6 tiles: $%d\n", acquire.Classic.Price(luxor, 6))
	// Output:
	//  2 tiles: Worldwide $200, Tower $400
	//  6 tiles: Worldwide $600, Tower $800
	// 11 tiles: Worldwide $700, Tower $900
	// 41 tiles: Worldwide $1000, Tower $1200
	// classic Luxor at 6 tiles: $700
}
