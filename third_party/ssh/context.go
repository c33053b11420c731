package ssh

import (
	"context"
	"encoding/hex"
	"net"
	"sync"

	gossh "golang.org/x/crypto/ssh"
)

// contextKey is a value for use with context.WithValue. It's used as
// a pointer so it fits in an interface{} without allocation.
type contextKey struct {
	name string
}

var (
	// ContextKeyUser is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyUser = &contextKey{"user"}

	// ContextKeySessionID is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeySessionID = &contextKey{"session-id"}

	// ContextKeyPermissions is a context key for use with Contexts in this package.
	// The associated value will be of type *Permissions.
	ContextKeyPermissions = &contextKey{"permissions"}

	// ContextKeyClientVersion is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyClientVersion = &contextKey{"client-version"}

	// ContextKeyServerVersion is a context key for use with Contexts in this package.
	// The associated value will be of type string.
	ContextKeyServerVersion = &contextKey{"server-version"}

	// ContextKeyLocalAddr is a context key for use with Contexts in this package.
	// The associated value will be of type net.Addr.
	ContextKeyLocalAddr = &contextKey{"local-addr"}

	// ContextKeyRemoteAddr is a context key for use with Contexts in this package.
	// The associated value will be of type net.Addr.
	ContextKeyRemoteAddr = &contextKey{"remote-addr"}

	// ContextKeyServer is a context key for use with Contexts in this package.
	// The associated value will be of type *Server.
	ContextKeyServer = &contextKey{"ssh-server"}

	// ContextKeyConn is a context key for use with Contexts in this package.
	// The associated value will be of type gossh.ServerConn.
	ContextKeyConn = &contextKey{"ssh-conn"}

	// ContextKeyPublicKey is a context key for use with Contexts in this package.
	// The associated value will be of type PublicKey.
	ContextKeyPublicKey = &contextKey{"public-key"}

	// ContextKeySession is a context key for use with Contexts in this package.
	// The associated value will be of type Session.
	ContextKeySession = &contextKey{"session"}
)

// Context is a package specific context interface. It exposes connection
// metadata and allows new values to be easily written to it. It's used in
// authentication handlers and callbacks, and its underlying context.Context is
// exposed on Session in the session Handler. A connection-scoped lock is also
// embedded in the context to make it easier to limit operations per-connection.
type Context interface {
	context.Context
	sync.Locker

	// User returns the username used when establishing the SSH connection.
	User() string

	// SessionID returns the session hash.
	SessionID() string

	// ClientVersion returns the version reported by the client.
	ClientVersion() string

	// ServerVersion returns the version reported by the server.
	ServerVersion() string

	// RemoteAddr returns the remote address for this connection.
	RemoteAddr() net.Addr

	// LocalAddr returns the local address for this connection.
	LocalAddr() net.Addr

	// Permissions returns the Permissions object used for this connection.
	Permissions() *Permissions

	// SetValue allows you to easily write new values into the underlying context.
	SetValue(key, value interface{})
}

type sshContext struct {
	context.Context
	sync.Mutex // Hotels patch: not a pointer, one object fewer a connection

	values   map[interface{}]interface{}
	valuesMu sync.Mutex
	// meta is the connection's metadata (Hotels patch): Value reads the
	// user, session ID, versions and addresses from it when asked, rather
	// than applyConnMetadata copying each into values (a string and its
	// box each) for the connection's whole life.
	meta gossh.ConnMetadata
	// accepted are the public keys that PublicKeyHandler accepted during
	// the handshake (Hotels patch), each with the permissions it was
	// accepted with: x/crypto authenticates the connection with the
	// permissions of the key that signed, which need not be the last one
	// accepted (CVE-2024-45337), so the permissions tell which key it
	// was. Upstream put the key in those permissions' extensions, as
	// base64, for the connection's whole life: a map and a string.
	accepted []acceptedKey
}

type acceptedKey struct {
	perms *gossh.Permissions
	key   []byte // the key's wire form
}

// accept notes that key was accepted with perms.
func (ctx *sshContext) accept(perms *gossh.Permissions, key PublicKey) {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	ctx.accepted = append(ctx.accepted, acceptedKey{perms, key.Marshal()})
}

// acceptedKey returns the wire form of the key that was accepted with
// perms, if one was; the keys accepted are forgotten.
func (ctx *sshContext) acceptedKey(perms *gossh.Permissions) ([]byte, bool) {
	ctx.valuesMu.Lock()
	accepted := ctx.accepted
	ctx.accepted = nil
	ctx.valuesMu.Unlock()
	for _, a := range accepted {
		if a.perms == perms {
			return a.key, true
		}
	}
	return nil, false
}

var _ context.Context = &sshContext{}

var _ sync.Locker = &sshContext{}

func newContext(srv *Server) (*sshContext, context.CancelFunc) {
	innerCtx, cancel := context.WithCancel(context.Background())
	ctx := &sshContext{
		Context: innerCtx,
		values:  make(map[interface{}]interface{}),
	}
	ctx.SetValue(ContextKeyServer, srv)
	perms := &Permissions{&gossh.Permissions{}}
	ctx.SetValue(ContextKeyPermissions, perms)
	return ctx, cancel
}

func resetPermissions(ctx Context) {
	ctx.Permissions().Permissions = &gossh.Permissions{}
}

// this is separate from newContext because we will get ConnMetadata
// at different points so it needs to be applied separately.
func applyConnMetadata(ctx Context, conn gossh.ConnMetadata) {
	if c, ok := ctx.(*sshContext); ok {
		// Hotels patch: kept, and read by Value. The same values as
		// below: x/crypto passes the connection itself, whose user is
		// the latest attempt's and whose other values never change.
		c.valuesMu.Lock()
		c.meta = conn
		c.valuesMu.Unlock()
		return
	}
	// The username is per-authentication-attempt and can change between
	// attempts on the same connection, so it must be refreshed every time.
	// The remaining values are connection-scoped and set only once.
	ctx.SetValue(ContextKeyUser, conn.User())

	if ctx.Value(ContextKeySessionID) != nil {
		return
	}
	ctx.SetValue(ContextKeySessionID, hex.EncodeToString(conn.SessionID()))
	ctx.SetValue(ContextKeyClientVersion, string(conn.ClientVersion()))
	ctx.SetValue(ContextKeyServerVersion, string(conn.ServerVersion()))
	ctx.SetValue(ContextKeyLocalAddr, conn.LocalAddr())
	ctx.SetValue(ContextKeyRemoteAddr, conn.RemoteAddr())
}

func (ctx *sshContext) Value(key interface{}) interface{} {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	if v, ok := ctx.values[key]; ok {
		return v
	}
	if ctx.meta != nil { // Hotels patch: see meta
		switch key {
		case ContextKeyUser:
			return ctx.meta.User()
		case ContextKeySessionID:
			return hex.EncodeToString(ctx.meta.SessionID())
		case ContextKeyClientVersion:
			return string(ctx.meta.ClientVersion())
		case ContextKeyServerVersion:
			return string(ctx.meta.ServerVersion())
		case ContextKeyLocalAddr:
			return ctx.meta.LocalAddr()
		case ContextKeyRemoteAddr:
			return ctx.meta.RemoteAddr()
		}
	}
	return ctx.Context.Value(key)
}

func (ctx *sshContext) SetValue(key, value interface{}) {
	ctx.valuesMu.Lock()
	defer ctx.valuesMu.Unlock()
	ctx.values[key] = value
}

func (ctx *sshContext) User() string {
	return ctx.Value(ContextKeyUser).(string)
}

func (ctx *sshContext) SessionID() string {
	return ctx.Value(ContextKeySessionID).(string)
}

func (ctx *sshContext) ClientVersion() string {
	return ctx.Value(ContextKeyClientVersion).(string)
}

func (ctx *sshContext) ServerVersion() string {
	return ctx.Value(ContextKeyServerVersion).(string)
}

func (ctx *sshContext) RemoteAddr() net.Addr {
	if addr, ok := ctx.Value(ContextKeyRemoteAddr).(net.Addr); ok {
		return addr
	}
	return nil
}

func (ctx *sshContext) LocalAddr() net.Addr {
	if addr, ok := ctx.Value(ContextKeyLocalAddr).(net.Addr); ok {
		return addr
	}
	return nil
}

func (ctx *sshContext) Permissions() *Permissions {
	return ctx.Value(ContextKeyPermissions).(*Permissions)
}
