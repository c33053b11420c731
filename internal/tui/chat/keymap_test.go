package chat_test

import (
	"testing"

	"hotels/internal/tui/chat"
	"hotels/internal/tui/tuitest"
)

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, chat.DefaultKeyMap, chat.NewKeyMap)
}
