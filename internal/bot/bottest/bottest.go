// Package bottest holds what the games' bot arenas share: the arena itself
// (Arena: its -arena.* flags, the same for every game, the seat-rotated
// games and their report) and the confidence interval it reports a win
// rate with. Only tests import it.
package bottest

import "math"

// Wilson returns the 95% Wilson score interval of wins in n games (a tie
// for first may count as a fraction of a win). Unlike the normal
// approximation it stays sound near 0% and 100%.
func Wilson(wins float64, n int) (lo, hi float64) {
	const z = 1.96
	k := float64(n)
	p := wins / k
	mid := (p + z*z/(2*k)) / (1 + z*z/k)
	half := z / (1 + z*z/k) * math.Sqrt(p*(1-p)/k+z*z/(4*k*k))
	return mid - half, mid + half
}
