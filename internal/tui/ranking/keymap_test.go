package ranking_test

import (
	"testing"

	"hotels/internal/tui/ranking"
	"hotels/internal/tui/tuitest"
)

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, ranking.DefaultKeyMap, ranking.NewKeyMap)
}
