package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// RecordMagic is the first line of every game record (records.md).
const RecordMagic = "hotels-record 1"

// maxRecordLine bounds one record line, so that a hostile file cannot make
// a reader hold an unbounded line.
const maxRecordLine = 64 << 10

// Record is a game record split into lines of words, with comments and
// blank lines dropped. What the lines mean is the game's business.
type Record struct {
	Game  string // from the `game` line
	Lines []Line // every line after `game`
}

// Line is one statement of a record.
type Line struct {
	Num    int // 1-based line number in the file
	Fields []string
}

// LineError is an error at one line of a record.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ReadRecord reads the lines of a `hotels-record 1` text.
func ReadRecord(r io.Reader) (*Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxRecordLine)
	rec := &Record{}
	num, magic := 0, false
	for sc.Scan() {
		num++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		f := strings.Fields(text)
		if len(f) == 0 {
			continue
		}
		switch {
		case !magic:
			if strings.Join(f, " ") != RecordMagic {
				return nil, &LineError{num, fmt.Errorf("not a game record: the first line must be %q", RecordMagic)}
			}
			magic = true
		case rec.Game == "":
			if len(f) != 2 || !strings.EqualFold(f[0], "game") {
				return nil, &LineError{num, errors.New("want `game NAME` after the first line")}
			}
			rec.Game = strings.ToLower(f[1])
		default:
			rec.Lines = append(rec.Lines, Line{Num: num, Fields: f})
		}
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, &LineError{num + 1, fmt.Errorf("line longer than %d bytes", maxRecordLine)}
		}
		return nil, err
	}
	if !magic {
		return nil, &LineError{1, fmt.Errorf("empty: a game record starts with %q", RecordMagic)}
	}
	if rec.Game == "" {
		return nil, &LineError{num, errors.New("no `game` line")}
	}
	return rec, nil
}

// SplitLine splits a journal or record action line into the seat that wrote
// it and the action's text. A line whose first word names no seat is a
// chance line ("roll 4"), returned as Chance with the whole line as its
// action: games never let a seat be named like one of their chance verbs.
func SplitLine(seats []string, line string) (Seat, string) {
	line = strings.TrimSpace(line)
	first, rest, _ := strings.Cut(line, " ")
	for i, name := range seats {
		if name == first {
			return Seat(i), strings.TrimSpace(rest)
		}
	}
	return Chance, line
}

// JoinLine writes seat's action as a journal line: the seat's name, then
// the action; a chance line is the action alone.
func JoinLine(seats []string, seat Seat, action string) string {
	if seat == Chance {
		return action
	}
	return seats[seat] + " " + action
}

// Resumer makes a Kind's Resume from its Replay: a stored game is its record
// header followed by its action lines, so resuming is replaying that record.
func Resumer(replay func(*Record) (Game, error)) func(header string, lines []string) (Game, error) {
	return func(header string, lines []string) (Game, error) {
		rec, err := ReadRecord(strings.NewReader(header + strings.Join(lines, "\n")))
		if err != nil {
			return nil, err
		}
		return replay(rec)
	}
}

// WriteRecord writes a complete record: header (which ends in a newline),
// then the lines as a room journaled them (JoinLine), one a line.
func WriteRecord(w io.Writer, header string, lines []string) error {
	if _, err := io.WriteString(w, header); err != nil {
		return err
	}
	for _, l := range lines {
		if _, err := io.WriteString(w, l+"\n"); err != nil {
			return err
		}
	}
	return nil
}

// CheckGame says whether rec is a record of the game named name: an error
// at the `game` line if not.
func CheckGame(rec *Record, name string) error {
	if rec.Game != name {
		return &LineError{Line: 2, Err: fmt.Errorf("game %q: this reads %s records", rec.Game, name)}
	}
	return nil
}

// SeatLine reads the fields of a `seat NAME` header line: the name, if it
// is valid and not among the seats read so far. How many seats a game
// takes is the game's to check.
func SeatLine(f []string, seats []string, valid func(string) error) (string, error) {
	if len(f) != 2 {
		return "", errors.New("want `seat NAME`")
	}
	if err := valid(f[1]); err != nil {
		return "", err
	}
	for _, prev := range seats {
		if prev == f[1] {
			return "", fmt.Errorf("seat %q appears twice", f[1])
		}
	}
	return f[1], nil
}

// LateHeader is the error for a header line (word) met among the actions.
func LateHeader(word string) error {
	return fmt.Errorf("%s line after the first action: the header comes first", word)
}

// CheckCounts compares the NAME COUNT pairs of a `check what` line with
// what get says each name counts, naming every difference.
func CheckCounts(what string, args []string, get func(name string) (int, error)) error {
	if len(args) == 0 || len(args)%2 != 0 {
		return fmt.Errorf("check %s: want NAME COUNT pairs", what)
	}
	var diffs []string
	for j := 0; j < len(args); j += 2 {
		want, err := strconv.Atoi(args[j+1])
		if err != nil {
			return fmt.Errorf("check %s: %q is not a number", what, args[j+1])
		}
		got, err := get(args[j])
		if err != nil {
			return fmt.Errorf("check %s: %w", what, err)
		}
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s is %d, not %d", args[j], got, want))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("check %s failed: %s", what, strings.Join(diffs, ", "))
	}
	return nil
}

// CheckResult compares the SEAT SCORE pairs of a `result` line with what
// score says of each seat (an error for a name that is no seat). unit names
// the score in the error for a malformed line ("POINTS"), and has says how
// a seat holds it in a difference ("has", "is worth").
func CheckResult(args []string, unit, has string, score func(seat string) (int, error)) error {
	if len(args) == 0 || len(args)%2 != 0 {
		return fmt.Errorf("result: want SEAT %s pairs", unit)
	}
	var diffs []string
	for j := 0; j < len(args); j += 2 {
		got, err := score(args[j])
		if err != nil {
			return fmt.Errorf("result: %w", err)
		}
		want, err := strconv.Atoi(args[j+1])
		if err != nil {
			return fmt.Errorf("result: %q is not a number", args[j+1])
		}
		if got != want {
			diffs = append(diffs, fmt.Sprintf("%s %s %d, not %d", args[j], has, got, want))
		}
	}
	if len(diffs) > 0 {
		return fmt.Errorf("result differs: %s", strings.Join(diffs, ", "))
	}
	return nil
}

// ValidSeatName reports whether name can name a seat in a record: 1–16 of
// [a-z0-9_-] (records.md). A game may refuse more names, such as the words
// its records begin lines with.
func ValidSeatName(name string) error {
	if len(name) < 1 || len(name) > 16 {
		return fmt.Errorf("seat name %q: want 1 to 16 characters", name)
	}
	for _, c := range name {
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("seat name %q: only a-z, 0-9, _ and - are allowed", name)
		}
	}
	return nil
}

// SeatNamed returns the seat that seats (the names in turn order) call
// name, for the record lines that name one.
func SeatNamed(seats []string, name string) (Seat, error) {
	for i, n := range seats {
		if n == name {
			return Seat(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not a seat", name)
}
