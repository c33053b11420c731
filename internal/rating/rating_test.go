package rating_test

import (
	"testing"

	"hotels/internal/rating"
)

func TestRate(t *testing.T) {
	four := []rating.Rating{rating.New(), rating.New(), rating.New(), rating.New()}
	after := rating.Rate(four, []int{2, 3, 1, 4})
	// The winner gains most, the last loses most; uncertainty shrinks.
	if !(after[2].Mu > after[0].Mu && after[0].Mu > after[1].Mu && after[1].Mu > after[3].Mu) {
		t.Errorf("order of Mu after the game = %+v; want 3rd > 1st > 2nd > 4th", after)
	}
	for i, r := range after {
		if r.Sigma >= four[i].Sigma {
			t.Errorf("player %d's Sigma %f did not shrink from %f", i, r.Sigma, four[i].Sigma)
		}
	}
	// A shared place is a tie: equal players stay equal.
	tied := rating.Rate([]rating.Rating{rating.New(), rating.New()}, []int{1, 1})
	if tied[0] != tied[1] {
		t.Errorf("a tie gave %+v and %+v", tied[0], tied[1])
	}
	// The inputs are not changed.
	if four[0] != rating.New() {
		t.Errorf("Rate changed its input: %+v", four[0])
	}
	// An upset moves more than an expected result.
	strong, weak := rating.Rating{Mu: 35, Sigma: 3}, rating.Rating{Mu: 15, Sigma: 3}
	expected := rating.Rate([]rating.Rating{strong, weak}, []int{1, 2})
	upset := rating.Rate([]rating.Rating{strong, weak}, []int{2, 1})
	if upset[1].Mu-weak.Mu <= expected[1].Mu-weak.Mu || upset[1].Mu <= weak.Mu {
		t.Errorf("the weak player's gain: upset %f, expected %f", upset[1].Mu-weak.Mu, expected[1].Mu-weak.Mu)
	}
}

func TestDisplay(t *testing.T) {
	if d := rating.New().Display(); d != 1000 {
		t.Errorf("a new player's rating = %d, want 1000", d)
	}
	if d := (rating.Rating{Mu: 30, Sigma: 2}).Display(); d != 1000+40*24 {
		t.Errorf("Display(30±2) = %d, want %d", d, 1000+40*24)
	}
}
