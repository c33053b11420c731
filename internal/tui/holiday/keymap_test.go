package holiday_test

import (
	"os"
	"testing"

	"hotels/internal/tui/holiday"
	"hotels/internal/tui/tuitest"
)

// TestMain fails the package if a screen changed the key map every session
// shares, which every test here reads.
func TestMain(m *testing.M) {
	os.Exit(tuitest.KeysKept(m, holiday.DefaultKeyMap, holiday.NewKeyMap))
}

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, holiday.DefaultKeyMap, holiday.NewKeyMap)
}
