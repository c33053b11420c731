package sshtest

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// Timeout bounds every wait: a dial, a command, a screen that should show
// something, a session that should end.
const Timeout = 15 * time.Second

// NewKey makes a fresh ed25519 client key.
func NewKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Dial connects to the server at addr with the given auth methods, as user
// "player", trusting any host key (a test has no known_hosts).
func Dial(addr string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User:            "player",
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		Timeout:         Timeout,
	})
}

// Connect dials addr with key, fails the test if that does not work, and
// closes the connection when the test ends.
func Connect(t testing.TB, addr string, key gossh.Signer) *gossh.Client {
	t.Helper()
	c, err := Dial(addr, gossh.PublicKeys(key))
	if err != nil {
		t.Fatalf("sshtest: dial %s with key: %v", addr, err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// Exec runs cmd without a terminal (`ssh host cmd`) on a connection of its
// own, and returns its output and exit status.
func Exec(t testing.TB, addr string, key gossh.Signer, cmd string) (stdout, stderr string, status int) {
	t.Helper()
	c := Connect(t, addr, key)
	defer func() { _ = c.Close() }()
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = sess.Close() }()
	var out, errOut bytes.Buffer
	sess.Stdout, sess.Stderr = &out, &errOut
	errc := make(chan error, 1)
	go func() { errc <- sess.Run(cmd) }()
	select {
	case err = <-errc:
	case <-time.After(Timeout):
		_ = c.Close()
		<-errc // the output is complete once Run returns
		t.Fatalf("sshtest: %q did not finish in %v; stdout %q, stderr %q", cmd, Timeout, out.String(), errOut.String())
	}
	status, err = ExitStatus(err)
	if err != nil {
		t.Fatalf("sshtest: run %q: %v", cmd, err)
	}
	return out.String(), errOut.String(), status
}

// Stream starts cmd without a terminal on a connection of its own, for a
// command that speaks a stream of lines (`play`, `bot wait`), and returns
// its stdin and stdout while it runs. The caller waits on sess for its end;
// the connection closes when the test ends.
func Stream(t testing.TB, addr string, key gossh.Signer, cmd string) (stdin io.WriteCloser, stdout io.Reader, sess *gossh.Session, client *gossh.Client) {
	t.Helper()
	client = Connect(t, addr, key)
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if stdin, err = sess.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if stdout, err = sess.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(cmd); err != nil {
		t.Fatalf("sshtest: start %q: %v", cmd, err)
	}
	return stdin, stdout, sess, client
}

// ExitStatus turns the error of a finished session into its exit status;
// err is what is left when the session did not report one.
func ExitStatus(err error) (int, error) {
	var exit *gossh.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exit):
		return exit.ExitStatus(), nil
	}
	return -1, err
}
