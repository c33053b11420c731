package server

import (
	"slices"
	"testing"
)

// OpenSSH joins a remote command's words, so the reason arrives as
// words: they are one argument again, up to the next flag (issue 28).
func TestReasonToEnd(t *testing.T) {
	tests := []struct{ in, want []string }{
		{[]string{"admin", "ban", "bob", "--reason", "two", "words"}, []string{"admin", "ban", "bob", "--reason", "two words"}},
		{[]string{"admin", "ban", "bob", "--reason", "two", "words", "--for", "1h"}, []string{"admin", "ban", "bob", "--reason", "two words", "--for", "1h"}},
		{[]string{"admin", "ban", "bob", "--reason=two", "words"}, []string{"admin", "ban", "bob", "--reason=two words"}},
		{[]string{"admin", "ban", "bob", "--reason", "one", "--json"}, []string{"admin", "ban", "bob", "--reason", "one", "--json"}},
		{[]string{"admin", "close", "ab12"}, []string{"admin", "close", "ab12"}},
		{[]string{"admin", "ban", "bob", "--reason"}, []string{"admin", "ban", "bob", "--reason"}},
	}
	for _, tt := range tests {
		if got := reasonToEnd(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("reasonToEnd(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
