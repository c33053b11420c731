package server

import (
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
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

// acceptAnyKey is the public-key handler: any key may connect, because the
// key is the account. A new key is sent to signup by the identify middleware.
// Nothing is recorded here: a client may offer keys it cannot sign with, so
// identity is read later from ssh.Session.PublicKey.
func acceptAnyKey(ssh.Context, ssh.PublicKey) bool { return true }

// noKeyShown marks a connection that has already seen NoKeyMessage; clients
// retry keyboard-interactive (OpenSSH up to three times) and once is enough.
type noKeyShown struct{}

// explainKeys is the keyboard-interactive handler. It never lets anyone in: it
// only shows NoKeyMessage, then fails, so a keyless client ends with the
// instructions on screen and no session.
func (s *Server) explainKeys(ctx ssh.Context, challenge gossh.KeyboardInteractiveChallenge) bool {
	if ctx.Value(noKeyShown{}) == nil {
		ctx.SetValue(noKeyShown{}, true)
		s.log.Info("refused client without a key", "remote", addrString(ctx.RemoteAddr()), "client", ctx.ClientVersion())
		_, _ = challenge("", NoKeyMessage, nil, nil)
	}
	return false
}
