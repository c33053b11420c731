package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"
	"golang.org/x/crypto/ssh"
)

var (
	errTimeout = errors.New("timed out")
	errEnded   = errors.New("the session's output ended")
)

// term is one SSH session with a PTY whose output is fed into a vt
// emulator, so that the tool reads the screen a player would see.
//
// Its reader goroutine is the only writer of the emulator. After each chunk
// it checks the session's watches (see watch) and pokes changed, which the
// one goroutine that drives the session (setup, then the player loop)
// waits on.
type term struct {
	name  string // the account's name, loadNNNNN
	index int    // the key's index
	w, h  int

	client *ssh.Client
	sess   *ssh.Session
	stdin  io.Writer
	wmu    sync.Mutex // one write to stdin at a time: keys and the emulator's replies

	mu      sync.Mutex
	emu     *vt.Emulator
	cur     *view // the parsed screen; nil when output came since
	watches []*watch
	move    *watch // the pending "a move shows here" watch, if any

	changed chan struct{} // a token after each chunk of output
	done    chan struct{} // closed when the output ends
	rx      atomic.Int64  // bytes received
	base    int64         // rx when play began
	cost    *series       // if set, µs spent on each chunk: emulator and watches
}

// dialTerm connects with key signer, asks for a PTY of w×h and starts a
// shell (cmd "") or cmd, as `ssh -t host cmd` does.
func dialTerm(ctx context.Context, addr string, signer ssh.Signer, name string, index, w, h int, cmd string, timeout time.Duration, cost *series) (*term, error) {
	d := net.Dialer{Timeout: timeout}
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("dial: %w", err)
	}
	_ = conn.SetDeadline(time.Now().Add(timeout)) // bounds the handshake and the requests below
	cc := &ssh.ClientConfig{
		User:            name,
		Auth:            []ssh.AuthMethod{ssh.PublicKeys(signer)},
		HostKeyCallback: ssh.InsecureIgnoreHostKey(), // loopback test servers only
		Timeout:         timeout,
	}
	c, chans, reqs, err := ssh.NewClientConn(conn, addr, cc)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("handshake: %w", err)
	}
	t := &term{
		name: name, index: index, w: w, h: h,
		client:  ssh.NewClient(c, chans, reqs),
		emu:     newEmulator(w, h),
		cost:    cost,
		changed: make(chan struct{}, 1),
		done:    make(chan struct{}),
	}
	fail := func(stage string, err error) (*term, error) {
		t.close()
		return nil, fmt.Errorf("%s: %w", stage, err)
	}
	if t.sess, err = t.client.NewSession(); err != nil {
		return fail("session", err)
	}
	if t.stdin, err = t.sess.StdinPipe(); err != nil {
		return fail("session", err)
	}
	stdout, err := t.sess.StdoutPipe()
	if err != nil {
		return fail("session", err)
	}
	go t.copyReplies()
	go t.read(stdout)
	if err := t.sess.RequestPty("xterm-256color", h, w, ssh.TerminalModes{}); err != nil {
		return fail("pty", err)
	}
	if cmd == "" {
		err = t.sess.Shell()
	} else {
		err = t.sess.Start(cmd)
	}
	if err != nil {
		return fail("start", err)
	}
	_ = conn.SetDeadline(time.Time{})
	return t, nil
}

// newEmulator makes a w×h emulator. vt gives each emulator's escape
// sequence parser a 4 MiB buffer for OSC and DCS strings, allocated up
// front; a thousand sessions would hold gigabytes of it, and the server
// sends only short ones (the window title, colour queries). The field is
// not exported, so it is reached by reflection; if that ever fails the
// emulator keeps its big buffer and works the same.
func newEmulator(w, h int) *vt.Emulator {
	e := vt.NewEmulator(w, h)
	func() {
		defer func() { _ = recover() }()
		f := reflect.ValueOf(e).Elem().FieldByName("parser")
		if !f.IsValid() || f.Type() != reflect.TypeOf((*ansi.Parser)(nil)) {
			return
		}
		p := *(**ansi.Parser)(unsafe.Pointer(f.UnsafeAddr()))
		if p != nil {
			p.SetDataSize(16 << 10)
		}
	}()
	e.SetScrollbackSize(0)
	return e
}

// copyReplies forwards what the emulator answers to the program's terminal
// queries (background colour, device attributes, modes) to the server, as
// a terminal does. Without a reader the emulator blocks on its first answer.
func (t *term) copyReplies() {
	buf := make([]byte, 1024)
	for {
		n, err := t.emu.Read(buf)
		if n > 0 {
			_ = t.write(buf[:n])
		}
		if err != nil {
			return
		}
	}
}

func (t *term) write(p []byte) error {
	t.wmu.Lock()
	defer t.wmu.Unlock()
	if t.stdin == nil {
		return errEnded
	}
	_, err := t.stdin.Write(p)
	return err
}

// read feeds the session's output to the emulator and fires the watches
// the new screen satisfies.
func (t *term) read(stdout io.Reader) {
	defer close(t.done)
	buf := make([]byte, 16<<10)
	for {
		n, err := stdout.Read(buf)
		if n > 0 {
			now := time.Now()
			t.rx.Add(int64(n))
			t.mu.Lock()
			_, _ = t.emu.Write(buf[:n])
			t.cur = nil
			if len(t.watches) > 0 {
				v := t.viewLocked()
				keep := t.watches[:0]
				for _, w := range t.watches {
					if !w.check(v, now, n) {
						keep = append(keep, w)
					}
				}
				clear(t.watches[len(keep):])
				t.watches = keep
				if t.move != nil && t.move.fired() {
					t.move = nil
				}
			}
			t.mu.Unlock()
			if t.cost != nil {
				t.cost.add(float64(time.Since(now).Nanoseconds()) / 1000)
			}
			select {
			case t.changed <- struct{}{}:
			default:
			}
		}
		if err != nil {
			return
		}
	}
}

// viewLocked parses the screen once per change; t.mu is held.
func (t *term) viewLocked() *view {
	if t.cur == nil {
		t.cur = parseView(screenOf(t.emu, t.w, t.h), t.h)
	}
	return t.cur
}

// screenOf is the emulator's text, a line a row, as Emulator.String gives
// it but in a third of the time: String compares every cell with the empty
// cell, style and all, and the readers of hundreds of watchers do this for
// every move.
func screenOf(e *vt.Emulator, w, h int) string {
	var b strings.Builder
	b.Grow(w*h*2 + h)
	for y := range h {
		for x := 0; x < w; x++ {
			c := e.CellAt(x, y)
			if c == nil || c.Content == "" {
				b.WriteByte(' ')
				continue
			}
			b.WriteString(c.Content)
			if c.Width > 1 { // a wide character; the next cell is its second half
				x += c.Width - 1
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// view returns the screen as it is now.
func (t *term) view() *view {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.viewLocked()
}

// arm adds a watch, taking its base from the screen as it is now.
func (t *term) arm(w *watch) {
	t.mu.Lock()
	w.rebase(t.viewLocked())
	t.watches = append(t.watches, w)
	t.mu.Unlock()
}

// disarm removes w if it has not fired.
func (t *term) disarm(w *watch) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for i, x := range t.watches {
		if x == w {
			t.watches = append(t.watches[:i], t.watches[i+1:]...)
			break
		}
	}
	if t.move == w {
		t.move = nil
	}
}

// armMove arms the watch for a move reaching this screen. A previous move
// this screen has still not shown is given up: it is returned, so that the
// caller records it as late.
func (t *term) armMove(w *watch) (late *watch) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.move != nil && !t.move.fired() {
		late = t.move
		for i, x := range t.watches {
			if x == late {
				t.watches = append(t.watches[:i], t.watches[i+1:]...)
				break
			}
		}
	}
	w.rebase(t.viewLocked())
	t.watches = append(t.watches, w)
	t.move = w
	return late
}

// pendingMove returns the move watch still waiting here, if any.
func (t *term) pendingMove() *watch {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.move != nil && !t.move.fired() {
		return t.move
	}
	return nil
}

// takeMove removes and returns the move watch still waiting here, if any.
func (t *term) takeMove() *watch {
	t.mu.Lock()
	defer t.mu.Unlock()
	w := t.move
	if w == nil || w.fired() {
		return nil
	}
	t.move = nil
	for i, x := range t.watches {
		if x == w {
			t.watches = append(t.watches[:i], t.watches[i+1:]...)
			break
		}
	}
	return w
}

// waitFor waits until ok holds for the screen, or timeout.
func (t *term) waitFor(ctx context.Context, timeout time.Duration, ok func(*view) bool) (*view, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		v := t.view()
		if ok(v) {
			return v, nil
		}
		select {
		case <-t.changed:
		case <-timer.C:
			return t.view(), errTimeout
		case <-t.done:
			return t.view(), errEnded
		case <-ctx.Done():
			return t.view(), ctx.Err()
		}
	}
}

// waitWatch waits until w fires (its time), timeout, or the end.
func (t *term) waitWatch(ctx context.Context, w *watch, timeout time.Duration) (time.Time, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-w.done:
		return w.at, nil
	case <-timer.C:
	case <-t.done:
	case <-ctx.Done():
	}
	t.disarm(w)
	select {
	case <-w.done:
		return w.at, nil
	default:
	}
	if ctx.Err() != nil {
		return time.Time{}, ctx.Err()
	}
	if t.ended() {
		return time.Time{}, errEnded
	}
	return time.Time{}, errTimeout
}

func (t *term) ended() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// press writes key and waits until the part of the screen kind names
// changes: the key→screen latency.
func (t *term) press(ctx context.Context, key string, kind watchKind, timeout time.Duration) (time.Duration, error) {
	w := newWatch(kind)
	t.arm(w)
	t0 := time.Now()
	w.t0.Store(t0.UnixNano())
	if err := t.write([]byte(key)); err != nil {
		t.disarm(w)
		return 0, err
	}
	at, err := t.waitWatch(ctx, w, timeout)
	if err != nil {
		return 0, err
	}
	return at.Sub(t0), nil
}

func (t *term) close() {
	if t.sess != nil {
		_ = t.sess.Close()
	}
	if t.client != nil {
		_ = t.client.Close()
	}
	// Ends copyReplies: the emulator's input pipe reads EOF.
	if pw, ok := t.emu.InputPipe().(*io.PipeWriter); ok {
		_ = pw.CloseWithError(io.EOF)
	}
}

// screenText is the screen for error messages: its non-blank lines.
func screenText(v *view) string {
	var out []string
	for _, l := range v.lines {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, " | ")
}
