package tuitest

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine/acquire"
	"hotels/internal/saved"
)

// AutopilotMove is the move of the four-seat record that History stores as
// the autopilot's.
const AutopilotMove = 70

// History returns an archive of alice's (account 1) recent games, newest
// first: the four-seat record finished (game 42, dave a hard bot), a game
// in play (41), one ended by a vote (40) and a two-seat game she lost
// (39).
func History(t testing.TB) *Archive {
	t.Helper()
	header, lines := record(t, "records/fourseat.txt")
	g, err := acquire.Kind.Resume(header, lines)
	if err != nil {
		t.Fatalf("tuitest: replay fourseat.txt: %v", err)
	}
	var result []string
	finished := make([]saved.Outcome, len(g.Seats()))
	for _, st := range g.Standings() {
		result = append(result, fmt.Sprintf("%s %d", st.Name, st.Score))
		finished[st.Seat] = saved.Outcome{Place: st.Place, Score: st.Score}
	}
	stored := append([]string(nil), lines...)
	stored[AutopilotMove-1] += "  # autopilot"
	day := func(d, h, m int) time.Time { return time.Date(2026, 5, d, h, m, 0, 0, time.UTC) }
	four := []saved.Seat{
		{Index: 0, Account: 1, Name: "alice"},
		{Index: 1, Account: 2, Name: "bob"},
		{Index: 2, Account: 3, Name: "carol"},
		{Index: 3, Name: "dave", Bot: "hard"},
	}
	done := slices.Clone(four) // as they are once game 42 is finished
	for i := range done {
		done[i].Place, done[i].Score = finished[i].Place, finished[i].Score
	}
	return &Archive{
		Games: []saved.Game{
			{ID: 42, Game: "acquire", Rules: "modern", Chance: header, Status: saved.StatusFinished, Seats: done,
				CreatedAt: day(1, 19, 30), FinishedAt: day(1, 20, 40), Result: strings.Join(result, " ")},
			{ID: 41, Game: "acquire", Rules: "modern", Clock: "move=1m0s", Chance: header, Status: saved.StatusPlaying, Seats: four,
				CreatedAt: day(1, 21, 5)},
			{ID: 40, Game: "acquire", Rules: "classic", Options: "holdings=hidden", Status: saved.StatusAborted,
				Seats:     []saved.Seat{{Index: 0, Account: 5, Name: "erin"}, {Index: 1, Account: 1, Name: "alice"}, {Index: 2, Account: 3, Name: "carol"}},
				CreatedAt: day(1, 18, 2), FinishedAt: day(1, 18, 40), Result: "aborted: ended by a vote of alice, carol"},
			{ID: 39, Game: "acquire", Rules: "modern", Status: saved.StatusFinished,
				Seats: []saved.Seat{{Index: 0, Account: 6, Name: "frank", Place: 1, Score: 61200},
					{Index: 1, Account: 1, Name: "alice", Place: 2, Score: 48700}},
				CreatedAt: day(1, 17, 0), FinishedAt: day(1, 17, 50), Result: "frank 61200 alice 48700"},
		},
		// Game 41's record is the four-seat game's too: only a screen that
		// replays a game in play could read it.
		Lines: map[saved.GameID][]string{42: stored, 41: stored[:40]},
	}
}

// record splits a record file into its header, as the store keeps it
// (Chance), and its action lines.
func record(t testing.TB, path string) (string, []string) {
	text, err := records.ReadFile(path)
	if err != nil {
		t.Fatalf("tuitest: %v", err)
	}
	var header strings.Builder
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		line = strings.TrimSpace(line)
		f := strings.Fields(line)
		switch {
		case len(f) == 0:
		case len(lines) == 0 && (line == "hotels-record 1" || strings.Contains(" game rules option seat bag stock ", " "+f[0]+" ")):
			header.WriteString(line + "\n")
		default:
			lines = append(lines, line)
		}
	}
	return header.String(), lines
}
