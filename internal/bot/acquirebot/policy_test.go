package acquirebot

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine/acquire"
)

// TestPolicyLegal: the playout policy and the search's candidates give
// legal actions in every position of many random games, in both rule sets
// and with every option.
func TestPolicyLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pol := policy{rng: rng}
	h := NewHard(rng, HardOptions{Iterations: 1})
	var cands []acquire.Action
	games := 0
	for _, r := range acquire.RuleSets {
		for _, opts := range []acquire.Options{{}, {Holdings: acquire.HoldingsHidden}, {Hand: acquire.HandRedraw}} {
			if opts.Hand == acquire.HandRedraw && !r.Redraw {
				continue
			}
			for seats := 2; seats <= 6; seats++ {
				for range 30 {
					names := []string{"a", "b", "c", "d", "e", "f"}[:seats]
					g, err := acquire.New(acquire.Deal(r, opts, names, rng))
					if err != nil {
						t.Fatal(err)
					}
					games++
					for !g.Over() {
						to, _ := g.ToMove()
						s := int(to)
						check := func(what string, a acquire.Action) {
							c := *g
							if err := c.Do(s, a); err != nil {
								t.Fatalf("%s %s: %v\n%s", r.Key, what, err, g)
							}
						}
						check("policy", pol.act(g, s))
						cands = h.candidates(g, s, cands[:0])
						for _, a := range cands {
							check("candidate", a)
						}
						// Play on at random, so that the positions are varied.
						a, _ := g.RandomAction(s, rng)
						if rng.IntN(2) == 0 {
							a = pol.act(g, s)
						}
						if err := g.Do(s, a); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
		}
	}
	if games < 100 {
		t.Errorf("only %d games", games)
	}
}
