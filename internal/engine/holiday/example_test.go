package holiday_test

import (
	"errors"
	"fmt"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// A game is made from its seats and deck, and driven by actions as a
// record writes them; Log says what each did, as a seat may see it.
func Example() {
	var deck []holiday.Card
	for _, w := range strings.Fields(`
		Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6 Alps-7 Alps-8 Alps-9 Raise
		USA-1 USA-2 USA-3 USA-4 USA-5 USA-6 USA-7 USA-8 USA-9 USA-10
		Cities-1 Cities-2 Cities-3 Tropics-7 Tropics-8 Tropics-9 Tropics-10 Exchange
		Alps-11 Alps-12`) {
		k, _ := holiday.ParseCard(w)
		deck = append(deck, k)
	}
	g, _ := holiday.New(holiday.Setup{Seats: []string{"ann", "bob"}, Deck: deck})
	for _, text := range []string{"take Alps Alps", "card Alps-5", "card Alps-6"} {
		a, _ := g.ParseAction(0, text)
		if err := g.Apply(0, a); err != nil {
			fmt.Println(err)
		}
		for _, line := range g.Log(0) {
			fmt.Println(line)
		}
	}
	fmt.Println(g.Due())
	a, _ := g.ParseAction(1, "card USA-1")
	var refusal *engine.RuleError
	if errors.As(g.Apply(1, a), &refusal) {
		fmt.Println(refusal.Rule, refusal.Reason[:strings.Index(refusal.Reason, ";")])
	}
	// Output:
	// ann takes 2 Alps
	// ann plays Alps-5: Alps' chain is now 1, value 0
	// ann plays Alps-6: Alps' chain is now 2, value 0
	// ann draws Alps-11 and Alps-12
	// bob is to take 2 shares
	// H9 take 2 shares first (or use an option card)
}

// Kind.Replay replays a whole record, its checks and result included; the
// `replay` command prints its standings in points.
func ExampleKind() {
	rec, _ := engine.ReadRecord(strings.NewReader(`hotels-record 1
game holiday
seat ann
seat bob
deck Alps-1 Alps-2 Alps-3 Alps-4 Alps-5 Alps-6 Alps-7 Alps-8 USA-1 USA-2
deck Cities-1 Cities-2 Cities-3 Cities-4   # bob's; nothing is left to turn up
ann take Alps Alps
ann card Alps-1
ann card Alps-2
bob take USA USA
bob card Cities-1
bob card Cities-2
ann take Alps Alps
ann card Alps-3
ann card Alps-4
check value Alps 0
bob take USA USA
bob card Cities-3
bob card Cities-4
ann option Alps Alps
ann take Alps Alps
ann card Alps-5
check value Alps 5
ann card Alps-6   # every hand holds 4 cards or fewer: the end (H21)
check shares ann Alps 8
result ann 48 bob 0
`))
	g, err := holiday.Kind.Replay(rec)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Due())
	fmt.Println(g.Standings())
	// Output:
	// the game is over: every hand holds 4 cards or fewer; ann wins with 48 points
	// [{0 ann 48 1} {1 bob 0 2}]
}
