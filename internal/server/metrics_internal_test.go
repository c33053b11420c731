package server

import (
	"testing"

	"charm.land/ssh"
)

// nullSession is a session whose terminal takes every frame at once.
type nullSession struct{ ssh.Session }

func (nullSession) Write(p []byte) (int, error) { return len(p), nil }
func (nullSession) Read(p []byte) (int, error)  { return 1, nil }

// BenchmarkFrame is what counting costs a session per key and frame
// (issue 26): a key read, then a frame of a typical size written, through
// the session as it was (plain) and as the server now wraps it (metered).
func BenchmarkFrame(b *testing.B) {
	frame, key := make([]byte, 1200), make([]byte, 64)
	for _, tt := range []struct {
		name string
		sess ssh.Session
	}{{"plain", nullSession{}}, {"metered", &metered{Session: nullSession{}}}} {
		b.Run(tt.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = tt.sess.Read(key)
				_, _ = tt.sess.Write(frame)
			}
		})
	}
}
