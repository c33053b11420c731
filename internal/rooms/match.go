package rooms

import (
	"slices"
	"time"
)

// Matchmaking forms ranked tables from a queue of players: each says which
// game and rules it wants and how many players it accepts at the table.
// Players of similar rating are grouped; the rating window a player accepts
// widens the longer it waits, so nobody waits forever.

// Seeker is one player in the queue.
type Seeker struct {
	Player      Player
	Game, Rules string
	Min, Max    int     // acceptable table sizes
	Rating      float64 // the displayed rating
	Since       time.Time
}

// Matching tunes how tables form.
type Matching struct {
	// Window is the rating difference a player accepts at once; it widens
	// by Widen each second of waiting, up to MaxWindow.
	Window, Widen, MaxWindow float64
	// Patience is how long a player waits for the largest table it accepts
	// before a smaller one is formed.
	Patience time.Duration
}

// DefaultMatching is the server's matching.
var DefaultMatching = Matching{Window: 100, Widen: 10, MaxWindow: 2000, Patience: 20 * time.Second}

// window is the rating difference s accepts at now.
func (m Matching) window(s Seeker, now time.Time) float64 {
	return min(m.Window+m.Widen*now.Sub(s.Since).Seconds(), m.MaxWindow)
}

// fit reports whether a and b may sit at one table at now: their ratings
// are within both their windows, each widened by its own wait, so the one
// who came later holds the pair to a narrower window.
func (m Matching) fit(a, b Seeker, now time.Time) bool {
	d := a.Rating - b.Rating
	if d < 0 {
		d = -d
	}
	return d <= m.window(a, now) && d <= m.window(b, now)
}

// Tables forms tables from queue at now: each table is the indexes of its
// seekers, who all want its game and rules, accept its size, and every two
// of whom are within each other's rating windows (not only within the
// anchor's: two players 105 points either side of it are 210 apart). Those
// who wait longest are served first.
func (m Matching) Tables(queue []Seeker, now time.Time) [][]int {
	order := make([]int, len(queue))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return queue[a].Since.Compare(queue[b].Since) })
	taken := make([]bool, len(queue))
	var tables [][]int
	for _, anchor := range order {
		if taken[anchor] {
			continue
		}
		a := queue[anchor]
		// Everyone who could sit with the anchor, nearest rating first.
		var near []int
		for _, j := range order {
			s := queue[j]
			if j == anchor || taken[j] || s.Game != a.Game || s.Rules != a.Rules {
				continue
			}
			if m.fit(a, s, now) {
				near = append(near, j)
			}
		}
		slices.SortStableFunc(near, func(x, y int) int {
			dx, dy := queue[x].Rating-a.Rating, queue[y].Rating-a.Rating
			return cmpAbs(dx, dy)
		})
		// The largest size the anchor accepts that enough of them accept.
		for n := a.Max; n >= a.Min; n-- {
			var table []int
			for _, j := range near {
				if len(table) == n-1 {
					break
				}
				if queue[j].Min <= n && n <= queue[j].Max && m.fitsAll(queue, table, j, now) {
					table = append(table, j)
				}
			}
			if len(table) < n-1 {
				continue
			}
			// A smaller table than anyone at it would like waits until its
			// players have been patient long enough.
			largest := true
			for _, j := range append(table, anchor) {
				largest = largest && queue[j].Max == n
			}
			if !largest && now.Sub(a.Since) < m.Patience {
				break
			}
			table = append(table, anchor)
			for _, j := range table {
				taken[j] = true
			}
			slices.Sort(table)
			tables = append(tables, table)
			break
		}
	}
	return tables
}

// fitsAll reports whether queue[j] fits every seeker of table at now.
func (m Matching) fitsAll(queue []Seeker, table []int, j int, now time.Time) bool {
	for _, k := range table {
		if !m.fit(queue[j], queue[k], now) {
			return false
		}
	}
	return true
}

func cmpAbs(x, y float64) int {
	if x < 0 {
		x = -x
	}
	if y < 0 {
		y = -y
	}
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}
