package lobby_test

import (
	"os"
	"testing"

	"hotels/internal/tui/lobby"
	"hotels/internal/tui/tuitest"
)

// TestMain fails the package if a screen changed the key map every session
// shares, which every test here reads.
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeysKept(m, lobby.DefaultKeyMap, lobby.NewKeyMap))
}

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, lobby.DefaultKeyMap, lobby.NewKeyMap)
}
