package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

// rankedServer is an admin server whose lobby rates ranked games in its
// store, with a quick autopilot and a short grace for players who leave.
func rankedServer(t *testing.T) adminServer {
	t.Helper()
	var lobby *rooms.Lobby
	ts := startServerWith(t, nil, server.Options{}, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{
			Journal: st, Ratings: st, Kinds: []engine.Kind{acquire.Kind},
			Grace: 10 * time.Millisecond, BotDelay: time.Millisecond,
		})
		t.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
	})
	a := adminServer{testServer: ts, lobby: lobby, admin: sshtest.NewKey(t), keys: ts.dir + "/admin_keys"}
	writeAdminKeys(t, a.keys, a.admin)
	return a
}

// rankedDuel seats ann and bob at a ranked two-player Acquire table
// through the queue.
func rankedDuel(t *testing.T, a adminServer) (ann, bob rooms.Player, r *rooms.Room) {
	t.Helper()
	ctx := context.Background()
	for _, name := range []string{"ann", "bob"} {
		acct := signUp(t, a.testServer, name, sshtest.NewKey(t))
		p := rooms.Player{ID: acct.ID, Name: acct.Name}
		if name == "ann" {
			ann = p
		} else {
			bob = p
		}
	}
	foundA, _, err := a.lobby.Seek(ctx, ann, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	foundB, _, err := a.lobby.Seek(ctx, bob, "acquire", "modern", 2, 2)
	if err != nil {
		t.Fatal(err)
	}
	r, rb := <-foundA, <-foundB
	if r == nil || r != rb || !r.Info().Ranked {
		t.Fatalf("rooms %v and %v; want one ranked room", r, rb)
	}
	return ann, bob, r
}

// playOut plays p's seat with simple legal moves until the game is over,
// and returns the final snapshot.
func playOut(t *testing.T, r *rooms.Room, p rooms.Player) *rooms.Snapshot {
	t.Helper()
	ctx := context.Background()
	ch, stop, err := r.Subscribe(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case s := <-ch:
			if s.Room.Status == rooms.Over {
				return s
			}
			if s.Turn == s.You && s.Seats[s.You].State == rooms.SeatReady {
				_ = r.Act(ctx, p, roomstest.FirstLegal(s.Game.(*acquire.View)))
			}
		case <-timeout:
			t.Fatal("the ranked game did not end")
		}
	}
}

// wantPlaces checks that a finished ranked game places winner first and
// loser second everywhere a player reads it: the final standings,
// `games`, the rating history of `profile` and the wins of
// `leaderboard`; and that the loser, who left or was removed, is rated
// and loses rating.
func wantPlaces(t *testing.T, a adminServer, final *rooms.Snapshot, winner, loser rooms.Player, why string) {
	t.Helper()
	places := map[string]int{}
	for _, st := range final.Game.(*acquire.View).Standings {
		places[st.Name] = st.Place
	}
	for _, p := range final.Places {
		name := final.Seats[p.Seat].Name
		places[name] = p.Place
		if want := map[bool]string{true: why}[name == loser.Name]; p.Why != want {
			t.Errorf("%s's final place %+v; want why %q", name, p, want)
		}
	}
	if places[winner.Name] != 1 || places[loser.Name] != 2 {
		t.Errorf("final standings place %v; want %s 1, %s 2", places, winner.Name, loser.Name)
	}
	if w := final.Room.Winners; len(w) != 1 || w[0] != winner.Name {
		t.Errorf("winners %q; want %s", w, winner.Name)
	}

	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "games "+winner.Name+" --json")
	var games []struct {
		Players []struct {
			Name  string
			Place int
		}
	}
	if err := json.Unmarshal([]byte(out), &games); status != 0 || err != nil || len(games) != 1 {
		t.Fatalf("games %s --json: exit %d, %q, %q (%v)", winner.Name, status, out, errOut, err)
	}
	for _, p := range games[0].Players {
		if p.Place != places[p.Name] {
			t.Errorf("games lists %s in place %d; the final standings %d", p.Name, p.Place, places[p.Name])
		}
	}

	for _, p := range []rooms.Player{winner, loser} {
		out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "profile "+p.Name+" --json")
		var prof struct {
			Ratings []struct {
				Rating, Games, Wins int
				History             []struct{ Place, Before, After int }
			}
		}
		if err := json.Unmarshal([]byte(out), &prof); status != 0 || err != nil || len(prof.Ratings) != 1 || len(prof.Ratings[0].History) != 1 {
			t.Fatalf("profile %s --json: exit %d, %q, %q (%v); want one rated game", p.Name, status, out, errOut, err)
		}
		h := prof.Ratings[0].History[0]
		if h.Place != places[p.Name] {
			t.Errorf("%s's rating history says place %d; the final standings %d", p.Name, h.Place, places[p.Name])
		}
		if up := p == winner; up != (h.After > h.Before) {
			t.Errorf("%s in place %d went from %d to %d", p.Name, h.Place, h.Before, h.After)
		}
	}

	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "leaderboard --json")
	var board struct {
		Players []struct {
			Name        string
			Games, Wins int
		}
	}
	if err := json.Unmarshal([]byte(out), &board); err != nil || len(board.Players) != 2 {
		t.Fatalf("leaderboard --json = %s (%v); want both players", out, err)
	}
	for _, row := range board.Players {
		if want := map[bool]int{true: 1}[row.Name == winner.Name]; row.Games != 1 || row.Wins != want {
			t.Errorf("leaderboard row %+v; want 1 game, %d wins", row, want)
		}
	}
}

// After an admin kicks bob from a ranked game the autopilot finishes his
// seat, and however much money it makes, bob is placed last and rated,
// the same in every list (issue 28).
func TestRankedGameWithAKick(t *testing.T) {
	a := rankedServer(t)
	ann, bob, r := rankedDuel(t, a)
	if out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin kick "+r.ID+" bob"); status != 0 {
		t.Fatalf("admin kick: exit %d, %q, %q", status, out, errOut)
	}
	// ann stays at the end, for a rematch.
	_, stay, err := r.Subscribe(context.Background(), ann)
	if err != nil {
		t.Fatal(err)
	}
	defer stay()
	final := playOut(t, r, ann)
	wantPlaces(t, a, final, ann, bob, "was removed")

	// A rematch is unranked, and not called a ranked table.
	next, err := r.Rematch(context.Background(), ann)
	if err != nil {
		t.Fatal(err)
	}
	if info := next.Info(); info.Ranked || strings.Contains(info.Name, "ranked table") {
		t.Errorf("the rematch is %q, ranked %v; want an unranked name", info.Name, info.Ranked)
	}
}

// A player who leaves a ranked game is placed last however much money the
// autopilot makes for them, the same in every list (issue 28).
func TestRankedGameWithALeaver(t *testing.T) {
	a := rankedServer(t)
	ann, bob, r := rankedDuel(t, a)
	// ann looks in and leaves: the autopilot plays for her once her
	// grace is over.
	_, stop, err := r.Subscribe(context.Background(), ann)
	if err != nil {
		t.Fatal(err)
	}
	stop()
	final := playOut(t, r, bob)
	if !strings.Contains(fmt.Sprint(final.Seats), "autopilot") {
		t.Fatalf("ann's seat at the end: %+v; want the autopilot's", final.Seats)
	}
	wantPlaces(t, a, final, bob, ann, "left")
}
