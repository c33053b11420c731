package theme_test

import (
	"testing"

	"hotels/internal/tui/theme"
)

// Every session shares one key help a width and set of styles, cut to
// that width (docs/capacity.md).
func TestKeyHelpFor(t *testing.T) {
	dark, light := theme.New(true), theme.New(false)
	if dark.KeyHelpFor(80) != dark.KeyHelpFor(80) {
		t.Error("two key helps for the same width and styles")
	}
	if dark.KeyHelpFor(80) == light.KeyHelpFor(80) || dark.KeyHelpFor(80) == dark.KeyHelpFor(40) {
		t.Error("one key help for two widths or styles")
	}
	if h := light.KeyHelpFor(80); h.Styles.ShortKey.GetForeground() != light.KeyHelp.ShortKey.GetForeground() {
		t.Error("the light styles' key help has other styles")
	}
	if w := dark.KeyHelpFor(40).Width(); w != 40 {
		t.Errorf("the key help for 40 cells is cut at %d", w)
	}
	if dark.KeyHelpFor(100000) == dark.KeyHelpFor(100000) {
		t.Error("a key help kept for a width no terminal has")
	}
}
