package server

import (
	"io"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	bm "charm.land/wish/v2/bubbletea"
)

// Limits on an interactive session's input (issue 27, N5). Every key, mouse
// event and paste is an update and a frame of the player's screen; a client
// that sends them as fast as it can took more than a core, and a 1 MB paste
// seconds of it. A person types a few keys a second, holds an arrow key at
// about thirty, and pastes a line: these are far above that.
const (
	// InputBytesPerSecond and InputBurst bound the bytes a session's
	// input is read at; bytes past them are read and dropped, so a client
	// that floods (and one that floods without reading what it is sent)
	// costs the server what reading its bytes costs, no more.
	InputBytesPerSecond = 16 << 10
	InputBurst          = 64 << 10
	// KeysPerSecond and KeyBurst bound the keys, mouse events and pastes
	// that reach the screen; the others are dropped.
	KeysPerSecond = 50
	KeyBurst      = 100
	// MaxPaste is the longest bracketed paste passed on: the rest of a
	// longer one is dropped (a chat line is 200 characters, a name 20).
	MaxPaste = 8 << 10
)

// limitedInput is a session's input with InputBytesPerSecond applied and
// bracketed pastes cut to MaxPaste. It is read by one goroutine, the
// program's input reader. Its filter, run by the program's event loop,
// applies KeysPerSecond; the two share no field. One object holds both
// limits: what a session keeps, each collection marks (docs/capacity.md).
type limitedInput struct {
	r    io.Reader
	in   []byte // read buffer
	out  []byte // passed on, not yet returned
	kept []byte // out's buffer

	// bytes is how many bytes may be passed on now, brought up to date
	// at each read, at InputBytesPerSecond up to InputBurst.
	bytes bucket
	// keys is how many keys, mouse events and pastes filter may pass on
	// now, at KeysPerSecond up to KeyBurst.
	keys bucket

	inPaste bool // a bracketed paste is under way
	pasted  int  // bytes of it passed on
	// match is how many bytes of the paste's end marker were the last
	// ones read, held back until the marker completes or breaks off:
	// the end of a paste is always passed on, whole, so that the
	// terminal reader leaves its paste too.
	match int
}

var (
	pasteStart = []byte("\x1b[200~")
	pasteEnd   = []byte("\x1b[201~")
)

// inputReadSize is limitedInput's read buffer: a key is a few bytes, and a
// paste is read in a few reads more; every session holds one for as long as
// it lasts (docs/capacity.md).
const inputReadSize = 1 << 10

func limitInput(r io.Reader) *limitedInput {
	now := time.Now()
	return &limitedInput{r: r, in: make([]byte, inputReadSize),
		bytes: bucket{tokens: InputBurst, at: now}, keys: bucket{tokens: KeyBurst, at: now}}
}

// bucket is a token bucket: tokens may be taken now, brought up to date
// at at.
type bucket struct {
	tokens float64
	at     time.Time
}

// refill brings b up to now, at perSecond up to burst.
func (b *bucket) refill(now time.Time, perSecond, burst float64) {
	if d := now.Sub(b.at); d > 0 {
		b.tokens = min(burst, b.tokens+d.Seconds()*perSecond)
		b.at = now
	}
}

// Read returns the next bytes of input that the limits let through,
// waiting for more when all of a read was dropped.
func (l *limitedInput) Read(p []byte) (int, error) {
	for len(l.out) == 0 {
		l.out = l.kept[:0]
		n, err := l.r.Read(l.in)
		l.bytes.refill(time.Now(), InputBytesPerSecond, InputBurst)
		for _, b := range l.in[:n] {
			l.take(b)
		}
		l.kept = l.out[:0] // what append grew, for the next reads
		if err != nil && len(l.out) == 0 {
			return 0, err
		}
	}
	n := copy(p, l.out)
	l.out = l.out[n:]
	return n, nil
}

// take passes b on, or drops it.
func (l *limitedInput) take(b byte) {
	if !l.inPaste {
		l.match = advance(pasteStart, l.match, b)
		if l.match == len(pasteStart) {
			l.inPaste, l.match, l.pasted = true, 0, 0
		}
		l.pass(b)
		return
	}
	held := l.match
	l.match = advance(pasteEnd, held, b)
	switch {
	case l.match == len(pasteEnd):
		l.out = append(l.out, pasteEnd...)
		l.inPaste, l.match = false, 0
	case l.match == held+1: // b is held too
	default: // what was held is pasted text after all
		for _, h := range pasteEnd[:held] {
			l.paste(h)
		}
		if l.match == 0 {
			l.paste(b)
		}
	}
}

// paste passes on b, a byte of a paste, unless the paste is cut.
func (l *limitedInput) paste(b byte) {
	if l.pasted < MaxPaste && l.pass(b) {
		l.pasted++
	}
}

// pass passes on b if the byte rate allows, and reports whether it did.
func (l *limitedInput) pass(b byte) bool {
	if l.bytes.tokens < 1 {
		return false
	}
	l.bytes.tokens--
	l.out = append(l.out, b)
	return true
}

// advance is how much of marker the bytes read match after b, given that
// they matched m of it before; a marker's first byte appears nowhere else
// in it.
func advance(marker []byte, m int, b byte) int {
	switch b {
	case marker[m]:
		return m + 1
	case marker[0]:
		return 1
	}
	return 0
}

// filter is a tea.WithFilter that drops keys, mouse events and pastes
// past KeysPerSecond. Like the filter of wish's bubbletea.MakeOptions,
// which it replaces, it answers a suspend (ctrl+z) with a resume: an SSH
// session has no shell to suspend to.
func (l *limitedInput) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg, tea.PasteMsg:
		l.keys.refill(time.Now(), KeysPerSecond, KeyBurst)
		if l.keys.tokens < 1 {
			return nil
		}
		l.keys.tokens--
	case tea.SuspendMsg:
		return tea.ResumeMsg{}
	}
	return msg
}

// programOptions are the options of every Bubble Tea program a session
// runs, a player's screens (sign-up, lobby, rooms) and an admin's `admin
// watch` alike, so that none reads its input past the limits above: an
// admin's key is one more key that can be stolen, and a broken client
// floods as well with it. fps is the most frames a second.
func programOptions(sess ssh.Session, fps int) []tea.ProgramOption {
	meter := &metered{Session: sess}
	in := limitInput(meter)
	return append(bm.MakeOptions(sess),
		// Bubble Tea would otherwise subscribe every session to the
		// server's SIGINT/SIGTERM and quit them behind Serve's back.
		tea.WithoutSignalHandler(),
		// The session itself, as MakeOptions gives it (the server
		// emulates the terminal), with its frames and keys counted, and
		// its input limited so that no session takes more than a small
		// share of a core, however fast its client sends. One
		// WithInput: a later one replaces an earlier one.
		tea.WithInput(in), tea.WithOutput(meter),
		tea.WithFilter(in.filter),
		// A frame is only drawn when the screen changed
		// (third_party/bubbletea/HOTELS.md).
		tea.WithFPS(fps),
	)
}
