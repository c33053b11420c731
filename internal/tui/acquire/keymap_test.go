package acquire_test

import (
	"os"
	"testing"

	"hotels/internal/tui/acquire"
	"hotels/internal/tui/tuitest"
)

// TestMain fails the package if a screen changed the key map every session
// shares, which every test here reads.
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeysKept(m, acquire.DefaultKeyMap, acquire.NewKeyMap))
}

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, acquire.DefaultKeyMap, acquire.NewKeyMap)
}
