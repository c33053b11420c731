package server

import (
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"regexp"
	"strings"

	"charm.land/ssh"
)

// Logger is the server's logger as c says: text (the default) or JSON for
// log collectors, at c's level, writing to w. Whatever is logged passes
// through redact first.
func (c Config) Logger(w io.Writer) (*slog.Logger, error) {
	level, err := c.Level()
	if err != nil {
		return nil, err
	}
	opts := &slog.HandlerOptions{Level: level, ReplaceAttr: redact}
	switch strings.TrimSpace(c.LogFormat) {
	case "", "text":
		return slog.New(slog.NewTextHandler(w, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, opts)), nil
	}
	return nil, fmt.Errorf("server: log format %q: want text or json", c.LogFormat)
}

// urlPattern finds URLs in a logged text.
var urlPattern = regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)

// redact is every handler's ReplaceAttr: a URL in a message, a text or an
// error loses its password (postgres://hotels:xxxxx@db/hotels), since an
// error from a driver may quote the URL it was given. The store already
// names databases without it; this is the net under every other line.
// What the server must never log at all (chat, private keys) it never
// passes to a logger.
func redact(_ []string, a slog.Attr) slog.Attr {
	var s string
	switch v := a.Value.Any().(type) {
	case string:
		s = v
	case error:
		s = v.Error()
	default:
		return a
	}
	if !strings.Contains(s, "://") {
		return a
	}
	return slog.String(a.Key, urlPattern.ReplaceAllStringFunc(s, func(raw string) string {
		u, err := url.Parse(raw)
		if err != nil {
			// It might hide a password where Redacted cannot find it.
			return "[a URL that does not parse]"
		}
		if _, ok := u.User.Password(); ok {
			return u.Redacted()
		}
		return raw
	}))
}

// logFor is the logger for lines about sess: each carries the session's
// id (its connection's SSH session id, in short) and, once the identify
// middleware knows them, the key's fingerprint and the account. It is made
// for each use, which is rare (a session's start and end, its errors): a
// logger kept for the session's whole life was a handler's clone, several
// objects a session for every collection to mark (docs/capacity.md).
func (s *Server) logFor(sess ssh.Session) *slog.Logger {
	id, ok := identityFrom(sess.Context())
	if !ok {
		return s.log.With("session", sessionID(sess))
	}
	return s.log.With(id.logAttrs(sessionID(sess))...)
}

// sessionID is the short id of sess in the log: the first 16 hex digits
// of its connection's SSH session id, which two sessions on one connection
// share.
func sessionID(sess ssh.Session) string {
	id := sess.Context().SessionID()
	return id[:min(len(id), 16)]
}
