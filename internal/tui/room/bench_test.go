package room_test

import (
	"runtime"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"hotels/internal/cputime"
	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/rooms"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// BenchmarkView draws a game in play at 80×24, for a seat and for a
// watcher: every session in a room draws once per move (docs/capacity.md).
func BenchmarkView(b *testing.B) {
	for _, c := range []struct {
		name string
		seat engine.Seat
	}{{"seat", 0}, {"watcher", engine.Watcher}} {
		b.Run(c.name, func(b *testing.B) {
			m, _ := open(b, tuitest.FourSeat(b, "play").Snapshot(c.seat), 80, 24)
			b.ReportAllocs()
			cpu := cputime.Used(b)
			for b.Loop() {
				_ = m.Lines()
			}
			cputime.Report(b, cpu, time.Nanosecond, "cpu-ns/op")
		})
	}
}

// BenchmarkOpen is a player entering a room: the screen made, sized and
// given the room's first snapshot. What it allocates is most of what a
// room screen holds for as long as the player stays (docs/capacity.md).
func BenchmarkOpen(b *testing.B) {
	snap := tuitest.FourSeat(b, "play").Snapshot(0)
	b.ReportAllocs()
	for b.Loop() {
		_, _ = open(b, snap, 80, 24)
	}
}

// BenchmarkSnapshot is a session taking a new snapshot of its room, as on
// every move, and drawing it.
func BenchmarkSnapshot(b *testing.B) {
	snap := tuitest.FourSeat(b, "play").Snapshot(0)
	m, _ := open(b, snap, 80, 24)
	b.ReportAllocs()
	for b.Loop() {
		next := *snap
		next.Version++
		snap = &next
		m, _ = m.Update(room.SnapshotMsg{Snapshot: snap})
		_ = m.Lines()
	}
}

// BenchmarkFrame is what a watcher's screen costs after View on every
// move: a real Bubble Tea program (with the patches in third_party) draws
// frames that alternate between two positions a move apart, parsing each
// into cells and writing what changed. With watchers sharing View
// (rooms.Memo), this is most of what a watcher costs the server per move
// (docs/capacity.md). The program draws at most one frame a frame time, so
// the figure is cpu-µs/frame, the process's CPU time per frame, not ns/op.
func BenchmarkFrame(b *testing.B) {
	var frames [2]string
	for i, mark := range []string{"play", "buy"} {
		m, _ := open(b, tuitest.FourSeat(b, mark).Snapshot(engine.Watcher), 80, 24)
		frames[i] = m.View()
	}
	wrote := make(tuitest.Writes, 1)
	p := tuitest.Program(b, tuitest.Frame(frames[1]), wrote, 80, 24)
	<-wrote // the first frame
	cpu := cputime.Used(b)
	for i := 0; b.Loop(); i++ {
		p.Send(tuitest.Frame(frames[i%2]))
		<-wrote
	}
	cputime.Report(b, cpu, time.Microsecond, "cpu-µs/frame")
}

// BenchmarkRecap is the recap of the others' moves coming and going on a
// player's 80×24 screen, through a real Bubble Tea program as
// BenchmarkFrame: B/turn is what the terminal is sent for it, once a turn
// for every player (docs/capacity.md).
func BenchmarkRecap(b *testing.B) {
	m, _ := open(b, tuitest.FourSeat(b, "others").Snapshot(0), 80, 24)
	m, _ = m.Update(room.SnapshotMsg{Snapshot: tuitest.FourSeat(b, "play").Snapshot(0)})
	frames := [2]string{m.View(), press(m, "? ?").View()} // with the recap, then hidden
	wrote := tuitest.NewCounter()
	p := tuitest.Program(b, tuitest.Frame(frames[1]), wrote, 80, 24)
	<-wrote.Signal // the first frame
	sent := wrote.N.Load()
	for i := 0; b.Loop(); i++ {
		p.Send(tuitest.Frame(frames[i%2]))
		<-wrote.Signal
	}
	b.ReportMetric(float64(wrote.N.Load()-sent)/float64(b.N)*2, "B/turn")
}

// BenchmarkScreens is the memory a player's screen holds between frames:
// 100 real Bubble Tea programs (as BenchmarkFrame) show the four seats'
// screens of a game, a move apart, and B/screen is the heap they hold
// once the collector has run, over that of the frames themselves. Most of
// it is the terminal renderer's copy of what the terminal shows, whose
// lines are shared with the other screens that show the same
// (third_party/ultraviolet, change 5).
func BenchmarkScreens(b *testing.B) {
	const screens = 100
	var frames [4][2]string
	for seat := range frames {
		for i, mark := range []string{"play", "buy"} {
			m, _ := open(b, tuitest.FourSeat(b, mark).Snapshot(engine.Seat(seat)), 80, 24)
			frames[seat][i] = m.View()
		}
	}
	heap := func() uint64 {
		var ms runtime.MemStats
		runtime.GC()
		runtime.GC() // pools keep what they hold until the second
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	before := heap()
	wrote := make([]tuitest.Writes, screens)
	programs := make([]*tea.Program, screens)
	for i := range programs {
		wrote[i] = make(tuitest.Writes, 1)
		programs[i] = tuitest.Program(b, tuitest.Frame(frames[i%4][0]), wrote[i], 80, 24)
		<-wrote[i]
	}
	for i, p := range programs {
		p.Send(tuitest.Frame(frames[i%4][1]))
		<-wrote[i]
	}
	held := float64(heap()-before) / screens
	for b.Loop() { // the figure is the metric below
	}
	b.ReportMetric(held, "B/screen")
}

// moveSnapshots is each seat's snapshot of the four-seat Acquire game at
// its "play" mark, and each seat's at "buy", a move later.
func moveSnapshots(b *testing.B) (before, after []*rooms.Snapshot) {
	var snaps [2][4]*rooms.Snapshot // a move apart, by seat
	for i, mark := range []string{"play", "buy"} {
		p := tuitest.FourSeat(b, mark)
		for seat := range snaps[i] {
			snaps[i][seat] = p.Snapshot(engine.Seat(seat))
		}
	}
	return snaps[0][:], snaps[1][:]
}

// BenchmarkMove is a move reaching a four-seat Acquire room at 80×24:
// each seat's screen takes its new snapshot, a move from the last, and
// draws it, as every session in a room does on every move. An op is a
// move: four screens (docs/capacity.md).
func BenchmarkMove(b *testing.B) {
	before, after := moveSnapshots(b)
	tuitest.BenchMove(b, before, after, func(s *rooms.Snapshot) room.Model {
		m, _ := open(b, s, 80, 24)
		return m
	})
}

// BenchmarkMoveOn is BenchmarkMove over three positions in turn, so that
// no screen comes back to the one before the last, as in a game: Memo.Lines
// gives that one back without making it again (for an idle key's words
// coming and going), which BenchmarkMove's two positions always do.
func BenchmarkMoveOn(b *testing.B) {
	var snaps [3][4]*rooms.Snapshot // a move apart, by seat
	for i, mark := range []string{"play", "buy", "others"} {
		p := tuitest.FourSeat(b, mark)
		for seat := range snaps[i] {
			snaps[i][seat] = p.Snapshot(engine.Seat(seat))
		}
	}
	ms := make([]room.Model, len(snaps[0]))
	for seat := range ms {
		ms[seat], _ = open(b, snaps[0][seat], 80, 24)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		for seat := range ms {
			ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snaps[i%3][seat]})
			_ = ms[seat].Lines()
		}
	}
}

// BenchmarkIdleKey is a key that changes only the status line, on an
// Acquire screen at 80×24 whose decision is another's: z, which says the
// key does nothing, then F2, which clears what it said, as the load tool's
// players press between their turns. An op is one key and its screen.
func BenchmarkIdleKey(b *testing.B) {
	m, _ := open(b, tuitest.FourSeat(b, "play").Snapshot(1), 80, 24)
	tuitest.BenchIdleKey(b, m)
}

// BenchmarkTurns is what a player's 80×24 terminal is sent as a game goes
// on, for each game: the first 60 moves of a four-player game dealt from a
// fixed seed, each seat taking a legal action chosen by a fixed rule, as
// the first seat sees them (a frame a move, with the dice thrown after
// it as the room throws them, and the window title),
// through a real Bubble Tea program as BenchmarkFrame. B/move is the bytes
// a player is sent a move, the figure issue 22 bounds (400 B at density,
// which also counts the player's own keys).
func BenchmarkTurns(b *testing.B) {
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			b.ReportMetric(sendFrames(b, turns(b, kind, 60)), "B/move")
		})
	}
}

// BenchmarkRecapTurn is what a player's 80×24 terminal is sent as their
// turn comes with the recap, they press two keys of the decision (↓, ↓)
// and the turn passes on: B/turn, all four frames.
func BenchmarkRecapTurn(b *testing.B) {
	before, after := tuitest.FourSeat(b, "others").Snapshot(0), tuitest.FourSeat(b, "play").Snapshot(0)
	m, _ := open(b, before, 80, 24)
	frames := []titled{{m.View(), m.Title()}}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: after})
	frames = append(frames, titled{m.View(), m.Title()})
	for _, k := range []string{"down", "down"} {
		m = press(m, k)
		frames = append(frames, titled{m.View(), m.Title()})
	}
	m, _ = m.Update(room.SnapshotMsg{Snapshot: before})
	frames = append(frames, titled{m.View(), m.Title()})
	b.ReportMetric(4*sendFrames(b, frames), "B/turn")
}

// sendFrames shows frames in turn, in a loop, through a real Bubble Tea
// program at 80×24, and returns the bytes written a frame after the first.
func sendFrames(b *testing.B, frames []titled) float64 {
	wrote := tuitest.NewCounter()
	p := tea.NewProgram(frames[0], tea.WithInput(nil), tea.WithOutput(wrote), tea.WithWindowSize(80, 24),
		tea.WithColorProfile(colorprofile.ANSI256), tea.WithEnvironment([]string{"TERM=xterm-256color"}), tea.WithFPS(120))
	done := make(chan struct{})
	go func() { _, _ = p.Run(); close(done) }()
	b.Cleanup(func() { p.Quit(); <-done })
	<-wrote.Signal // the first frame
	sent, n := wrote.N.Load(), 0
	for b.Loop() {
		for _, f := range frames[1:] {
			p.Send(f)
			<-wrote.Signal
			n++
		}
	}
	return float64(wrote.N.Load()-sent) / float64(n)
}

// titled is a frame with its window title, as the session shows a room.
type titled struct{ content, title string }

func (f titled) Init() tea.Cmd { return nil }

func (f titled) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if next, ok := msg.(titled); ok {
		return next, nil
	}
	return f, nil
}

func (f titled) View() tea.View {
	v := tea.NewView(f.content)
	v.AltScreen, v.WindowTitle = true, f.title
	return v
}

// turns deals kind's game to four seats and plays n moves, returning the
// first seat's screen before them and after each. The last frame is the
// first again, so that frames shown in a loop change at every step.
func turns(b testing.TB, kind engine.Kind, n int) []titled {
	names := []string{"alice", "bob", "carol", "dave"}
	rules := ""
	if len(kind.Rules) > 0 {
		rules = kind.Rules[0]
	}
	g, _, err := kind.Deal(rules, nil, names, 7)
	if err != nil {
		b.Fatal(err)
	}
	info := tuitest.Room
	info.Game, info.Kind, info.Rules = kind.Title, kind.Name, rules
	snap := &rooms.Snapshot{Version: 1, Room: info, You: 0, Host: true}
	for i, name := range names {
		snap.Seats = append(snap.Seats, rooms.SeatInfo{Name: name, State: rooms.SeatReady, Host: i == 0})
	}
	var log []rooms.Event
	// act applies seat's action chosen by i, and the dice thrown after it
	// as the room throws them (rooms.Room.apply), with their events.
	act := func(seat engine.Seat, i int) {
		for {
			legal := g.Legal(seat)
			if err := g.Apply(seat, legal[(i*7)%len(legal)]); err != nil {
				b.Fatal(err)
			}
			for _, text := range g.Log(0) {
				log = append(log, rooms.Event{Seq: uint64(len(log) + 1), Seat: seat, Text: text})
			}
			if seat, _ = g.ToMove(); seat != engine.Chance {
				return
			}
		}
	}
	shot := func() *rooms.Snapshot {
		s := *snap
		s.Version++
		s.Game, s.Log, s.Turn = g.View(0), slices.Clone(log), engine.Watcher
		if t, ok := g.ToMove(); ok {
			s.Turn = t
		}
		snap = &s
		return snap
	}
	if seat, _ := g.ToMove(); seat == engine.Chance {
		act(seat, 0)
	}
	m, _ := open(b, shot(), 80, 24)
	frames := []titled{{m.View(), m.Title()}}
	for i := range n {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		act(seat, i)
		m, _ = m.Update(room.SnapshotMsg{Snapshot: shot()})
		frames = append(frames, titled{m.View(), m.Title()})
	}
	return append(frames, frames[0])
}

// BenchmarkHeld is what a seat's Acquire screen keeps between moves at
// 80×24 (tuitest.BenchHeld).
func BenchmarkHeld(b *testing.B) {
	before, after := moveSnapshots(b)
	tuitest.BenchHeld(b, before, after, func(s *rooms.Snapshot) room.Model {
		m, _ := open(b, s, 80, 24)
		return m
	})
}

// BenchmarkGame is a move reaching the four seats of a game of each kind
// at 80×24, as the room sends it: each seat's screen takes its snapshot
// (one view shared among the seats where the game hides nothing,
// engine.Public; the events as the seat read them) and draws it. The
// screens go through the first 60 moves of a game dealt from a fixed
// seed, one after another, as in play: no position comes back but at the
// loop's start. An op is a move: four screens (issue 22).
func BenchmarkGame(b *testing.B) {
	for _, kind := range games.All {
		b.Run(kind.Name, func(b *testing.B) {
			moves := gameMoves(b, kind, 7, 60)
			ms := make([]room.Model, len(moves[0]))
			for seat := range ms {
				ms[seat], _ = open(b, moves[0][seat], 80, 24)
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				for seat, snap := range moves[1+i%(len(moves)-1)] {
					ms[seat], _ = ms[seat].Update(room.SnapshotMsg{Snapshot: snap})
					_ = ms[seat].Lines()
				}
			}
		})
	}
}

// gameMoves deals kind's game to four seats from seed and plays n moves,
// each seat taking the legal action i·seed (mod their number) at the
// i-th, returning each seat's snapshot before them and after each.
func gameMoves(b testing.TB, kind engine.Kind, seed uint64, n int) [][]*rooms.Snapshot {
	names := []string{"alice", "bob", "carol", "dave"}
	rules := ""
	if len(kind.Rules) > 0 {
		rules = kind.Rules[0]
	}
	g, _, err := kind.Deal(rules, nil, names, seed)
	if err != nil {
		b.Fatal(err)
	}
	_, public := g.(engine.Public)
	info := tuitest.Room
	info.Game, info.Kind, info.Rules = kind.Title, kind.Name, rules
	var seats []rooms.SeatInfo
	for i, name := range names {
		seats = append(seats, rooms.SeatInfo{Name: name, State: rooms.SeatReady, Host: i == 0})
	}
	logs := make([][]rooms.Event, len(names)) // each seat's, appended to as the room does
	act := func(seat engine.Seat, i int) {
		for {
			legal := g.Legal(seat)
			if err := g.Apply(seat, legal[(i*int(seed))%len(legal)]); err != nil {
				b.Fatal(err)
			}
			for viewer := range logs {
				for _, text := range g.Log(engine.Seat(viewer)) {
					logs[viewer] = append(logs[viewer], rooms.Event{Seq: uint64(len(logs[viewer]) + 1), Seat: seat, Text: text})
				}
			}
			if seat, _ = g.ToMove(); seat != engine.Chance {
				return
			}
		}
	}
	version := uint64(1)
	shots := func() []*rooms.Snapshot {
		version++
		turn := engine.Watcher
		if t, ok := g.ToMove(); ok {
			turn = t
		}
		var shared any
		out := make([]*rooms.Snapshot, len(names))
		for seat := range out {
			view := shared
			if view == nil {
				view = g.View(engine.Seat(seat))
				if public {
					shared = view
				}
			}
			log := logs[seat]
			out[seat] = &rooms.Snapshot{Version: version, Room: info, You: engine.Seat(seat), Host: seat == 0,
				Seats: seats, Game: view, Log: log[:len(log):len(log)], Turn: turn}
		}
		return out
	}
	if seat, _ := g.ToMove(); seat == engine.Chance {
		act(seat, 0)
	}
	moves := [][]*rooms.Snapshot{shots()}
	for i := range n {
		seat, ok := g.ToMove()
		if !ok {
			break
		}
		act(seat, i)
		moves = append(moves, shots())
	}
	return moves
}
