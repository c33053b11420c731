package server_test

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/server"
	"hotels/internal/sshtest"
)

// A client with no key is told how to make one, through a keyboard-interactive
// prompt, and gets no session.
func TestNoKeyGetsInstructions(t *testing.T) {
	ts := startServer(t, server.Options{})
	var shown []string
	kbd := gossh.KeyboardInteractive(func(name, instruction string, questions []string, _ []bool) ([]string, error) {
		shown = append(shown, instruction)
		return make([]string, len(questions)), nil
	})
	// Retry as OpenSSH does; the message should still appear once.
	c, err := sshtest.Dial(ts.addr, gossh.RetryableAuthMethod(kbd, 3))
	if err == nil {
		_ = c.Close()
		t.Fatal("dial without a key succeeded; want authentication to fail")
	}
	if len(shown) != 1 {
		t.Fatalf("instructions shown %d times, want once: %q", len(shown), shown)
	}
	for _, want := range []string{"ssh-keygen -t ed25519", "run the same ssh command again"} {
		if !strings.Contains(shown[0], want) {
			t.Errorf("instructions lack %q:\n%s", want, shown[0])
		}
	}
}

// Password auth is not offered at all.
func TestPasswordRefused(t *testing.T) {
	ts := startServer(t, server.Options{})
	c, err := sshtest.Dial(ts.addr, gossh.Password("hunter2"))
	if err == nil {
		_ = c.Close()
		t.Fatal("dial with a password succeeded")
	}
}

// queryOnly offers a public key without holding its private key: the server
// answers the offer, but the signature can never be made.
type queryOnly struct{ pub gossh.PublicKey }

func (q queryOnly) PublicKey() gossh.PublicKey { return q.pub }
func (q queryOnly) Sign(io.Reader, []byte) (*gossh.Signature, error) {
	return nil, errors.New("queryOnly cannot sign")
}

// Regression (auth bypass): a client may offer someone else's public key,
// which the server's public-key callback sees and accepts before any
// signature, and then sign in with its own key on the same connection. The
// session must belong to the key it signed with, not the key it offered.
func TestOfferedKeyIsNotIdentity(t *testing.T) {
	ts := startServer(t, server.Options{})
	alice, mallory := sshtest.NewKey(t), sshtest.NewKey(t)
	if _, err := ts.store.CreateAccount(context.Background(), "alice", string(gossh.MarshalAuthorizedKey(alice.PublicKey()))); err != nil {
		t.Fatal(err)
	}

	// First offer alice's key (query only), then authenticate as mallory.
	steps := []gossh.AuthMethod{
		gossh.PublicKeys(queryOnly{pub: alice.PublicKey()}),
		gossh.PublicKeys(mallory),
	}
	var offered int
	c, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
		User:            "alice",
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
		AuthCallback: func(*gossh.ClientAuthContext) (gossh.AuthMethod, error) {
			if offered == len(steps) {
				return nil, errors.New("out of keys")
			}
			offered++
			return steps[offered-1], nil
		},
	})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer func() { _ = c.Close() }()
	if offered != 2 {
		t.Fatalf("client used %d auth steps, want 2 (alice's offer, then mallory)", offered)
	}
	sess, err := c.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.CombinedOutput("whoami")
	if err != nil {
		t.Fatalf("whoami: %v\n%s", err, out)
	}
	if strings.Contains(string(out), "alice") {
		t.Fatalf("mallory's session was identified as alice:\n%s", out)
	}
	if want := gossh.FingerprintSHA256(mallory.PublicKey()); !strings.Contains(string(out), want) {
		t.Errorf("whoami = %q, want mallory's fingerprint %s", out, want)
	}
}
