package server

import (
	"errors"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/metrics"
	"hotels/internal/store"
)

// NoKeyMessage is what a client that offers no SSH key is shown instead of a
// bare "Permission denied". It travels as the instruction of a
// keyboard-interactive prompt with no questions, which OpenSSH prints.
const NoKeyMessage = `
Hotels knows players by their SSH key, and your ssh client offered none.

Make a key once (press Enter to accept each default):

    ssh-keygen -t ed25519

then run the same ssh command again. The first time, you will pick a name.
`

// acceptKey is the public-key handler: any key may connect, because the key
// is the account, unless an admin banned it. A new key is sent to signup by
// the identify middleware. Nothing here grants anything: a client may offer
// keys it cannot sign with, so identity (and being an admin) is read later
// from ssh.Session.PublicKey. Refusing a banned key is safe here for the
// same reason: it only refuses. A ban is remembered on the connection so
// that explainKeys can say why, which a client that merely knows the public
// key also sees; ban reasons are written for the banned person to read.
func (s *Server) acceptKey(ctx ssh.Context, pk ssh.PublicKey) bool {
	if refusedConn(ctx) {
		return false
	}
	fp := gossh.FingerprintSHA256(pk)
	if weakRSA(pk) {
		ctx.SetValue(weakKey{}, true)
		metrics.Refuse(metrics.RefusedWeakKey)
		s.log.Info("refused weak key", "fingerprint", fp, "remote", addrString(ctx.RemoteAddr()))
		return false
	}
	b, err := s.store.BanOn(ctx, fp, 0)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return true
	case ctx.Err() != nil:
		// The client left mid-handshake, which ended the lookup.
		s.log.Debug("client left during authentication", "fingerprint", fp, "remote", addrString(ctx.RemoteAddr()))
		return false
	case err != nil:
		// The admit middleware checks again and refuses if the store
		// still fails; do not lock everyone out here.
		logStoreError(s.log, "check key ban", err, "fingerprint", fp)
		return true
	}
	ctx.SetValue(bannedKey{}, b)
	metrics.Refuse(metrics.RefusedBan)
	s.log.Info("refused banned key", "fingerprint", fp, "remote", addrString(ctx.RemoteAddr()))
	return false
}

// bannedKey marks a connection that offered a banned key; its value is the
// store.Ban.
type bannedKey struct{}

// noKeyShown marks a connection that has already seen NoKeyMessage; clients
// retry keyboard-interactive (OpenSSH up to three times) and once is enough.
type noKeyShown struct{}

// explainKeys is the keyboard-interactive handler. It never lets anyone in: it
// only shows NoKeyMessage (or, after a banned key, the ban; after a key too
// weak, WeakKeyMessage), then fails, so a keyless client ends with the
// instructions on screen and no session.
func (s *Server) explainKeys(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if refusedConn(ctx) {
		return false // the banner said why
	}
	if ctx.Value(noKeyShown{}) == nil {
		ctx.SetValue(noKeyShown{}, true)
		if b, ok := ctx.Value(bannedKey{}).(store.Ban); ok {
			_, _ = challenge("", "\n"+banMessage(b)+"\n", nil, nil)
			return false
		}
		if ctx.Value(weakKey{}) != nil {
			_, _ = challenge("", WeakKeyMessage, nil, nil)
			return false
		}
		s.log.Info("refused client without a key", "remote", addrString(ctx.RemoteAddr()), "client", ctx.ClientVersion())
		_, _ = challenge("", NoKeyMessage, nil, nil)
	}
	return false
}
