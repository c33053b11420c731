package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestSeatLine(t *testing.T) {
	valid := func(name string) error {
		if name == "bank" {
			return errors.New("bank is no name")
		}
		return nil
	}
	for _, c := range []struct {
		f    []string
		want string // the name, or the error's text
	}{
		{[]string{"seat", "ann"}, "ann"},
		{[]string{"seat", "bob"}, `seat "bob" appears twice`},
		{[]string{"seat", "bank"}, "bank is no name"},
		{[]string{"seat", "a", "b"}, "want `seat NAME`"},
	} {
		got, err := SeatLine(c.f, []string{"bob"}, valid)
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("SeatLine(%q) = %q, want %q", c.f, got, c.want)
		}
	}
}

func TestCheckCountsAndResult(t *testing.T) {
	have := map[string]int{"ann": 3, "bob": 5}
	get := func(name string) (int, error) {
		n, ok := have[name]
		if !ok {
			return 0, errors.New(name + " is not a seat")
		}
		return n, nil
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{CheckCounts("cash", []string{"ann", "3", "bob", "5"}, get), ""},
		{CheckCounts("cash", []string{"ann", "4", "bob", "6"}, get), "check cash failed: ann is 3, not 4, bob is 5, not 6"},
		{CheckCounts("cash", []string{"ann"}, get), "check cash: want NAME COUNT pairs"},
		{CheckCounts("cash", []string{"ann", "x"}, get), `check cash: "x" is not a number`},
		{CheckCounts("cash", []string{"cy", "1"}, get), "check cash: cy is not a seat"},
		{CheckResult([]string{"ann", "3"}, "POINTS", "has", get), ""},
		{CheckResult([]string{"bob", "4"}, "WORTH", "is worth", get), "result differs: bob is worth 5, not 4"},
		{CheckResult(nil, "POINTS", "has", get), "result: want SEAT POINTS pairs"},
		{CheckResult([]string{"cy", "x"}, "POINTS", "has", get), "result: cy is not a seat"},
	} {
		got := ""
		if c.err != nil {
			got = c.err.Error()
		}
		if got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// TestResumer checks that a resumed game is its header and lines replayed
// as one record, and that a record the reader refuses never reaches replay.
func TestResumer(t *testing.T) {
	var got *Record
	resume := Resumer(func(rec *Record) (Game, error) {
		got = rec
		return nil, CheckGame(rec, "demo")
	})
	if _, err := resume(RecordMagic+"\ngame demo\nseat ann\n", []string{"ann pass", "roll 4"}); err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range got.Lines {
		lines = append(lines, strings.Join(l.Fields, " "))
	}
	if s := strings.Join(lines, "|"); s != "seat ann|ann pass|roll 4" {
		t.Errorf("replayed lines %q", s)
	}
	if _, err := resume(RecordMagic+"\ngame other\n", nil); err == nil || !strings.Contains(err.Error(), `game "other"`) {
		t.Errorf("another game's record resumed: %v", err)
	}
	got = nil
	if _, err := resume("not a record\n", nil); err == nil || got != nil {
		t.Errorf("a broken record reached replay (err %v)", err)
	}
}

func TestWriteRecord(t *testing.T) {
	var b strings.Builder
	if err := WriteRecord(&b, RecordMagic+"\ngame demo\n", []string{"ann pass", "roll 4"}); err != nil {
		t.Fatal(err)
	}
	if want := RecordMagic + "\ngame demo\nann pass\nroll 4\n"; b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
}

func TestValidSeatName(t *testing.T) {
	for name, ok := range map[string]bool{
		"ann": true, "bot_2-x": true, "abcdefghijklmnop": true,
		"": false, "abcdefghijklmnopq": false, "Ann": false, "an n": false, "zoë": false,
	} {
		if err := ValidSeatName(name); (err == nil) != ok {
			t.Errorf("ValidSeatName(%q) = %v, want ok %v", name, err, ok)
		}
	}
}

func TestSeatNamed(t *testing.T) {
	seats := []string{"ann", "bob"}
	if s, err := SeatNamed(seats, "bob"); s != 1 || err != nil {
		t.Errorf("SeatNamed(bob) = %d, %v; want 1", s, err)
	}
	if _, err := SeatNamed(seats, "Bob"); err == nil || err.Error() != `"Bob" is not a seat` {
		t.Errorf("SeatNamed(Bob) = %v; want it is not a seat", err)
	}
}
