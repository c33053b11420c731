package ssh

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"sync"
)

// ErrUnsupported is returned when the platform does not support PTY.
var ErrUnsupported = errors.New("pty unsupported")

// NewPtyWriter creates a writer that handles when the session has a active
// PTY, replacing the \n with \r\n.
func NewPtyWriter(w io.Writer) io.Writer {
	return ptyWriter{
		w: w,
	}
}

var _ io.Writer = ptyWriter{}

type ptyWriter struct {
	w io.Writer
}

func (w ptyWriter) Write(p []byte) (int, error) {
	return writeCRLF(w.w, p)
}

// writeCRLF writes p to w with every \n that does not follow a \r written
// as \r\n, as upstream's two bytes.ReplaceAll did (\n to \r\n, then
// \r\r\n to \r\n), and reports at most len(p) written. Hotels patch:
// upstream copied every write twice, each copy allocated; a frame without a
// bare \n is now written as it is, and one with them through a buffer
// shared by all sessions (HOTELS.md, change 3).
func writeCRLF(w io.Writer, p []byte) (int, error) {
	i := nextBareNL(p, 0)
	if i < 0 {
		return w.Write(p)
	}
	buf := crlfBufs.Get().(*[]byte)
	out := (*buf)[:0]
	from := 0
	for ; i >= 0; i = nextBareNL(p, i+1) {
		out = append(append(out, p[from:i]...), '\r')
		from = i // the \n itself starts the next piece
	}
	out = append(out, p[from:]...)
	n, err := w.Write(out)
	if cap(out) <= maxPooledCRLF {
		*buf = out
		crlfBufs.Put(buf)
	}
	return min(n, len(p)), err
}

// nextBareNL is the index of the first \n in p from from on that does not
// follow a \r, or -1.
func nextBareNL(p []byte, from int) int {
	for from < len(p) {
		i := bytes.IndexByte(p[from:], '\n')
		if i < 0 {
			return -1
		}
		if i += from; i == 0 || p[i-1] != '\r' {
			return i
		}
		from = i + 1
	}
	return -1
}

// crlfBufs holds the buffers of writeCRLF; one over maxPooledCRLF (a frame
// far larger than a whole 200-column screen redrawn) is left to the
// collector.
var crlfBufs = sync.Pool{New: func() any { return new([]byte) }}

const maxPooledCRLF = 64 << 10

// NewPtyReadWriter return an io.ReadWriter that delegates the read to the
// given io.ReadWriter, and the writes to a ptyWriter.
func NewPtyReadWriter(rw io.ReadWriter) io.ReadWriter {
	return readWriterDelegate{
		w: NewPtyWriter(rw),
		r: rw,
	}
}

var _ io.ReadWriter = readWriterDelegate{}

type readWriterDelegate struct {
	w io.Writer
	r io.Reader
}

func (rw readWriterDelegate) Read(p []byte) (n int, err error) {
	return rw.r.Read(p)
}

func (rw readWriterDelegate) Write(p []byte) (n int, err error) {
	return rw.w.Write(p)
}

// PtyStartOption configures how Pty.Start runs a command.
type PtyStartOption func(*ptyStartConfig)

type ptyStartConfig struct {
	jobControl bool
}

// WithJobControl enables job control when starting the command: on Unix,
// the command is put in its own session with the PTY slave as its
// controlling terminal, so interactive shells get working signal handling
// (e.g. ^C, ^Z).
//
// Leave it disabled (the default) when running multiple commands
// sequentially against the same PTY, or when managing the command's process
// attributes yourself via exec.Cmd.SysProcAttr.
func WithJobControl() PtyStartOption {
	return func(c *ptyStartConfig) {
		c.jobControl = true
	}
}

// Start starts a *exec.Cmd attached to the Session. If a PTY is allocated,
// it will use that for I/O.
// On Windows, the process execution lifecycle is not managed by Go and has to
// be managed manually. This means that c.Wait() won't work.
// See https://github.com/charmbracelet/x/blob/main/exp/term/conpty/conpty_windows.go
func (p *Pty) Start(c *exec.Cmd, opts ...PtyStartOption) error {
	cfg := ptyStartConfig{}
	for _, opt := range opts {
		opt(&cfg)
	}
	return p.start(c, cfg)
}
