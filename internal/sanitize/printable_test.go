package sanitize

import "testing"

// Line returns printable ASCII as it is, without cleaning it: as clean
// would return it, character by character and in any order.
func TestLinePrintable(t *testing.T) {
	var all []byte
	for c := byte(0x20); c < 0x7f; c++ {
		all = append(all, c)
	}
	for _, s := range []string{"", "alice", string(all), "[31m not an escape ]0;", "carol plays 4H: Tower grows to 4"} {
		if got, want := Line(s), clean(s, false); got != want {
			t.Errorf("Line(%q) = %q, clean gives %q", s, got, want)
		}
	}
	for c := range 0x80 {
		if s := "a" + string(rune(c)) + "b"; (Line(s) == s) != printable(s) {
			t.Errorf("Line(%q) = %q", s, Line(s))
		}
	}
}
