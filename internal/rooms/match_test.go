package rooms_test

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"hotels/internal/rooms"
	"hotels/internal/store"
)

func TestTablesSmall(t *testing.T) {
	t0 := time.Unix(1e9, 0)
	seek := func(id int, rating float64, lo, hi int, waited time.Duration) rooms.Seeker {
		return rooms.Seeker{Player: rooms.Player{ID: store.AccountID(id)}, Game: "acquire", Rules: "modern",
			Min: lo, Max: hi, Rating: rating, Since: t0.Add(-waited)}
	}
	m := rooms.DefaultMatching
	cases := []struct {
		name  string
		queue []rooms.Seeker
		want  int // tables formed
	}{
		{"four alike form a table", []rooms.Seeker{seek(1, 1000, 3, 4, 0), seek(2, 1010, 3, 4, 0), seek(3, 990, 4, 4, 0), seek(4, 1005, 2, 4, 0)}, 1},
		{"far ratings wait", []rooms.Seeker{seek(1, 1000, 2, 2, 0), seek(2, 1800, 2, 2, 0)}, 0},
		{"far ratings meet after a long wait", []rooms.Seeker{seek(1, 1000, 2, 2, 2*time.Minute), seek(2, 1800, 2, 2, 2*time.Minute)}, 1},
		{"three of a four-table wait for patience", []rooms.Seeker{seek(1, 1000, 3, 4, 0), seek(2, 1000, 3, 4, 0), seek(3, 1000, 3, 4, 0)}, 0},
		{"then sit down as three", []rooms.Seeker{seek(1, 1000, 3, 4, time.Minute), seek(2, 1000, 3, 4, time.Minute), seek(3, 1000, 3, 4, time.Minute)}, 1},
		// Each is 105 from the anchor, who waited long, but they are 210
		// apart and came 5 s ago (window 150): they never share a table.
		{"every pair within its windows, not only the anchor's", []rooms.Seeker{seek(1, 1000, 3, 3, time.Minute), seek(2, 895, 3, 3, 5*time.Second), seek(3, 1105, 3, 3, 5*time.Second)}, 0},
		{"211 apart wait 12 s", []rooms.Seeker{seek(1, 1000, 2, 2, 12*time.Second), seek(2, 1211, 2, 2, 5*time.Second)}, 0},
		{"other rules never mix", []rooms.Seeker{seek(1, 1000, 2, 2, time.Hour), {Player: rooms.Player{ID: 2}, Game: "acquire", Rules: "classic", Min: 2, Max: 2, Rating: 1000, Since: t0.Add(-time.Hour)}}, 0},
	}
	for _, c := range cases {
		if got := m.Tables(c.queue, t0); len(got) != c.want {
			t.Errorf("%s: %d tables %v, want %d", c.name, len(got), got, c.want)
		}
	}
}

// TestMatchmakingSimulation queues 400 players of known ratings over ten
// minutes and checks that tables form, stay close in rating, and that
// nobody waits long.
func TestMatchmakingSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	m := rooms.DefaultMatching
	t0 := time.Unix(1e9, 0)
	type pending struct {
		s      rooms.Seeker
		arrive time.Time
	}
	sizes := [][2]int{{2, 4}, {3, 4}, {4, 4}, {2, 6}, {3, 5}}
	var arrivals []pending
	for i := range 400 {
		sz := sizes[rng.IntN(len(sizes))]
		arrivals = append(arrivals, pending{
			s: rooms.Seeker{Player: rooms.Player{ID: store.AccountID(i + 1)}, Game: "acquire", Rules: "modern",
				Min: sz[0], Max: sz[1], Rating: 1000 + 250*rng.NormFloat64()},
			arrive: t0.Add(time.Duration(rng.IntN(600)) * time.Second),
		})
	}
	var queue []rooms.Seeker
	var waits []float64
	var spreads []float64
	matched := 0
	for now := t0; now.Before(t0.Add(15 * time.Minute)); now = now.Add(time.Second) {
		for _, a := range arrivals {
			if a.arrive.Equal(now) {
				a.s.Since = now
				queue = append(queue, a.s)
			}
		}
		tables := m.Tables(queue, now)
		gone := map[int]bool{}
		for _, table := range tables {
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, i := range table {
				s := queue[i]
				if len(table) < s.Min || len(table) > s.Max {
					t.Fatalf("a table of %d for a player who accepts %d–%d", len(table), s.Min, s.Max)
				}
				lo, hi = min(lo, s.Rating), max(hi, s.Rating)
				waits = append(waits, now.Sub(s.Since).Seconds())
				gone[i] = true
			}
			spreads = append(spreads, hi-lo)
			matched += len(table)
		}
		var rest []rooms.Seeker
		for i, s := range queue {
			if !gone[i] {
				rest = append(rest, s)
			}
		}
		queue = rest
	}
	// Those left may be too few for the tables they accept (three who
	// want four); by now their windows are wide open, so any who could
	// sit together would have.
	for n := 2; n <= 6; n++ {
		fit := 0
		for _, s := range queue {
			if s.Min <= n && n <= s.Max {
				fit++
			}
		}
		if fit >= n {
			t.Errorf("%d players who could sit at %d still waiting five minutes after the last arrival: %+v", fit, n, queue)
		}
	}
	slices.Sort(waits)
	slices.Sort(spreads)
	p := func(xs []float64, q float64) float64 { return xs[int(q*float64(len(xs)-1))] }
	t.Logf("matched %d players at %d tables; wait p50 %.0fs p90 %.0fs max %.0fs; rating spread p50 %.0f p90 %.0f max %.0f",
		matched, len(spreads), p(waits, .5), p(waits, .9), p(waits, 1), p(spreads, .5), p(spreads, .9), p(spreads, 1))
	if p(waits, 1) > 180 {
		t.Errorf("someone waited %.0f s", p(waits, 1))
	}
	if p(spreads, .5) > 300 {
		t.Errorf("median rating spread at a table %.0f, want ≤ 300", p(spreads, .5))
	}
}
