package profile_test

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine/acquire"
	"hotels/internal/engine/tycoon"
	"hotels/internal/profile"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// The store is a profile.Source (checked here, so that profile links no
// database driver).
var _ profile.Source = (*store.Store)(nil)

func newAccount(t *testing.T, s *store.Store, name string) store.Account {
	t.Helper()
	pub, _, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pk, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.CreateAccount(context.Background(), name, strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pk))))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// game stores a finished game of ann and bob with its record lines and
// result, rated if changes are given.
func game(t *testing.T, s *store.Store, rules string, seats []store.Seat, lines []string, result string, changes ...store.RatingChange) store.GameID {
	t.Helper()
	ctx := context.Background()
	id, err := s.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: rules, Ranked: len(changes) > 0, Status: store.StatusPlaying, Seats: seats})
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lines {
		if err := s.AppendAction(ctx, id, i+1, l); err != nil {
			t.Fatal(err)
		}
	}
	if result == "" {
		return id
	}
	if err := s.FinishGame(ctx, id, result, outcomes(seats, result)); err != nil {
		t.Fatal(err)
	}
	for i := range changes {
		changes[i].Game = id
	}
	if len(changes) > 0 {
		if err := s.RecordRatings(ctx, "acquire", rules, changes); err != nil {
			t.Fatal(err)
		}
	}
	return id
}

// outcomes reads each seat's score from a result line ("ann 9000 bob 5000")
// and places them as Acquire does: more money first, equal money shares a
// place.
func outcomes(seats []store.Seat, result string) []store.Outcome {
	f := strings.Fields(result)
	score := map[string]int{}
	for i := 0; i+1 < len(f); i += 2 {
		score[f[i]], _ = strconv.Atoi(f[i+1])
	}
	out := make([]store.Outcome, len(seats))
	for i, st := range seats {
		out[i] = store.Outcome{Place: 1, Score: score[st.Name]}
		for _, other := range seats {
			if score[other.Name] > score[st.Name] {
				out[i].Place++
			}
		}
	}
	return out
}

func TestLoad(t *testing.T) {
	ctx := context.Background()
	s, err := store.Open(ctx, storetest.Data(t))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = s.Close() }()
	ann, bob := newAccount(t, s, "ann"), newAccount(t, s, "bob")
	seats := []store.Seat{{Index: 0, Account: ann.ID, Name: "ann"}, {Index: 1, Account: bob.ID, Name: "bob"}, {Index: 2, Name: "bot1", Bot: "easy"}}
	game(t, s, "modern", seats, []string{"ann play 1A", "ann found Tower", "bob found Luxor", "ann found American  # autopilot"},
		"ann 9000 bob 5000 bot1 100",
		store.RatingChange{Account: ann.ID, Place: 1, MuBefore: 25, SigmaBefore: 25.0 / 3, MuAfter: 27, SigmaAfter: 7.5},
		store.RatingChange{Account: bob.ID, Place: 2, MuBefore: 25, SigmaBefore: 25.0 / 3, MuAfter: 23, SigmaAfter: 7.5})
	game(t, s, "modern", seats, []string{"ann found Tower", "ann found Festival"}, "bob 7000 ann 7000 bot1 100",
		store.RatingChange{Account: ann.ID, Place: 1, MuBefore: 27, SigmaBefore: 7.5, MuAfter: 27.5, SigmaAfter: 7},
		store.RatingChange{Account: bob.ID, Place: 1, MuBefore: 23, SigmaBefore: 7.5, MuAfter: 24, SigmaAfter: 7})
	game(t, s, "classic", seats[:2], []string{"ann found Tower"}, "bob 8000 ann 2000") // unrated
	game(t, s, "modern", seats[:2], []string{"ann found Tower"}, "")                   // in play: not counted

	// A tally of a game ann never played is not listed.
	p, err := profile.Load(ctx, s, ann.ID, "ann", []profile.Tally{bought, founded})
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "ann" || len(p.Ratings) != 1 {
		t.Fatalf("Load(ann) = %+v", p)
	}
	r := p.Ratings[0]
	if r.Rules != "modern" || r.Games != 2 || r.Wins != 2 || r.WinRate() != 100 || len(r.History) != 2 {
		t.Errorf("ann's modern rating = %+v", r)
	}
	if h := r.History; h[0].Before != 1000 || h[0].After != h[1].Before || h[1].Place != 1 || h[0].At.IsZero() {
		t.Errorf("ann's history = %+v; want oldest first, from 1000, chained", h)
	}
	if want := (27.5 - 3*7); r.Rating != 1000+int(40*want+0.5) {
		t.Errorf("ann's rating = %d, want Display(27.5±7)", r.Rating)
	}
	want := []profile.Count{{Name: "Tower", Count: 3}, {Name: "Festival", Count: 1}}
	if len(p.Favourites) != 1 || !slices.Equal(p.Favourites[0].Counts, want) || p.Favourites[0].String() != "Tower 3, Festival 1" {
		t.Errorf("ann's favourites = %+v, want chains %+v (finished games only, not the autopilot's)", p.Favourites, want)
	}
	if len(p.Recent) != 4 {
		t.Fatalf("ann's recent games = %+v", p.Recent)
	}
	for i, w := range []struct {
		status       store.Status
		place, score int
		ranked       bool
	}{{store.StatusPlaying, 0, 0, false}, {store.StatusFinished, 2, 2000, false}, {store.StatusFinished, 1, 7000, true}, {store.StatusFinished, 1, 9000, true}} {
		g := p.Recent[i]
		if g.Status != w.status || g.Place != w.place || g.Score != w.score || g.Ranked != w.ranked {
			t.Errorf("recent game %d = %+v, want %+v", i, g, w)
		}
	}
	if got := p.Recent[3].Players; !slices.Equal(got, []string{"ann", "bob", "bot1"}) {
		t.Errorf("players of the first game = %q", got)
	}

	// A player with no games has an empty profile, not a nil one.
	carol := newAccount(t, s, "carol")
	p, err = profile.Load(ctx, s, carol.ID, "carol", []profile.Tally{founded, bought})
	if err != nil || p.Name != "carol" || p.Ratings == nil || p.Recent == nil || len(p.Favourites) != 1 || p.Favourites[0].Counts == nil {
		t.Errorf("Load(carol) = %+v, %v", p, err)
	}
	if got := p.Favourites[0].String(); got != "none founded yet" {
		t.Errorf("carol's favourites = %q, want the first tally's none, and no other", got)
	}
}

// bought is Hotel Tycoon's tally, as the registry gives it.
var bought = profile.Tally{Game: "tycoon", Title: "Favourite hotels", What: "bought", None: "no plot bought yet", Count: tycoon.Bought}

// founded is Acquire's tally, as the registry gives it.
var founded = profile.Tally{Game: "acquire", Title: "Favourite chains", What: "founded", None: "none founded yet", Count: acquire.Founded}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 6: "6th"} {
		if got := profile.Ordinal(n); got != want {
			t.Errorf("Ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}
