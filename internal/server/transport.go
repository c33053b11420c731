package server

import (
	"crypto/rsa"
	"errors"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/metrics"
)

// The transport algorithms offered: those ssh-audit's hardening guide keeps,
// so that it reports neither a failure nor a warning. Key exchange on
// curve25519 (with ML-KEM first, against "store now, decrypt later"),
// authenticated ciphers, or CTR with encrypt-then-MAC SHA-2 MACs. Every
// OpenSSH since 6.5 (2014) and every maintained client library has some of
// each. The host key is ed25519 (see hostkey.go).
var (
	kexAlgorithms = []string{
		gossh.KeyExchangeMLKEM768X25519,
		gossh.KeyExchangeCurve25519, // x/crypto adds its older name, curve25519-sha256@libssh.org
	}
	cipherAlgorithms = []string{
		gossh.CipherChaCha20Poly1305,
		gossh.CipherAES256GCM,
		gossh.CipherAES128GCM,
		gossh.CipherAES256CTR,
		gossh.CipherAES192CTR,
		gossh.CipherAES128CTR,
	}
	macAlgorithms = []string{
		gossh.HMACSHA256ETM,
		gossh.HMACSHA512ETM,
	}
	// clientKeyAlgorithms are the signatures a client may authenticate
	// with: no ssh-dss, and RSA only with SHA-2 (rsa-sha2-*), never the
	// SHA-1 ssh-rsa. RSA keys under minRSABits are refused in acceptKey.
	clientKeyAlgorithms = []string{
		gossh.KeyAlgoED25519,
		gossh.KeyAlgoSKED25519,
		gossh.KeyAlgoECDSA256,
		gossh.KeyAlgoSKECDSA256,
		gossh.KeyAlgoECDSA384,
		gossh.KeyAlgoECDSA521,
		gossh.KeyAlgoRSASHA512,
		gossh.KeyAlgoRSASHA256,
	}
)

// minRSABits is the smallest RSA client key accepted: NIST and OpenSSH
// (since 8.8 refusing smaller ones by default) agree on 2048.
const minRSABits = 2048

// WeakKeyMessage is what a client that signed with a refused key or
// signature algorithm is shown, as NoKeyMessage is shown to a client with
// no key at all.
const WeakKeyMessage = `
Hotels does not accept your SSH key: DSA keys, RSA keys under 2048 bits and
SHA-1 (ssh-rsa) signatures are too weak.

Make an ed25519 key once (press Enter to accept each default):

    ssh-keygen -t ed25519

then run the same ssh command again. If your old key still comes first, add
-o IdentitiesOnly=yes -i ~/.ssh/id_ed25519 to the ssh command.
`

// weakKey marks a connection that offered a key refused as too weak, so
// that explainKeys can say so.
type weakKey struct{}

// weakRSA reports whether pk is an RSA key under minRSABits.
func weakRSA(pk ssh.PublicKey) bool {
	ck, ok := pk.(gossh.CryptoPublicKey)
	if !ok {
		return false
	}
	rk, ok := ck.CryptoPublicKey().(*rsa.PublicKey)
	return ok && rk.N.BitLen() < minRSABits
}

// serverConfig is the SSH configuration of one connection (the ssh.Server's
// ServerConfigCallback): the algorithms above, a banner that stops the
// key-exchange clock and says why a connection is refused, and an
// authentication log that ends the connection's handshake count and notes
// refused key algorithms.
func (s *Server) serverConfig(ctx ssh.Context) *gossh.ServerConfig {
	c := &gossh.ServerConfig{
		Config: gossh.Config{
			KeyExchanges: kexAlgorithms,
			Ciphers:      cipherAlgorithms,
			MACs:         macAlgorithms,
		},
		PublicKeyAuthAlgorithms: clientKeyAlgorithms,
	}
	// Called once the key exchange is done, when the client first asks to
	// authenticate: the end of the kex clock, and the one place before a
	// session where OpenSSH shows what the server says, so a connection
	// refused for its address's cap or rate is told why here (every
	// authentication then fails; see refusedConn).
	c.BannerCallback = func(gossh.ConnMetadata) string {
		cc := countedFrom(ctx)
		if cc == nil {
			return ""
		}
		cc.kexDone()
		return cc.refusal
	}
	c.AuthLogCallback = func(_ gossh.ConnMetadata, method string, err error) {
		switch {
		case err == nil:
			// Authenticated: the handshake is over.
			if cc := countedFrom(ctx); cc != nil {
				cc.handshook()
			}
		case method == "publickey" && !errors.Is(err, ssh.ErrPermissionDenied):
			// Refused before acceptKey saw the key (acceptKey's
			// refusals are ErrPermissionDenied): a signature
			// algorithm not in clientKeyAlgorithms, or a key that
			// cannot be read.
			ctx.SetValue(weakKey{}, true)
			metrics.Refuse(metrics.RefusedWeakKey)
		}
	}
	return c
}

// refusedConn reports whether the connection of ctx is refused, its banner
// having said why: no authentication succeeds.
func refusedConn(ctx ssh.Context) bool {
	cc := countedFrom(ctx)
	return cc != nil && cc.refusal != ""
}
