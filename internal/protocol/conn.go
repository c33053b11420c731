package protocol

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"hotels/internal/rate"
)

// Limits on what a client sends.
const (
	// MaxLine is the longest line read: an action or a chat message is far
	// shorter. The rest of a longer line is skipped unread into memory.
	MaxLine = 4 << 10
)

// LineRate bounds the lines one connection may send: a program answering
// its turns needs a few a second; a flood is answered with errors and
// never reaches a room, so nobody else's game slows down.
var LineRate = rate.Limit{Every: 25 * time.Millisecond, Burst: 40}

// Conn is one session's two directions: JSON lines out, safe for several
// streams at once, and the lines in, read within MaxLine and LineRate.
type Conn struct {
	mu  sync.Mutex
	out io.Writer
	err error // the first write error: the client is gone

	lines *rate.Keyed[struct{}]
}

// NewConn returns a Conn that writes to out.
func NewConn(out io.Writer, now func() time.Time) *Conn {
	return &Conn{out: out, lines: rate.NewKeyed[struct{}](LineRate, now)}
}

// Send writes v as one JSON line.
func (c *Conn) Send(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err == nil {
		_, c.err = c.out.Write(append(b, '\n'))
	}
	return c.err
}

// Refuse answers a line with an error: its code and why in words.
func (c *Conn) Refuse(room, sent, code, why string) {
	_ = c.Send(Reply{Type: "error", Room: room, Sent: sent, Code: code, Error: why})
}

// The codes of an `error`, for programs to tell them apart.
const (
	CodeNotJSON = "not_json" // the line is not a JSON string or object
	CodeTooLong = "too_long" // longer than MaxLine
	CodeTooFast = "too_fast" // over LineRate: wait a moment, then send it again
	CodeBusy    = "busy"     // too many lines wait for the room's answer
	CodeNoRoom  = "no_room"  // the line names no room this connection plays
	CodeRefused = "refused"  // the room refused it: not legal, not your turn...
	CodeEnded   = "ended"    // a room's stream ended before the game did
)

// Input is one line a client sent: the room it names ("" for none), and
// the action or `chat TEXT`.
type Input struct {
	Room string
	Text string
}

// ErrTooLong refuses a line longer than MaxLine.
var ErrTooLong = fmt.Errorf("that line is longer than %d bytes: send one action a line", MaxLine)

// ErrTooFast refuses lines sent faster than LineRate.
var ErrTooFast = errors.New("you are sending too fast: nothing was done; wait a moment and send it again")

// Read reads in's lines until it ends, and hands each well-formed one to
// handle; a line that is not, or comes too fast, is answered with an
// error here and reaches no room.
func (c *Conn) Read(in io.Reader, handle func(Input)) {
	r := bufio.NewReaderSize(in, MaxLine)
	for {
		line, long, err := readLine(r)
		if err != nil {
			return
		}
		if strings.TrimSpace(string(line)) == "" && !long {
			continue
		}
		allowed := c.lines.Allow(struct{}{})
		if long {
			c.Refuse("", "", CodeTooLong, ErrTooLong.Error())
			continue
		}
		in, err := ParseInput(line)
		switch {
		case err != nil:
			c.Refuse("", "", CodeNotJSON, err.Error())
			continue
		case !allowed:
			c.Refuse(in.Room, in.Text, CodeTooFast, ErrTooFast.Error())
			continue
		}
		handle(in)
	}
}

// readLine reads one line, keeping at most MaxLine bytes of it; long says
// it was longer.
func readLine(r *bufio.Reader) (line []byte, long bool, err error) {
	for {
		chunk, more, err := r.ReadLine()
		if err != nil {
			return nil, false, err
		}
		if !long && len(line)+len(chunk) <= MaxLine {
			line = append(line, chunk...)
		} else {
			long, line = true, nil
		}
		if !more {
			return line, long, nil
		}
	}
}

// ParseInput reads a line a client sent: a JSON string, the action or
// `chat TEXT` itself, or an object {"room": ROOM, "action": TEXT}.
func ParseInput(line []byte) (Input, error) {
	var v any
	if err := json.Unmarshal(line, &v); err != nil {
		return Input{}, fmt.Errorf("that line is not JSON: send a string such as \"play 6D\", or {\"room\": ROOM, \"action\": \"play 6D\"}")
	}
	switch v := v.(type) {
	case string:
		return Input{Text: strings.TrimSpace(v)}, nil
	case map[string]any:
		room, _ := v["room"].(string)
		action, ok := v["action"].(string)
		if !ok {
			return Input{}, errors.New("that object has no \"action\" string: send {\"room\": ROOM, \"action\": \"play 6D\"}")
		}
		return Input{Room: strings.ToLower(strings.TrimSpace(room)), Text: strings.TrimSpace(action)}, nil
	}
	return Input{}, errors.New("send an action as a JSON string, such as \"play 6D\", or an object {\"room\": ROOM, \"action\": \"play 6D\"}")
}
