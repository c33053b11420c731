package tycoon_test

import (
	"os"
	"testing"

	"hotels/internal/tui/tuitest"
	"hotels/internal/tui/tycoon"
)

// TestMain runs the tests and checks that every session shares one key map
// that none of them changed (tuitest.KeyMapShared).
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeyMapShared(m, tycoon.DefaultKeyMap, tycoon.NewKeyMap))
}
