// Package replay checks game records: it reads each `hotels-record 1` file,
// replays it through its game's engine and reports the outcome, as the
// `replay` command prints it (records.md).
package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/games"
)

// Result is the outcome of replaying one record.
type Result struct {
	File    string         `json:"file"`
	OK      bool           `json:"ok"`
	Over    bool           `json:"over"`
	Line    int            `json:"line,omitempty"`
	Error   string         `json:"error,omitempty"`
	Final   map[string]int `json:"final,omitempty"`
	Winners []string       `json:"winners,omitempty"`

	standings []engine.Standing
	due       string
	unit      engine.Unit
}

// maxRecordSize bounds a record file: a whole game is a few kilobytes.
const maxRecordSize = 4 << 20

// File replays the record at path.
func File(path string) Result {
	f, err := os.Open(path)
	if err != nil {
		return Result{File: path, Error: err.Error()}
	}
	defer f.Close()
	return Read(path, io.LimitReader(f, maxRecordSize))
}

// Read replays the record read from r, reported under the name file.
func Read(file string, r io.Reader) Result {
	res := Result{File: file}
	rec, err := engine.ReadRecord(r)
	if err == nil {
		kind, ok := games.ByName(rec.Game)
		var g engine.Game
		if !ok {
			err = &engine.LineError{Line: 2, Err: fmt.Errorf("unknown game %q: this server replays %s", rec.Game, strings.Join(games.Names(), ", "))}
		} else if g, err = kind.Replay(rec); err == nil {
			_, going := g.ToMove()
			res.OK, res.Over = true, !going
			res.standings = g.Standings()
			res.due = g.Due()
			res.unit = kind.Unit
		}
	}
	if err != nil {
		var le *engine.LineError
		if errors.As(err, &le) {
			res.Line = le.Line
			err = le.Err
		}
		res.Error = err.Error()
		return res
	}
	if res.Over {
		res.Final = map[string]int{}
		for _, s := range res.standings {
			res.Final[s.Name] = s.Score
			if s.Place == 1 {
				res.Winners = append(res.Winners, s.Name)
			}
		}
	}
	return res
}

// Print writes res for people: the final scores and the winners, or
// FILE:LINE: reason.
func (res Result) Print(w io.Writer) {
	switch {
	case !res.OK && res.Line > 0:
		fmt.Fprintf(w, "%s:%d: %s\n", res.File, res.Line, res.Error)
	case !res.OK:
		fmt.Fprintf(w, "%s: %s\n", res.File, res.Error)
	case !res.Over:
		fmt.Fprintf(w, "%s: ok, not over: %s\n", res.File, res.due)
	default:
		parts := make([]string, len(res.standings))
		for i, s := range res.standings {
			parts[i] = s.Name + " " + res.unit.Format(s.Score)
		}
		fmt.Fprintf(w, "%s: ok, over: %s; winner: %s\n", res.File, strings.Join(parts, ", "), strings.Join(res.Winners, ", "))
	}
}

// MarshalJSON writes res in the shape records.md gives: a good record has
// "over", and "final" and "winners" once it is over; a bad one has "line"
// (when the error is at one) and "error", and no "over".
func (res Result) MarshalJSON() ([]byte, error) {
	if res.OK {
		return json.Marshal(struct {
			File    string         `json:"file"`
			OK      bool           `json:"ok"`
			Over    bool           `json:"over"`
			Final   map[string]int `json:"final,omitempty"`
			Winners []string       `json:"winners,omitempty"`
		}{res.File, true, res.Over, res.Final, res.Winners})
	}
	return json.Marshal(struct {
		File  string `json:"file"`
		OK    bool   `json:"ok"`
		Line  int    `json:"line,omitempty"`
		Error string `json:"error"`
	}{res.File, false, res.Line, res.Error})
}

// PrintJSON writes res as one line of JSON.
func (res Result) PrintJSON(w io.Writer) {
	b, _ := json.Marshal(res)
	fmt.Fprintf(w, "%s\n", b)
}
