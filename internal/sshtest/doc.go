// Package sshtest drives an SSH server from tests the way players do: with
// real golang.org/x/crypto/ssh clients, fresh ed25519 keys, exec commands,
// and interactive terminals whose output is read through a terminal
// emulator (github.com/charmbracelet/x/vt), so a test sees the screen a
// player would and types what a player would.
//
// Every wait has a deadline and none sleeps: a Terminal wakes its waiter
// each time the server writes to it. It is in the spirit of
// net/http/httptest, and only tests import it.
//
// sshtest imports nothing of ours, so any SSH server can be tested with it:
// the server package's own tests and cmd/sshd's end-to-end tests share it.
package sshtest
