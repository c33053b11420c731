package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// tally is a game for the Replaying tests: a header of `seat` lines, and
// body lines that add their numbers up.
type tally struct {
	seats []string
	sum   int
	ended bool
}

func (t *tally) Seats() []string          { return t.seats }
func (t *tally) ToMove() (Seat, bool)     { return 0, !t.ended }
func (t *tally) Legal(Seat) []Action      { return nil }
func (t *tally) Apply(Seat, Action) error { return ErrIllegal }
func (t *tally) Log(Seat) []string        { return nil }
func (t *tally) View(Seat) any            { return t.sum }
func (t *tally) Standings() []Standing    { return nil }
func (t *tally) Due() string              { return "" }
func (t *tally) Clone() Game              { c := *t; return &c }
func (t *tally) ParseAction(Seat, string) (Action, error) {
	return nil, ErrIllegal
}

type tallySetup struct{ seats []string }

func (s tallySetup) Header() string { return "seat " + strings.Join(s.seats, "\nseat ") + "\n" }

func newTally(s tallySetup) (*tally, error) {
	if len(s.seats) == 0 {
		return nil, errors.New("no seats")
	}
	return &tally{seats: s.seats}, nil
}

var tallies = Replaying[tallySetup, *tally]{
	Game: "tally",
	Header: func(s *tallySetup, f []string) (bool, error) {
		if f[0] != "seat" {
			return false, nil
		}
		name, err := SeatLine(f, s.seats, ValidSeatName)
		s.seats = append(s.seats, name)
		return true, err
	},
	Begin: func(s tallySetup, header, body []Line) (*tally, error) {
		if len(s.seats) == 1 {
			return nil, &LineError{Line: LastLine(body, 99), Err: errors.New("one seat")}
		}
		return newTally(s)
	},
	Line: func(rp *Replay[tallySetup, *tally], f []string) error {
		var n int
		if _, err := fmt.Sscan(f[0], &n); err != nil {
			return err
		}
		rp.Game.sum += n
		rp.Lines++
		return nil
	},
	End: func(t *tally) { t.ended = true },
}

func TestReplayingRead(t *testing.T) {
	for _, c := range []struct {
		text    string
		sum     int    // the game's sum, when it was begun
		lines   int    // Replay.Lines
		wantErr string // "" if none
	}{
		{"game tally\nseat ann\nseat bob\n1\n# a comment\n2\n", 3, 2, ""},
		{"game tally\nseat ann\nseat bob\n", 0, 0, ""},
		{"game other\nseat ann\n", -1, 0, `line 2: game "other": this reads tally records`},
		{"game tally\nseat ann\nseat ann\n1\n", -1, 0, `line 4: seat "ann" appears twice`},
		{"game tally\n\nseat ann\n\nseat bob\n\n5\nx\n7\n", 5, 1, "line 9: expected integer"},
		// Begin's own error is at the line it names; any other at the
		// header's last line, or line 2 when there is no header.
		{"game tally\nseat ann\n3\n", -1, 0, "line 4: one seat"},
		{"game tally\n3\n", -1, 0, "line 2: no seats"},
		{"game tally\n", -1, 0, "line 2: no seats"},
	} {
		rec, err := ReadRecord(strings.NewReader(RecordMagic + "\n" + c.text))
		if err != nil {
			t.Fatal(err)
		}
		rp, err := tallies.Read(rec, tallySetup{})
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%q: %v", c.text, err)
		case c.wantErr != "" && (err == nil || err.Error() != c.wantErr):
			t.Errorf("%q: error %v, want %s", c.text, err, c.wantErr)
		case err != nil && !errors.As(err, new(*LineError)):
			t.Errorf("%q: %T is no *LineError", c.text, err)
		}
		if c.sum < 0 {
			if rp != nil {
				t.Errorf("%q: a Replay before the game began", c.text)
			}
			continue
		}
		if rp == nil || rp.Game == nil {
			t.Errorf("%q: no game", c.text)
			continue
		}
		if rp.Game.sum != c.sum || rp.Lines != c.lines || rp.Game.ended != (err == nil) {
			t.Errorf("%q: sum %d, %d lines, ended %v", c.text, rp.Game.sum, rp.Lines, rp.Game.ended)
		}
	}
}

func TestReplayerAndResumer(t *testing.T) {
	replay := Replayer(func(rec *Record) (*Replay[tallySetup, *tally], error) { return tallies.Read(rec, tallySetup{}) })
	g, err := Resumer(replay)(RecordMagic+"\ngame tally\nseat ann\nseat bob\n", []string{"4", "5"})
	if err != nil || g.View(0) != 9 {
		t.Fatalf("Resume = %v, %v", g, err)
	}
	// A refused record gives no game at all, not a nil *tally.
	g, err = Resumer(replay)(RecordMagic+"\ngame tally\nseat ann\n", []string{"4"})
	if g != nil || err == nil {
		t.Errorf("Resume of a bad record = %v, %v", g, err)
	}
}

func TestDealer(t *testing.T) {
	var draws []uint64
	deal := Dealer(func(rules string, options, seats []string, rng *rand.Rand) (tallySetup, error) {
		if rules != "" {
			return tallySetup{}, errors.New("no rules")
		}
		draws = append(draws, rng.Uint64())
		return tallySetup{seats: seats}, nil
	}, newTally)
	g, header, err := deal("", nil, []string{"ann", "bob"}, 7)
	if err != nil || header != "seat ann\nseat bob\n" || !slices.Equal(g.Seats(), []string{"ann", "bob"}) {
		t.Fatalf("deal = %v, %q, %v", g, header, err)
	}
	for _, c := range []struct {
		rules string
		seats []string
		want  string
	}{{"x", []string{"ann"}, "no rules"}, {"", nil, "no seats"}} {
		if g, _, err := deal(c.rules, nil, c.seats, 7); g != nil || err == nil || err.Error() != c.want {
			t.Errorf("deal(%q, %q) = %v, %v; want %s", c.rules, c.seats, g, err, c.want)
		}
	}
	// The seed alone decides the chance.
	deal("", nil, []string{"ann"}, 7)
	deal("", nil, []string{"ann"}, 8)
	if draws[0] != draws[2] || draws[0] == draws[3] {
		t.Errorf("draws %v: want the same for seed 7, another for 8", draws)
	}
}

func TestCheckSeats(t *testing.T) {
	for _, c := range []struct {
		seats []string
		want  string
	}{
		{[]string{"ann", "bob"}, ""},
		{[]string{"ann", "Bob"}, `g: seat 2: seat name "Bob": only a-z, 0-9, _ and - are allowed`},
		{[]string{"ann", "bob", "ann"}, `g: seat "ann" appears twice`},
	} {
		err := CheckSeats("g", c.seats, ValidSeatName)
		if got := fmt.Sprint(err); (c.want == "" && err != nil) || (c.want != "" && got != c.want) {
			t.Errorf("CheckSeats(%q) = %v, want %q", c.seats, err, c.want)
		}
	}
}

func TestNameOf(t *testing.T) {
	seats := []string{"ann", "bob"}
	for seat, want := range map[int]string{0: "ann", 1: "bob", 2: "seat 3", -2: "seat -1"} {
		if got := NameOf(seats, seat); got != want {
			t.Errorf("NameOf(%d) = %q, want %q", seat, got, want)
		}
	}
}

func TestSeatActions(t *testing.T) {
	lines := []string{"ann play 1A", "bob play 2B # a note", "roll 4", "bob buy  # only a note", "ann end"}
	var got []string
	for a := range SeatActions([]string{"ann", "bob"}, 1, lines) {
		got = append(got, a)
	}
	if want := []string{"play 2B", "buy"}; !slices.Equal(got, want) {
		t.Errorf("bob's actions = %q, want %q", got, want)
	}
	for a := range SeatActions([]string{"ann", "bob"}, 0, lines) {
		if a != "play 1A" {
			t.Errorf("ann's first action %q", a)
		}
		break // stopping early stops the walk
	}
}
