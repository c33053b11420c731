package room_test

import (
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// Every seat's screen keeps what it drew of the last snapshot (the board's
// rows, the tables' rows, the layout, the seats' tags, the key line, the
// screens last laid out) and draws again only what changed: through a
// game, move after move (a player away now and then) and with keys pressed
// between moves (an idle key that says something, keys that move a
// decision's choice, type a part of it or change the keys it lists, the
// chat opened and closed), each seat's screen shows
// what a screen that took the same snapshots and keys but drew none of
// them before shows, with holdings open and hidden, at both sizes.
func TestKeptPartsFollowTheGame(t *testing.T) {
	for _, kind := range games.All {
		for _, options := range [][]string{nil, {"holdings=hidden"}} {
			if kind.Name != "acquire" && options != nil {
				continue
			}
			t.Run(kind.Name+"/"+slices.Concat([]string{"default"}, options)[len(options)], func(t *testing.T) {
				followGame(t, kind, options, 80, 24)
				followGame(t, kind, options, 120, 40)
			})
		}
	}
}

func followGame(t *testing.T, kind engine.Kind, options []string, w, h int) {
	names := []string{"alice", "bob", "carol", "dave"}
	rules := ""
	if len(kind.Rules) > 0 {
		rules = kind.Rules[0]
	}
	g, _, err := kind.Deal(rules, options, names, 11)
	if err != nil {
		t.Fatal(err)
	}
	info := tuitest.Room
	info.Game, info.Kind, info.Rules, info.Options = kind.Title, kind.Name, rules, options
	var log []rooms.Event
	version := uint64(1)
	snapshot := func(seat engine.Seat) *rooms.Snapshot {
		s := &rooms.Snapshot{Version: version, Room: info, You: seat, Host: seat == 0, Turn: engine.Watcher,
			Game: g.View(seat), Log: slices.Clone(log)}
		for i, name := range names {
			state := rooms.SeatReady
			if version%3 == 0 && i == int(version/3)%len(names) { // now and then a player is away
				state = rooms.SeatAway
			}
			s.Seats = append(s.Seats, rooms.SeatInfo{Name: name, State: state, Host: i == 0})
		}
		if t, ok := g.ToMove(); ok {
			s.Turn = t
		}
		return s
	}
	kept := make([]room.Model, len(names))
	// By seat, the first snapshot kept[seat] took, then what it took
	// after: snapshots, and keys (strings).
	first := make([]*rooms.Snapshot, len(names))
	taken := make([][]any, len(names))
	for seat := range kept {
		first[seat] = snapshot(engine.Seat(seat))
		kept[seat], _ = open(t, first[seat], w, h)
		_ = kept[seat].View()
	}
	check := func(move, viewer int) {
		t.Helper()
		room.ForgetShared() // the fresh screen draws its key line and header itself
		fresh, _ := open(t, first[viewer], w, h)
		for _, x := range taken[viewer] {
			switch x := x.(type) {
			case *rooms.Snapshot:
				fresh, _ = fresh.Update(room.SnapshotMsg{Snapshot: x})
			case string:
				fresh = press(fresh, x)
			}
		}
		if got, want := kept[viewer].View(), fresh.View(); got != want {
			t.Fatalf("%dx%d, move %d, seat %d, after %v:\n%s\nwant\n%s", w, h, move, viewer, taken[viewer][len(taken[viewer])-1],
				tuitest.Plain(got), tuitest.Plain(want))
		}
	}
	for move := range 80 {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		legal := g.Legal(seat)
		if err := g.Apply(seat, legal[(move*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
		for _, text := range g.Log(0) {
			log = append(log, rooms.Event{Seq: uint64(len(log) + 1), Seat: seat, Text: text})
		}
		version++
		for viewer := range kept {
			snap := snapshot(engine.Seat(viewer))
			taken[viewer] = append(taken[viewer], snap)
			kept[viewer], _ = kept[viewer].Update(room.SnapshotMsg{Snapshot: snap})
			check(move, viewer)
			if move%4 != 0 {
				continue // keys every few moves: each check replays the game
			}
			for _, k := range []string{"z", "down", "/", "esc", "z", "up", "o", "a", "6"} {
				taken[viewer] = append(taken[viewer], k)
				kept[viewer] = press(kept[viewer], k)
				check(move, viewer)
			}
		}
	}
}

// The key line is kept by what it lists, not by the snapshot: a room
// screen that took one snapshot after another draws the key line a screen
// given only the last draws, as each fact it lists the keys by changes
// alone (the host, a seat taken or left, the wait over, the player's
// decision, the autopilot, an abandoned game, the end, a rematch).
func TestKeptHelpFollowsTheRoom(t *testing.T) {
	line := func(m room.Model) string {
		lines := strings.Split(tuitest.Plain(m.View()), "\n")
		return lines[len(lines)-1]
	}
	play, over := tuitest.FourSeat(t, "play"), tuitest.FourSeat(t, "over")
	with := func(s *rooms.Snapshot, change func(s *rooms.Snapshot)) *rooms.Snapshot {
		c := *s
		c.Seats = slices.Clone(s.Seats)
		change(&c)
		return &c
	}
	steps := []struct {
		name string
		snap *rooms.Snapshot
	}{
		{"waiting, hosting", tuitest.Waiting(0)},
		{"waiting, not hosting", with(tuitest.Waiting(0), func(s *rooms.Snapshot) { s.Host = false })},
		{"waiting, watching", with(tuitest.Waiting(0), func(s *rooms.Snapshot) { s.Host, s.You = false, engine.Watcher })},
		{"waiting, seated", with(tuitest.Waiting(0), func(s *rooms.Snapshot) { s.Host = false })},
		{"no longer waiting, no game shown", with(tuitest.Waiting(0), func(s *rooms.Snapshot) { s.Host, s.Room.Status = false, rooms.Playing })},
		{"in play, another's decision", play.Snapshot(1)},
		{"in play, abandoned", with(play.Snapshot(1), func(s *rooms.Snapshot) { s.Abandoned = true })},
		{"in play, another's decision again", play.Snapshot(1)},
		{"in play, on autopilot", with(play.Snapshot(1), func(s *rooms.Snapshot) { s.Seats[1].State = rooms.SeatAutopilot })},
		{"in play, another's decision once more", play.Snapshot(1)},
		{"over", over.Snapshot(1)},
		{"over, a rematch asked for", with(over.Snapshot(1), func(s *rooms.Snapshot) {
			s.Rematch = &rooms.Rematch{By: "alice", Room: "m4pz", Accepted: []string{"alice"}}
		})},
	}
	for _, size := range tuitest.Sizes {
		kept, _ := open(t, steps[0].snap, size[0], size[1])
		_ = kept.View()
		for _, step := range steps[1:] {
			kept, _ = kept.Update(room.SnapshotMsg{Snapshot: step.snap})
			fresh, _ := open(t, step.snap, size[0], size[1])
			if got, want := line(kept), line(fresh); got != want {
				t.Errorf("%dx%d, %s: the key line is\n%s\nwant\n%s", size[0], size[1], step.name, got, want)
			}
		}
	}
}
