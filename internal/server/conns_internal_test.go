package server

import (
	"net"
	"testing"
)

// Handshake slots: no early drop up to half of them, then refusals at
// random from 30% to all, as OpenSSH's MaxStartups 128:30:256 would.
func TestEarlyDrop(t *testing.T) {
	l := limitConns(nil, connLimits{handshakes: 256})
	for _, tt := range []struct {
		handshakes int
		random     float64
		drop       bool
	}{
		{0, 0, false},
		{128, 0, false},
		{129, 0.29, true},
		{129, 0.31, false},
		{192, 0.64, true},
		{192, 0.66, false},
		{255, 0.99, true},
	} {
		l.handshake = tt.handshakes
		l.random = func() float64 { return tt.random }
		if got := l.earlyDrop(); got != tt.drop {
			t.Errorf("earlyDrop() with %d handshakes, random %v = %v, want %v", tt.handshakes, tt.random, got, tt.drop)
		}
	}
}

// Addresses are counted by IP (an IPv6 /64) and handshakes by network (an
// IPv4 /24, an IPv6 /48).
func TestAddrAndNetKeys(t *testing.T) {
	for _, tt := range []struct{ addr, key, net string }{
		{"192.0.2.7:5000", "192.0.2.7", "192.0.2.0/24"},
		{"[::ffff:192.0.2.7]:5000", "192.0.2.7", "192.0.2.0/24"},
		{"[2001:db8:1:2:3:4:5:6]:22", "2001:db8:1:2::/64", "2001:db8:1::/48"},
	} {
		a, err := net.ResolveTCPAddr("tcp", tt.addr)
		if err != nil {
			t.Fatal(err)
		}
		if got := addrKey(a); got != tt.key {
			t.Errorf("addrKey(%s) = %q, want %q", tt.addr, got, tt.key)
		}
		if got := netKey(a); got != tt.net {
			t.Errorf("netKey(%s) = %q, want %q", tt.addr, got, tt.net)
		}
	}
}
