package tycoon_test

import (
	"os"
	"testing"

	"hotels/internal/tui/tuitest"
	"hotels/internal/tui/tycoon"
)

// TestMain fails the package if a screen changed the key map every session
// shares, which every test here reads.
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeysKept(m, tycoon.DefaultKeyMap, tycoon.NewKeyMap))
}

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, tycoon.DefaultKeyMap, tycoon.NewKeyMap)
}
