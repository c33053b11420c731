package holiday

import "charm.land/bubbles/v2/key"

// KeyMap is the keys of a Holiday AG decision. Company letters (a m t c u)
// are typed as they are and need no binding.
type KeyMap struct {
	Prev    key.Binding // the previous card of the hand
	Next    key.Binding // the next card of the hand
	Confirm key.Binding // send the decision, or open a card's choice
	Erase   key.Binding // take back the last company typed
	Back    key.Binding // leave a Raise's, an Exchange's or an option card's choice
	Option  key.Binding // use an option card
	Pass    key.Binding // final round: play no card
}

// DefaultKeyMap returns Holiday AG's decision keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Prev:    key.NewBinding(key.WithKeys("up", "left", "k", "h"), key.WithHelp("↑↓", "choose a card")),
		Next:    key.NewBinding(key.WithKeys("down", "right", "j", "l")),
		Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm")),
		Erase:   key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "undo")),
		Back:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Option:  key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "option")),
		Pass:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pass")),
	}
}
