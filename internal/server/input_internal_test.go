package server

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// A bracketed paste is passed on whole up to MaxPaste and cut after it,
// its end marker always passed on, even split across reads; keys around
// it pass.
func TestLimitedInputCutsPastes(t *testing.T) {
	long := strings.Repeat("y", MaxPaste+100)
	for _, tt := range []struct{ name, in, want string }{
		{"keys", "abc\x1b[A", "abc\x1b[A"},
		{"short paste", "a\x1b[200~hello\x1b[201~b", "a\x1b[200~hello\x1b[201~b"},
		{"escape in a paste", "\x1b[200~x\x1b[20y\x1b\x1b[201~z", "\x1b[200~x\x1b[20y\x1b\x1b[201~z"},
		{"long paste", "\x1b[200~" + long + "\x1b[201~q", "\x1b[200~" + long[:MaxPaste] + "\x1b[201~q"},
	} {
		for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.OneByteReader(strings.NewReader(tt.in))} {
			got, err := io.ReadAll(limitInput(r))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, []byte(tt.want)) {
				t.Errorf("%s: got %d bytes %.60q…, want %d bytes %.60q…", tt.name, len(got), got, len(tt.want), tt.want)
			}
		}
	}
}

// Past InputBurst, input is dropped.
func TestLimitedInputBurst(t *testing.T) {
	got, err := io.ReadAll(limitInput(strings.NewReader(strings.Repeat("a", 4*InputBurst))))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < InputBurst || len(got) > InputBurst+InputBytesPerSecond {
		t.Errorf("%d bytes sent at once: %d passed, want about %d", 4*InputBurst, len(got), InputBurst)
	}
}
