package history_test

import (
	"testing"

	"hotels/internal/tui/history"
	"hotels/internal/tui/tuitest"
)

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, history.DefaultKeyMap, history.NewKeyMap)
}
