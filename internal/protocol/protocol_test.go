package protocol_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/games"
	"hotels/internal/protocol"
	"hotels/internal/rooms"
	"hotels/internal/store"
)

// journal is a store in memory: the rooms' journal, and what the tests
// rebuild each game from.
type journal struct {
	mu     sync.Mutex
	header map[store.GameID]string
	lines  map[store.GameID][]string
}

func newJournal() *journal {
	return &journal{header: map[store.GameID]string{}, lines: map[store.GameID][]string{}}
}

func (j *journal) CreateGame(_ context.Context, g store.NewGame) (store.GameID, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	id := store.GameID(len(j.header) + 1)
	j.header[id] = g.Chance
	return id, nil
}

func (j *journal) AppendAction(_ context.Context, id store.GameID, seq int, lines ...string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if seq != len(j.lines[id])+1 {
		return store.ErrConflict
	}
	j.lines[id] = append(j.lines[id], lines...)
	return nil
}

func (j *journal) ActionsAfter(_ context.Context, id store.GameID, seq int) ([]string, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	return slices.Clone(j.lines[id][seq:]), nil
}

func (j *journal) game(kind engine.Kind, id store.GameID) (engine.Game, int, error) {
	j.mu.Lock()
	header, lines := j.header[id], slices.Clone(j.lines[id])
	j.mu.Unlock()
	g, err := kind.Resume(header, lines)
	return g, len(lines), err
}

func (*journal) FinishGame(context.Context, store.GameID, string, []store.Outcome) error { return nil }
func (*journal) AbortGame(context.Context, store.GameID, string) error                   { return nil }
func (*journal) RemovePlayer(context.Context, store.GameID, int) error                   { return nil }
func (*journal) SaveWaitingRoom(context.Context, store.WaitingRoom) error                { return nil }
func (*journal) DropWaitingRoom(context.Context, string) error                           { return nil }

func newLobby(t *testing.T, j *journal) *rooms.Lobby {
	l := rooms.NewLobby(rooms.Config{Journal: j, Kinds: games.All, Grace: time.Minute, BotDelay: time.Millisecond,
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	t.Cleanup(func() { l.Close("test over") })
	return l
}

// line is one message a seat's stream sent, as the test reads it.
type line struct {
	seat          int
	protocol.Turn // its Type, and a turn's fields
	GameID        int64
	Error         string
	Code          string
	Sent          string
	Standings     []protocol.Standing
}

// table is a room whose every seat is a stream the test plays.
type table struct {
	room    *rooms.Room
	streams []*protocol.Stream
	lines   chan line
	raw     []*strings.Builder
}

// seat opens a room of kind for seats players, each played by a stream,
// and starts it.
func seat(t *testing.T, l *rooms.Lobby, kind string, seats int, options ...string) *table {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	players := make([]rooms.Player, seats)
	for i := range players {
		players[i] = rooms.Player{ID: store.AccountID(100 + i), Name: fmt.Sprintf("p%d", i)}
	}
	r, err := l.Create(ctx, players[0], rooms.Settings{Game: kind, Seats: seats, Options: options})
	if err != nil {
		t.Fatal(err)
	}
	tb := &table{room: r, lines: make(chan line, 1024)}
	for i, p := range players {
		pr, pw := io.Pipe()
		c := protocol.NewConn(pw, nil)
		s := protocol.NewStream(r, p, r.ID, c)
		tb.streams = append(tb.streams, s)
		go func() {
			defer pw.Close()
			if err := s.Run(ctx); err != nil && ctx.Err() == nil {
				t.Errorf("seat %d: %v", i, err)
			}
		}()
		go func() {
			dec := json.NewDecoder(pr)
			for {
				var m line
				if err := dec.Decode(&m); err != nil {
					if err != io.EOF && ctx.Err() == nil {
						t.Errorf("seat %d: %v", i, err)
					}
					return
				}
				m.seat = i
				tb.lines <- m
			}
		}()
	}
	deadline := time.Now().Add(5 * time.Second)
	for r.Info().Taken < seats {
		if time.Now().After(deadline) {
			t.Fatalf("the streams did not sit down: %+v", r.Info())
		}
		time.Sleep(time.Millisecond)
	}
	if err := r.Start(ctx, players[0]); err != nil {
		t.Fatal(err)
	}
	return tb
}

// next is the next line of type typ (any if ""), failing after a while.
func (tb *table) next(t *testing.T, types ...string) line {
	t.Helper()
	for {
		select {
		case m := <-tb.lines:
			if len(types) == 0 || slices.Contains(types, m.Type) {
				return m
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("no %v line came", types)
		}
	}
}

// At every decision of many random games of each game, `legal` (with its
// range) is exactly the engine's set of legal actions for the seat: every
// action listed is legal, and every legal action the engine lists is
// listed or in the range, whose ends are the least and the most the
// engine takes. The seats then play a random one of them.
func TestLegalIsTheEngines(t *testing.T) {
	for _, g := range games.All {
		t.Run(g.Name, func(t *testing.T) {
			j := newJournal()
			l := newLobby(t, j)
			rng := rand.New(rand.NewPCG(1, uint64(len(g.Name))))
			decisions, ranges, halls, sets, most := 0, 0, 0, 0, 0
			count, options := 6, []string(nil)
			if g.Name == "tycoon" {
				count, options = 10, []string{"rounds=40"} // auctions are rare: more games, to meet bids
			}
			for n := range count {
				tb := seat(t, l, g.Name, g.MinSeats+n%(g.MaxSeats-g.MinSeats+1), options...)
				over := 0
				for over < len(tb.streams) {
					m := tb.next(t, "turn", "over", "error", "ok")
					switch m.Type {
					case "ok":
						continue
					case "over":
						over++
						continue
					case "error":
						t.Fatalf("seat %d: %s refused: %s", m.seat, m.Sent, m.Error)
					}
					decisions++
					if m.Range != nil {
						ranges++
					}
					id := store.GameID(len(j.header))
					game, _, err := j.game(g, id)
					if err != nil {
						t.Fatal(err)
					}
					seat := m.Seat
					checkLegal(t, game, seat, m.Turn)
					if ty, ok := game.(*tycoon.Game); ok && ty.Phase() == tycoon.PhaseTownHall {
						n := checkTownHall(t, game, seat, m.Entrances, rng)
						halls, sets, most = halls+1, sets+n, max(most, n)
					} else if m.Entrances != nil {
						t.Errorf("entrances %+v outside the Town Hall (%s)", m.Entrances, game.Due())
					}
					choice := ""
					if m.Entrances != nil && rng.IntN(3) > 0 {
						choice = entranceText(randomSet(m.Entrances, rng))
					} else if k := len(m.Legal); m.Range == nil || rng.IntN(2) == 0 && k > 0 {
						choice = m.Legal[rng.IntN(k)]
					} else {
						r := m.Range
						choice = fmt.Sprintf("%s %d", r.Verb, r.Min+r.Step*rng.IntN((r.Max-r.Min)/r.Step+1))
					}
					tb.streams[m.seat].Send(choice)
				}
			}
			t.Logf("%d decisions checked, %d of them with a range, %d at the Town Hall (%d sets of entrances, at most %d at once)",
				decisions, ranges, halls, sets, most)
		})
	}
}

// checkLegal compares a turn with the engine's legal actions of seat.
func checkLegal(t *testing.T, g engine.Game, seat engine.Seat, turn protocol.Turn) {
	t.Helper()
	if due, ok := g.ToMove(); !ok || due != seat {
		t.Fatalf("a turn for seat %d, but the engine has %d to move (%s)", seat, due, g.Due())
	}
	var want []string
	for _, a := range g.Legal(seat) {
		want = append(want, a.String())
	}
	applies := func(text string) bool {
		c := g.Clone()
		a, err := c.ParseAction(seat, text)
		return err == nil && c.Apply(seat, a) == nil
	}
	got := slices.Clone(turn.Legal)
	if turn.Entrances != nil {
		got = append(got, singles(turn.Entrances)...) // the engine lists each entrance alone
	}
	if r := turn.Range; r != nil {
		if r.Step <= 0 || r.Min > r.Max || !applies(fmt.Sprintf("%s %d", r.Verb, r.Min)) || !applies(fmt.Sprintf("%s %d", r.Verb, r.Max)) ||
			applies(fmt.Sprintf("%s %d", r.Verb, r.Min-r.Step)) || applies(fmt.Sprintf("%s %d", r.Verb, r.Max+r.Step)) ||
			applies(fmt.Sprintf("%s %d", r.Verb, r.Min+1)) {
			t.Errorf("range %+v: not the engine's bids (%s)", *r, g.Due())
		}
		for _, w := range want {
			var n int
			if _, err := fmt.Sscanf(w, r.Verb+" %d", &n); err == nil && n >= r.Min && n <= r.Max && (n-r.Min)%r.Step == 0 {
				got = append(got, w) // the engine's few bids are in the range
			}
		}
	}
	for _, a := range turn.Legal {
		if !applies(a) {
			t.Errorf("legal lists %q, which the engine refuses (%s)", a, g.Due())
		}
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("legal = %q (range %+v), want the engine's %q (%s)", turn.Legal, turn.Range, want, g.Due())
	}
}

// Bad input gets an error that says what was wrong, and changes nothing:
// not JSON, an unknown action, an action out of turn, a line of 1 MB, and
// 10,000 lines at once, of which no more than the line rate's burst
// reaches the room.
func TestBadInputChangesNothing(t *testing.T) {
	j := newJournal()
	l := newLobby(t, j)
	tb := seat(t, l, "acquire", 2)
	turn := tb.next(t, "turn")
	id := store.GameID(len(j.header))
	_, before, _ := j.game(games.All[0], id)
	other := 1 - turn.seat

	refused := func(who int, sent string) {
		t.Helper()
		tb.streams[who].Send(sent)
		m := tb.next(t, "error", "ok")
		if m.Type != "error" || m.Code != protocol.CodeRefused || m.Sent != sent || m.Error == "" || m.seat != who {
			t.Errorf("%q from seat %d: %+v, want an error saying why", sent, who, m)
		}
	}
	refused(other, turn.Legal[0]) // out of turn
	refused(turn.seat, "fly")
	refused(turn.seat, "play 99Z")

	var out strings.Builder
	stopped := time.Now() // a clock that stands still: no line's token comes back
	c := protocol.NewConn(&out, func() time.Time { return stopped })
	input := "not json\n" + strings.Repeat("x", 1<<20) + "\n" + strings.Repeat("\"fly\"\n", 10000)
	reached := 0
	c.Read(strings.NewReader(input), func(in protocol.Input) {
		reached++
		tb.streams[turn.seat].Send(in.Text)
	})
	codes := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m protocol.Reply
		if err := json.Unmarshal([]byte(l), &m); err != nil || m.Type != "error" || m.Error == "" {
			t.Fatalf("conn line %q: %v", l, err)
		}
		codes[m.Code]++
	}
	if codes[protocol.CodeNotJSON] != 1 || codes[protocol.CodeTooLong] != 1 || reached != protocol.LineRate.Burst-2 || // the two bad lines took a token each

		codes[protocol.CodeTooFast] != 10000-reached {
		t.Errorf("errors by code %v, %d lines reached the room; want 1 not_json, 1 too_long, the burst (%d) passed",
			codes, reached, protocol.LineRate.Burst)
	}
	// Every line that reached the stream is answered with an error.
	for range reached {
		if m := tb.next(t, "error", "ok"); m.Type != "error" {
			t.Fatalf("a bad line was answered %+v", m)
		}
	}
	if _, after, _ := j.game(games.All[0], id); after != before {
		t.Errorf("the journal went from %d to %d lines on bad input", before, after)
	}
	// The seat still plays.
	tb.streams[turn.seat].Send(turn.Legal[0])
	for {
		m := tb.next(t, "error", "ok")
		if m.Type == "ok" && m.Sent == turn.Legal[0] {
			break
		}
		if m.Type == "error" && m.Sent == turn.Legal[0] {
			t.Fatalf("%q refused after the bad input: %s", turn.Legal[0], m.Error)
		}
	}
	if _, after, _ := j.game(games.All[0], id); after <= before {
		t.Errorf("the journal has %d lines after a legal action, %d before", after, before)
	}
}

// PlayingRoom finds no game elsewhere: these tests give each account one
// game at a time.
func (j *journal) PlayingRoom(context.Context, store.AccountID) (string, error) {
	return "", store.ErrNotFound
}
