package acquire_test

import (
	"math/rand/v2"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/enginetest"
)

func TestEngineContract(t *testing.T) {
	names := []string{"ann", "bob", "cat", "dan", "eve", "fay"}
	options := []acquire.Options{
		{},
		{Holdings: acquire.HoldingsHidden},
		{Hand: acquire.HandRedraw},
		{Holdings: acquire.HoldingsHidden, Hand: acquire.HandRedraw},
	}
	for _, r := range acquire.RuleSets {
		for _, opts := range options {
			if opts.Hand == acquire.HandRedraw && !r.Redraw {
				continue
			}
			name := r.Key
			for _, o := range opts.List() {
				name += "," + o
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				// Seeds 0–5 seat one to six players (A28).
				enginetest.Check(t, func(seed uint64) engine.Game {
					s := acquire.Deal(r, opts, names[:1+seed%6], rand.New(rand.NewPCG(seed, 1)))
					g, err := acquire.New(s)
					if err != nil {
						t.Fatal(err)
					}
					return g
				}, enginetest.Options{Games: 6})
			})
		}
	}
}
