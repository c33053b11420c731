package uv

// Tests of Hotels' patch to the reader (HOTELS.md, change 9).

import (
	"context"
	"io"
	"runtime"
	"strings"
	"testing"
	"time"
)

// keyReader hands out its chunks, each in as many reads as it takes, a
// chunk only once the events of the last have been taken (next), as a
// person types.
type keyReader struct {
	chunks []string
	next   chan struct{}
	rest   string // of the chunk being read
}

func (r *keyReader) Read(p []byte) (int, error) {
	if r.rest == "" {
		<-r.next
		if len(r.chunks) == 0 {
			return 0, io.EOF
		}
		r.rest, r.chunks = r.chunks[0], r.chunks[1:]
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// stream runs a reader over chunks and calls each with every event, the
// reader given its next chunk when the events of a chunk are in.
func stream(t testing.TB, chunks []string, each func(Event)) {
	r := &keyReader{chunks: chunks, next: make(chan struct{}, 1)}
	d := NewTerminalReader(r, "xterm-256color")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := make(chan Event)
	done := make(chan error, 1)
	go func() { done <- d.StreamEvents(ctx, events) }()
	r.next <- struct{}{}
	for {
		select {
		case ev := <-events:
			each(ev)
			select {
			case r.next <- struct{}{}:
			default:
			}
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
			return
		}
	}
}

// Keys typed one a read reach the program as they were typed, and a paste
// longer than both read buffers arrives whole, while the reader reads into
// its two buffers in turn; a key costs no read buffer of its own (upstream:
// 4 KB a read).
func TestReaderBuffers(t *testing.T) {
	typed := strings.Split("hello, world", "")
	paste := strings.Repeat("0123456789", 500) // 5,000 bytes: five reads
	var got strings.Builder
	var pasted string
	stream(t, append(typed, "\x1b[200~"+paste+"\x1b[201~"), func(ev Event) {
		switch ev := ev.(type) {
		case KeyPressEvent:
			got.WriteString(ev.Text)
		case PasteEvent:
			pasted = ev.Content
		}
	})
	if got.String() != "hello, world" || pasted != paste {
		t.Fatalf("typed %q and a paste of %d bytes, got %q and %d bytes", "hello, world", len(paste), got.String(), len(pasted))
	}

	if raceEnabled {
		return // the race detector allocates for itself: measured without
	}
	keys := make([]string, 2000)
	for i := range keys {
		keys[i] = "z"
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	stream(t, keys, func(Event) {})
	runtime.ReadMemStats(&after)
	perKey := (after.TotalAlloc - before.TotalAlloc) / uint64(len(keys))
	t.Logf("%d bytes allocated a key typed", perKey)
	if perKey > 1024 {
		t.Errorf("%d bytes allocated a key typed, want at most 1,024", perKey)
	}
}

// blockedReader's reads wait until it is closed, as an idle player's do.
type blockedReader chan struct{}

func (r blockedReader) Read([]byte) (int, error) {
	<-r
	return 0, io.EOF
}

// A reader waiting for input keeps one goroutine, the caller's (HOTELS.md,
// change 22): upstream kept a second for the read.
func TestReaderOneGoroutine(t *testing.T) {
	const n = 20
	r := make(blockedReader)
	done := make(chan error, n)
	for range n {
		go func() {
			done <- NewTerminalReader(r, "xterm-256color").StreamEvents(context.Background(), make(chan Event))
		}()
	}
	readers := func() int { // goroutines in a reader's code
		buf := make([]byte, 1<<20)
		stacks := strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n")
		k := 0
		for _, s := range stacks {
			if strings.Contains(s, "ultraviolet.(*TerminalReader)") {
				k++
			}
		}
		return k
	}
	waiting := func() int { // goroutines in blockedReader.Read
		buf := make([]byte, 1<<20)
		return strings.Count(string(buf[:runtime.Stack(buf, true)]), "ultraviolet.blockedReader.Read(")
	}
	for range 500 { // until every reader has started and waits in a read
		if waiting() == n {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	got := readers()
	close(r)
	for range n {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if got != n {
		t.Errorf("%d goroutines for %d waiting readers, want %d", got, n, n)
	}
}

// A lone ESC is the Escape key once EscTimeout has passed with nothing
// after it, and one that starts a sequence read later is not; keys typed
// after either come after it, in order.
func TestReaderLoneEscape(t *testing.T) {
	pr, pw := io.Pipe()
	d := NewTerminalReader(pr, "xterm-256color")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	events := make(chan Event, 8) // the pipe's writes wait for the reader
	done := make(chan error, 1)
	go func() { done <- d.StreamEvents(ctx, events) }()
	next := func() Event {
		t.Helper()
		select {
		case ev := <-events:
			return ev
		case <-time.After(5 * time.Second):
			t.Fatal("no event")
			return nil
		}
	}
	write := func(s string) {
		if _, err := pw.Write([]byte(s)); err != nil {
			t.Fatal(err)
		}
	}
	write("\x1b")
	start := time.Now()
	if ev, ok := next().(KeyPressEvent); !ok || ev.Code != KeyEscape {
		t.Fatalf("got %v, want Escape", ev)
	}
	if waited := time.Since(start); waited < d.EscTimeout/2 {
		t.Errorf("Escape came after %v, before EscTimeout (%v)", waited, d.EscTimeout)
	}
	write("\x1b")
	write("[A") // within EscTimeout: the up arrow
	write("x")
	if ev, ok := next().(KeyPressEvent); !ok || ev.Code != KeyUp {
		t.Fatalf("got %v, want the up arrow", ev)
	}
	if ev, ok := next().(KeyPressEvent); !ok || ev.Text != "x" {
		t.Fatalf("got %v, want x", ev)
	}
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// BenchmarkReaderKey is a key typed, one a read, from the read to its
// event in the program's channel (HOTELS.md, change 22).
func BenchmarkReaderKey(b *testing.B) {
	keys := make([]string, b.N)
	for i := range keys {
		keys[i] = "z"
	}
	b.ReportAllocs()
	b.ResetTimer()
	stream(b, keys, func(Event) {})
}

// A key typed costs the reader one allocation, the event it sends (HOTELS.md,
// change 25): upstream's also allocated the key's text, a copy of the read,
// the slice of events, and three log lines' arguments with no logger, seven
// in all. Printable keys still come with their own text.
func TestReaderKeyAllocs(t *testing.T) {
	var typed []string
	for c := ' '; c < 0x7f; c++ {
		typed = append(typed, string(c))
	}
	var got strings.Builder
	stream(t, typed, func(ev Event) {
		if k, ok := ev.(KeyPressEvent); ok {
			got.WriteString(k.Text)
		}
	})
	if want := strings.Join(typed, ""); got.String() != want {
		t.Fatalf("typed %q, got %q", want, got.String())
	}

	if raceEnabled {
		return // the race detector allocates for itself: measured without
	}
	for _, key := range []string{"z", "Z", "\x1b[A"} {
		keys := make([]string, 2000)
		for i := range keys {
			keys[i] = key
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		stream(t, keys, func(Event) {})
		runtime.ReadMemStats(&after)
		perKey := float64(after.Mallocs-before.Mallocs) / float64(len(keys))
		t.Logf("%q: %.2f allocations a key typed", key, perKey)
		if perKey > 1.1 {
			t.Errorf("%q: %.2f allocations a key typed, want 1", key, perKey)
		}
	}
}
