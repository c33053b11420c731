package server

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/netip"
	"sync"
	"time"

	"charm.land/ssh"
	"github.com/pires/go-proxyproto"

	"hotels/internal/metrics"
	"hotels/internal/rate"
)

// TooManyConnections, TooFastConnections and TooManyHandshakes are
// written, in plain text, to a connection refused by the per-address cap or
// rate, or by the caps on handshakes under way, before the SSH handshake.
// OpenSSH does not show what comes before the SSH version line, so the
// first few refusals of an address for its cap or rate go through the
// handshake instead and say why in an SSH banner (explainedRefusal).
const (
	TooManyConnections = "hotels: too many connections from your address; close some and try again.\r\n"
	TooFastConnections = "hotels: too many new connections from your address; wait a minute and try again.\r\n"
	TooManyHandshakes  = "hotels: the server is busy with too many new connections; try again in a minute.\r\n"
)

const (
	// kexTimeout bounds how long a connection may take to send its
	// version line and finish the key exchange (and a balancer's
	// connection to send its PROXY header): a client that does it slowly
	// on purpose holds a handshake slot for this long at most, not for
	// the whole handshake timeout.
	kexTimeout = 10 * time.Second
	// earlyDropFrom is the share of Config.MaxHandshakes from which new
	// connections are refused at random, earlyDropMin of them at first and
	// more as the slots fill, all when they are full (OpenSSH's
	// MaxStartups 10:30:100 does the same).
	earlyDropFrom = 0.5
	earlyDropMin  = 0.3
)

// explainLimit is how many refusals of one address for its cap or rate are
// explained in an SSH banner, which costs a key exchange; the others are
// refused before the handshake.
var explainLimit = rate.Limit{Every: 10 * time.Second, Burst: 5}

// logLimit is how often the log says that an address, or a key, is
// refused: once a minute, not once a connection.
var logLimit = rate.Limit{Every: time.Minute, Burst: 1}

// connLimits are the settings of a connLimiter; a zero turns its limit off.
type connLimits struct {
	perAddr    int            // open connections per address
	rate       rate.Limit     // new connections per address
	handshakes int            // connections in their handshake, from everywhere
	perNet     int            // ... from one IPv4 /24 or IPv6 /48
	idle       time.Duration  // how long a connection may have no session open
	kex        time.Duration  // how long it may take to reach authentication (kexTimeout if 0)
	proxies    []netip.Prefix // balancers that send PROXY headers
	log        *slog.Logger
}

// connLimiter is a net.Listener that refuses a connection from an address
// that already has max open ones, or opens them faster than rate allows,
// or while too many connections, from everywhere or from its network, are
// still in their handshake, before any SSH work (a key exchange, key
// lookups) is done for it. It reads the PROXY header of a balancer's
// connection first, so that every limit counts the player's address. It
// also closes a connection that has no session open for idle (see
// countedConn).
type connLimiter struct {
	net.Listener
	c       connLimits
	rate    *rate.Keyed[string]
	explain *rate.Keyed[string]
	logged  *rate.Keyed[string]
	random  func() float64 // in [0, 1), for the early drop

	start sync.Once
	ready chan net.Conn // admitted connections, for Accept
	done  chan struct{} // closed when the listener fails or closes
	err   error         // why; set before done is closed

	mu        sync.Mutex
	open      map[string]int // by addrKey
	nets      map[string]int // connections in their handshake, by netKey
	all       int
	handshake int // connections not yet authenticated
}

func limitConns(ln net.Listener, c connLimits) *connLimiter {
	if c.kex <= 0 {
		c.kex = kexTimeout
	}
	if c.log == nil {
		c.log = slog.Default()
	}
	return &connLimiter{Listener: ln, c: c,
		rate:    rate.NewKeyed[string](c.rate, nil),
		explain: rate.NewKeyed[string](explainLimit, nil),
		logged:  rate.NewKeyed[string](logLimit, nil),
		random:  rand.Float64,
		ready:   make(chan net.Conn), done: make(chan struct{}),
		open: map[string]int{}, nets: map[string]int{}}
}

// Accept returns the next connection the limits allow; the others are told
// why and closed by the limiter.
func (l *connLimiter) Accept() (net.Conn, error) {
	l.start.Do(func() { go l.acceptLoop() })
	select {
	case c := <-l.ready:
		return c, nil
	case <-l.done:
		return nil, l.err
	}
}

// acceptLoop accepts connections and admits or refuses each. A balancer's
// connection is admitted on a goroutine of its own once its PROXY header
// is read, so that a slow one holds up no one else.
func (l *connLimiter) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			var ne net.Error
			if errors.As(err, &ne) && ne.Timeout() {
				continue
			}
			if errors.As(err, &ne) && !errors.Is(err, net.ErrClosed) {
				// Out of file descriptors and the like: wait, as
				// net/http does, rather than stop serving.
				time.Sleep(50 * time.Millisecond)
				continue
			}
			l.err = err
			close(l.done)
			return
		}
		if l.fromProxy(c.RemoteAddr()) {
			go func() {
				pc := proxyproto.NewConn(c, proxyproto.WithPolicy(proxyproto.USE),
					proxyproto.SetReadHeaderTimeout(l.c.kex))
				l.admit(pc, pc.RemoteAddr()) // RemoteAddr reads the header
			}()
			continue
		}
		var conn net.Conn = c
		if len(l.c.proxies) > 0 {
			// Anyone else's PROXY header fails the connection's first
			// read. The wait for it is short: an SSH client speaks at
			// once.
			conn = proxyproto.NewConn(c, proxyproto.WithPolicy(proxyproto.REJECT),
				proxyproto.SetReadHeaderTimeout(time.Second))
		}
		l.admit(conn, c.RemoteAddr())
	}
}

// fromProxy reports whether a is one of the balancers.
func (l *connLimiter) fromProxy(a net.Addr) bool {
	if len(l.c.proxies) == 0 {
		return false
	}
	ip, ok := addrIP(a)
	if !ok {
		return false
	}
	for _, p := range l.c.proxies {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// admit counts c, from addr, and hands it to Accept, or refuses it.
func (l *connLimiter) admit(c net.Conn, addr net.Addr) {
	key, network := addrKey(addr), netKey(addr)
	l.mu.Lock()
	var why, reason, metric, explain string
	switch {
	case l.c.perNet > 0 && l.nets[network] >= l.c.perNet:
		why, reason, metric = TooManyHandshakes, "too many handshakes from its network", metrics.RefusedHandshakes
	case l.c.handshakes > 0 && l.handshake >= l.c.handshakes:
		why, reason, metric = TooManyHandshakes, "too many handshakes", metrics.RefusedHandshakes
	case l.earlyDrop():
		why, reason, metric = TooManyHandshakes, "early drop: many handshakes", metrics.RefusedHandshakes
	case l.c.perAddr > 0 && l.open[key] >= l.c.perAddr:
		why, reason, metric = TooManyConnections, "too many connections open", metrics.RefusedPerAddress
		explain = fmt.Sprintf(tooManyExplained, l.c.perAddr)
	default:
		if ok, wait := l.rate.Take(key); !ok {
			why, reason, metric = TooFastConnections, "too many new connections", metrics.RefusedRate
			explain = fmt.Sprintf(tooFastExplained, l.c.rate.Burst, time.Minute/l.c.rate.Every, retryIn(wait))
		}
	}
	if metric != "" {
		metrics.Refuse(metric)
	}
	if why != "" && (explain == "" || !l.explain.Allow(key)) {
		l.mu.Unlock()
		l.logRefusal(addr, reason)
		go refuseConn(c, why)
		return
	}
	l.open[key]++
	l.nets[network]++
	l.all++
	l.handshake++
	l.mu.Unlock()
	if explain != "" {
		l.logRefusal(addr, reason)
	}
	cc := &countedConn{Conn: c, l: l, key: key, net: network, refusal: explain}
	cc.kexTimer = time.AfterFunc(l.c.kex, func() { _ = cc.Close() })
	select {
	case l.ready <- cc:
	case <-l.done:
		_ = cc.Close()
	}
}

// earlyDrop reports, at random, whether to refuse a connection because
// many handshakes are under way; l.mu is held.
func (l *connLimiter) earlyDrop() bool {
	full := l.c.handshakes
	from := int(float64(full) * earlyDropFrom)
	if full <= 0 || l.handshake <= from {
		return false
	}
	p := earlyDropMin + (1-earlyDropMin)*float64(l.handshake-from)/float64(full-from)
	return l.random() < p
}

// logRefusal logs that addr was refused, once a minute for each address.
func (l *connLimiter) logRefusal(addr net.Addr, reason string) {
	if l.logged.Allow(addrKey(addr)) {
		l.c.log.Warn("connections refused (logged once a minute for each address)",
			"remote", addrString(addr), "reason", reason)
	}
}

// Refusals shown in an SSH banner, which OpenSSH prints before it says
// "Permission denied".
const (
	tooManyExplained = `
hotels: your address already has %d connections open to Hotels, the most
one address may hold. Close one (another window, a stuck ssh) and try again.

`
	tooFastExplained = `
hotels: your address opened too many connections in a short time (%d at
once, then %d a minute). Try again in %s.

`
)

// retryIn is d as a player reads it, rounded up to a second.
func retryIn(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s == 1 {
		return "a second"
	}
	return fmt.Sprintf("%d seconds", s)
}

// refuseConn tells a refused client why, without waiting on it long.
func refuseConn(c net.Conn, why string) {
	_ = c.SetDeadline(time.Now().Add(time.Second))
	_, _ = c.Write([]byte(why))
	// An SSH client sends its version line as soon as it connects.
	// Closing with that line unread makes the kernel send a reset, which
	// can discard the message before the client reads it (2,000 sessions
	// opened at once: most refused clients saw "connection reset by
	// peer"). Half-close, then drain until the client closes or the
	// deadline passes.
	if hc, ok := closeWriter(c); ok {
		_ = hc.CloseWrite()
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 64<<10))
	}
	_ = c.Close()
}

// closeWriter is c's TCP connection, under a PROXY protocol wrapper too.
func closeWriter(c net.Conn) (interface{ CloseWrite() error }, bool) {
	if pc, ok := c.(*proxyproto.Conn); ok {
		c = pc.Raw()
	}
	hc, ok := c.(interface{ CloseWrite() error })
	return hc, ok
}

// Open returns how many connections are open.
func (l *connLimiter) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.all
}

// countedConn is a connection the limiter let in. It gives its slots back
// once, its handshake slots when authenticated or closed, its address slot
// when closed; it is closed if it has not reached authentication within
// the limiter's kex time; and it closes itself when it has had no session
// channel open for the limiter's idle time (`ssh -N`, or a client that
// only authenticates), counted from its authentication or its last
// session: until it authenticates, the handshake timeout bounds it.
type countedConn struct {
	net.Conn
	l        *connLimiter
	key, net string
	kexTimer *time.Timer // until the kex is done (then nil); mu
	// refusal, when set, is why the connection is refused: it is shown in
	// the SSH banner and every authentication fails.
	refusal string
	// globalRequests is the connection's global requests' bucket, made at
	// the first (see Server.globalRequest, which alone uses it, on the
	// connection's loop).
	globalRequests *rate.Keyed[struct{}]

	handshakeOnce, closeOnce sync.Once

	mu       sync.Mutex
	sessions int         // session channels open
	idle     *time.Timer // nil before authentication, or if there is no idle limit
	closed   bool
}

// kexDone stops the key-exchange clock: the client has asked to
// authenticate.
func (c *countedConn) kexDone() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.kexTimer != nil {
		c.kexTimer.Stop()
		c.kexTimer = nil // not kept for the connection's life
	}
}

// handshook frees the connection's handshake slots and starts its idle
// clock.
func (c *countedConn) handshook() {
	c.handshakeOnce.Do(func() {
		c.kexDone()
		c.l.mu.Lock()
		c.l.handshake--
		if c.l.nets[c.net]--; c.l.nets[c.net] <= 0 {
			delete(c.l.nets, c.net)
		}
		c.l.mu.Unlock()
		c.mu.Lock()
		defer c.mu.Unlock()
		if c.l.c.idle > 0 && !c.closed {
			c.idle = time.AfterFunc(c.l.c.idle, func() { _ = c.Close() })
		}
	})
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.handshook()
	c.closeOnce.Do(func() {
		c.mu.Lock()
		c.closed = true
		if c.idle != nil {
			c.idle.Stop()
		}
		c.mu.Unlock()
		c.l.mu.Lock()
		defer c.l.mu.Unlock()
		c.l.all--
		if c.l.open[c.key]--; c.l.open[c.key] <= 0 {
			delete(c.l.open, c.key)
		}
	})
	return err
}

// openSession counts a new session channel unless max are open, and stops
// the idle clock.
func (c *countedConn) openSession(max int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions >= max {
		return false
	}
	c.sessions++
	if c.idle != nil {
		c.idle.Stop()
	}
	return true
}

// closeSession counts a session channel closed, and starts the idle clock
// when it was the last.
func (c *countedConn) closeSession() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sessions--; c.sessions == 0 && c.idle != nil && !c.closed {
		c.idle.Reset(c.l.c.idle)
	}
}

type countedKey struct{}

// countedFrom returns the connection's countedConn, which connCallback put
// in its context; nil for a connection that did not come through a
// connLimiter.
func countedFrom(ctx interface{ Value(any) any }) *countedConn {
	c, _ := ctx.Value(countedKey{}).(*countedConn)
	return c
}

// connCallback is the ssh.Server's ConnCallback: it keeps the
// connection's countedConn in its context.
func connCallback(ctx ssh.Context, c net.Conn) net.Conn {
	if cc, ok := c.(*countedConn); ok {
		ctx.SetValue(countedKey{}, cc)
	}
	return c
}

// addrIP is a's IP address, IPv4 in its 4-byte form.
func addrIP(a net.Addr) (netip.Addr, bool) {
	if a == nil {
		return netip.Addr{}, false
	}
	if ta, ok := a.(*net.TCPAddr); ok {
		ip, ok := netip.AddrFromSlice(ta.IP)
		return ip.Unmap(), ok
	}
	ap, err := netip.ParseAddrPort(a.String())
	if err != nil {
		ip, err := netip.ParseAddr(a.String())
		return ip.Unmap(), err == nil
	}
	return ap.Addr().Unmap(), true
}

// addrKey is who a remote address is for the limits: its IP, or for IPv6
// its /64, which one client usually holds whole.
func addrKey(a net.Addr) string { return prefixKey(a, 32, 64) }

// netKey is the network of a remote address for the handshake quota: its
// IPv4 /24 or IPv6 /48, which one party usually holds whole.
func netKey(a net.Addr) string { return prefixKey(a, 24, 48) }

// prefixKey is a's address masked to bits4 (IPv4) or bits6 (IPv6) bits.
func prefixKey(a net.Addr, bits4, bits6 int) string {
	ip, ok := addrIP(a)
	if !ok {
		return addrString(a)
	}
	bits := bits6
	if ip.Is4() {
		bits = bits4
	}
	p, _ := ip.Prefix(bits)
	if p.Bits() == ip.BitLen() {
		return ip.String()
	}
	return p.String()
}
