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
	// Rooms name their bots bot1, bot2, …: no player may pass for one,
	// not even as b0t1.
	sk := skeleton(n)
	if strings.HasPrefix(sk, "bot") {
		return "", errors.New("names starting with \"bot\" are kept for bots")
	}
	if reserved(sk) {
		return "", fmt.Errorf("the name %s is kept for the server's own words: pick another", n)
	}
	return n, nil
}

// Issue 27, N9: a player may not pass for the server, its admins or the
// players it plays for. A name is refused if it is one of exact, or has one
// of within anywhere (admin2, the-sysop), compared by skeleton.
var (
	exact = []string{
		"root", "mod", "mods", "staff", "support", "server", "host", "owner", "operator", "official",
		"chance", "dice", "bank", "you", "nobody", "everyone", "all", "here", "null", "anonymous",
	}
	within = []string{"admin", "hotels", "sysop", "moderator", "autopilot", "system"}
)

// reserved reports whether a name whose skeleton is sk passes for one of
// the server's own words.
func reserved(sk string) bool {
	for _, w := range exact {
		if sk == skeleton(w) {
			return true
		}
	}
	for _, w := range within {
		if strings.Contains(sk, skeleton(w)) {
			return true
		}
	}
	return false
}

// confusables makes one of the characters of a name that pass for one
// another on screen (0 and o, 1, i and l, rn and m...), and drops the
// separators, so that "Adm1n", "ad_min" and "root" written "r00t" all
// meet the word they pass for.
var confusables = strings.NewReplacer(
	"rn", "m", "vv", "w", "0", "o", "1", "l", "i", "l", "3", "e", "4", "a", "5", "s", "7", "t", "8", "b", "9", "g",
	"_", "", "-", "",
)

// skeleton is a lowercase name as confusables makes it.
func skeleton(name string) string { return confusables.Replace(name) }
