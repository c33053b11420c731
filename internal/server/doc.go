// Package server is Hotels' SSH front door: it owns the host key, checks who
// is connecting, and hands each session to an exec command or to the
// terminal UI.
//
// A key is an account. Public-key auth accepts any key; a client that offers
// none is told, through a keyboard-interactive prompt, how to make one. Who a
// session belongs to is worked out in middleware from the key the session
// really signed with (ssh.Session.PublicKey), never from state set during
// authentication, where a client can offer keys it does not hold. For the
// same reason a key joins an existing account only when a session signed
// with it confirms the one-time code `keys add` gave (keys.go): a public key
// alone proves nothing, as anyone may have a copy.
//
// Interactive sessions start at the signup screen (a new key) and then go to
// the Lobby hook given in Options; exec sessions (`ssh host help`) run a cobra
// command tree built fresh for each session.
//
// Admins are the keys in an authorized_keys file, judged by the key a
// session signed with like everything else. Their `admin …` commands are
// one subtree, gated on its parent and written to the store's audit log when
// they act or show hidden information. The server also limits what strangers
// can cost it: connections per address and handshakes under way before the
// handshake, sessions per key, new sessions per address, idle connections
// and sessions, requests before a session's shell (requests.go), terminal
// sizes and exec command lines (see limits.go and Config); and it offers
// only strong algorithms and accepts only strong client keys
// (transport.go).
//
// Several servers may share one PostgreSQL database (Options.Cluster,
// cluster.go): each writes its open sessions there, so that the per-key cap
// and the admins' lists count every server's, and tells the others of bans,
// broadcasts and takeovers, which they apply to their own sessions.
//
// For operators (metrics.go, logging.go, issue 26): the server counts what
// it refuses and every frame it sends (internal/metrics), offers its gauges
// (Metrics) and its health (Healthy) for cmd/sshd to serve, and logs every
// line about a session with the session's id and its account, as text or
// JSON, with URLs' passwords redacted. `admin backup` copies the database
// into the folder the server was given, never where the admin says.
//
// server may import store, sanitize, rate, rooms (for the admin commands),
// metrics,
// the engine's view types (to show hidden information to admins) and the tui
// packages; nothing imports server except cmd/sshd.
package server
