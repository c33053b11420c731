package signup_test

import (
	"testing"

	"hotels/internal/tui/signup"
)

func TestNormalize(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"alice", "alice", true},
		{"  Alice  ", "alice", true},
		{"ALICE_99-x", "alice_99-x", true},
		{"ab", "ab", true},
		{"abcdefghijklmnop", "abcdefghijklmnop", true}, // 16
		{"a", "", false},
		{"abcdefghijklmnopq", "", false}, // 17
		{"", "", false},
		{"   ", "", false},
		{"al ice", "", false},
		{"alice!", "", false},
		{"zoë", "", false},
		{"al\x1b[2Jice", "", false},
		{"ALİCE", "", false}, // dotted capital I lowercases to non-ASCII
		{"bot1", "", false},  // bots' names
		{"BOTTOM", "", false},
		{"abbot", "abbot", true},
		// Issue 27, N9: the server's own words, however written.
		{"root", "", false},
		{"R00T", "", false},
		{"system", "", false},
		{"hotels", "", false},
		{"hotels-team", "", false},
		{"autopilot", "", false},
		{"admin", "", false},
		{"Adm1n", "", false},
		{"ad_min", "", false},
		{"the-admin", "", false},
		{"sys0p", "", false},
		{"b0t1", "", false},
		{"chance", "", false},
		{"roots", "roots", true},
		{"hostess", "hostess", true},
		{"martin", "martin", true},
	}
	for _, tt := range tests {
		got, err := signup.Normalize(tt.in)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("Normalize(%q) = %q, %v; want %q, ok=%v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
