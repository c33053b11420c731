package room_test

import (
	"os"
	"testing"

	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// TestMain runs the tests and checks that every session shares one key map
// that none of them changed (tuitest.KeyMapShared).
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeyMapShared(m, room.DefaultKeyMap, room.NewKeyMap))
}
