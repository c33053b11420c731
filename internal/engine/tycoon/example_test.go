package tycoon_test

import (
	"fmt"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
)

// A turn: the die is a seat of its own, engine.Chance, whose legal actions
// are the faces; the room draws one and applies it like any action.
func ExampleGame_Do() {
	g, _ := tycoon.New(tycoon.Setup{Seats: []string{"ann", "bob"}})
	seat, _ := g.ToMove()
	fmt.Println(seat == engine.Chance, g.Legal(seat)[1])
	g.Do(int(engine.Chance), tycoon.Action{Verb: tycoon.Roll, N: 2})
	fmt.Println(g.Log(engine.Watcher))
	fmt.Println(g.Due())
	a, _ := g.ParseAction(0, "buy Boomerang")
	g.Apply(0, a)
	fmt.Println(g.Log(engine.Watcher))
	// Output:
	// true roll 2
	// [ann rolls 2 and moves to 2]
	// ann is on space 2 (Buy) and may act
	// [ann buys the Boomerang's land from the bank for $500]
}
