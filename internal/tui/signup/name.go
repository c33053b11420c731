package signup

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Name length limits, in characters.
const (
	MinName = 2
	MaxName = 16
)

// ErrTaken is what a Claim wraps when another account already has the name,
// compared without regard to case.
var ErrTaken = errors.New("name is taken")

// Normalize returns name as it will be stored, lowercased and trimmed, or an
// error that tells the player what to change. A name has MinName to MaxName
// characters from a-z, 0-9, '_' and '-'.
func Normalize(name string) (string, error) {
	n := strings.TrimSpace(name)
	if n == "" {
		return "", errors.New("type a name first")
	}
	// Check before lowercasing: strings.ToLower maps some non-ASCII letters
	// (U+0130 'İ', U+212A Kelvin sign) to ASCII ones.
	for _, r := range n {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '_' && r != '-' {
			what := fmt.Sprintf("%q", r)
			if r == ' ' {
				what = "a space"
			}
			return "", fmt.Errorf("%s cannot be in a name: use a-z, 0-9, _ and -", what)
		}
	}
	n = strings.ToLower(n)
	if l := utf8.RuneCountInString(n); l < MinName || l > MaxName {
		return "", fmt.Errorf("a name has %d to %d characters; that one has %d", MinName, MaxName, l)
	}
	// Rooms name their bots bot1, bot2, …: no player may pass for one.
	if strings.HasPrefix(n, "bot") {
		return "", errors.New("names starting with \"bot\" are kept for bots")
	}
	return n, nil
}
