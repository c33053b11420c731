// Package rating rates players in free-for-all games with the Weng–Lin
// Plackett–Luce model (OpenSkill): each player has a skill estimate Mu and an
// uncertainty Sigma, and a displayed rating built from the conservative
// ordinal Mu − 3·Sigma. It wraps github.com/eullerpereira94/openskill so that
// the rest of Hotels sees two numbers and one function.
package rating

import (
	"math"
	"slices"

	"github.com/eullerpereira94/openskill"
)

// Rating is a player's skill estimate in one game and rule set.
type Rating struct {
	Mu    float64
	Sigma float64
}

// The model's defaults: a new player is 25 ± 25/3.
const (
	defaultMu    = 25.0
	defaultSigma = defaultMu / 3
)

// New returns a new player's rating.
func New() Rating { return Rating{Mu: defaultMu, Sigma: defaultSigma} }

// Ordinal is the conservative estimate Mu − 3·Sigma: a player is at least
// this good with 99.7% confidence. It starts at 0.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

// Display is the rating players see: 1000 for a new player, about 40 points
// an ordinal unit, so that it moves in steps people can follow and never
// jumps on one lucky game.
func (r Rating) Display() int { return 1000 + int(math.Round(40*r.Ordinal())) }

// Rate returns new ratings after one game: ratings[i] finished in place
// places[i], 1 the best; a shared place is a tie. Losers of an abandoned
// game can be put last by giving them a place below anyone's.
func Rate(ratings []Rating, places []int) []Rating {
	if len(ratings) < 2 || len(ratings) != len(places) {
		return slices.Clone(ratings)
	}
	teams := make([]openskill.Team, len(ratings))
	for i, r := range ratings {
		teams[i] = openskill.NewTeam(&openskill.Rating{AveragePlayerSkill: r.Mu, SkillUncertaintyDegree: r.Sigma})
	}
	// Rank 1 is the best; a shared place shares a rank.
	ranks := make([]int64, len(places))
	for i := range places {
		ranks[i] = 1
		for j := range places {
			if places[j] < places[i] {
				ranks[i]++
			}
		}
	}
	out := openskill.Rate(teams, openskill.Options{Rankings: ranks})
	next := make([]Rating, len(ratings))
	for i, team := range out {
		next[i] = Rating{Mu: team[0].AveragePlayerSkill, Sigma: team[0].SkillUncertaintyDegree}
	}
	return next
}
