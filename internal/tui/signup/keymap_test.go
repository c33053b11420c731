package signup_test

import (
	"testing"

	"hotels/internal/tui/signup"
	"hotels/internal/tui/tuitest"
)

func TestKeyMapShared(t *testing.T) {
	tuitest.SharedKeys(t, signup.DefaultKeyMap, signup.NewKeyMap)
}
