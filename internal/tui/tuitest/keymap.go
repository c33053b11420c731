package tuitest

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"charm.land/bubbles/v2/key"
)

// SharedKeys checks that a screen's key map is built once for every
// session (issue 22): get, its DefaultKeyMap, allocates nothing, and a
// change one session makes to its copy of a binding (SetEnabled, SetHelp,
// SetKeys) shows in no other session's, which still get what build, the
// map's constructor, makes.
func SharedKeys[K any](t *testing.T, get, build func() K) {
	t.Helper()
	if n := testing.AllocsPerRun(10, func() { _ = get() }); n != 0 {
		t.Errorf("getting the key map allocates %v objects, want 0: it is built again", n)
	}
	mine := get()
	changeKeys(&mine)
	if !reflect.DeepEqual(get(), build()) {
		t.Error("a change to one session's key map shows in the next session's")
	}
}

// KeysKept runs a package's tests and then fails it if the key map every
// session shares is no longer what build makes: a screen changed it where
// it should have changed its own copy, and every other session would see
// the change.
func KeysKept[K any](m *testing.M, get, build func() K) int {
	code := m.Run()
	if code == 0 && !reflect.DeepEqual(get(), build()) {
		fmt.Fprintln(os.Stderr, "FAIL: a test changed the key map every session shares")
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
