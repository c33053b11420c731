package tuitest

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// KeyMapShared is a screen package's TestMain: it runs the package's tests
// (m) and fails the package unless its key map is built once for every
// session (issue 22). get, its DefaultKeyMap, must allocate nothing; a
// change one session makes to its copy of a binding (SetEnabled, SetHelp,
// SetKeys) must show in no other session's, which still get what build,
// the map's constructor, makes; and after the tests the shared map must
// still be what build makes: a screen that changed it where it should have
// changed its own copy would have changed every session's.
func KeyMapShared[K any](m *testing.M, get, build func() K) int {
	var failed []string
	if n := testing.AllocsPerRun(10, func() { _ = get() }); n != 0 {
		failed = append(failed, fmt.Sprintf("getting the key map allocates %v objects, want 0: it is built again", n))
	}
	mine := get()
	changeKeys(&mine)
	if !reflect.DeepEqual(get(), build()) {
		failed = append(failed, "a change to one session's key map shows in the next session's")
	}
	code := m.Run()
	if !reflect.DeepEqual(get(), build()) {
		failed = append(failed, "a test changed the key map every session shares")
	}
	for _, f := range failed {
		fmt.Fprintln(os.Stderr, "FAIL:", f)
		code = 1
	}
	return code
}

// changeKeys changes every binding of the key map km points to.
func changeKeys[K any](km *K) {
	v := reflect.ValueOf(km).Elem()
	for i := range v.NumField() {
		if b, ok := v.Field(i).Addr().Interface().(*key.Binding); ok {
			b.SetEnabled(false)
			b.SetHelp("x", "changed")
			b.SetKeys("x")
		}
	}
}
