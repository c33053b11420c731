package engine

import (
	"bufio"
	"errors"
	"fmt"
	"io"
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
