package bottest_test

import (
	"math"
	"testing"

	"hotels/internal/bot/bottest"
)

// The interval of known cases: 91 of 100 is 83.8%–95.2%, 0 of 10 starts at 0
// and 10 of 10 ends at 1, and half the games gives a symmetric interval.
func TestWilson(t *testing.T) {
	for _, c := range []struct {
		wins   float64
		n      int
		lo, hi float64
	}{{91, 100, 0.8377, 0.9519}, {0, 10, 0, 0.2775}, {10, 10, 0.7225, 1}, {50, 100, 0.4038, 0.5962}} {
		lo, hi := bottest.Wilson(c.wins, c.n)
		if math.Abs(lo-c.lo) > 5e-4 || math.Abs(hi-c.hi) > 5e-4 {
			t.Errorf("Wilson(%v, %d) = %.4f–%.4f, want %.4f–%.4f", c.wins, c.n, lo, hi, c.lo, c.hi)
		}
	}
}
