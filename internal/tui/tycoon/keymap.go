package tycoon

import "charm.land/bubbles/v2/key"

// KeyMap is the keys of a Hotel Tycoon decision. A bid's digits are typed
// as they are and need no binding.
type KeyMap struct {
	Prev    key.Binding // the previous legal action
	Next    key.Binding // the next legal action
	Confirm key.Binding // do the chosen action, or send the typed bid
	Pass    key.Binding // pass: decline what is offered
	MinBid  key.Binding // bid the minimum
	Raise   key.Binding // bid $500 over the minimum
	Erase   key.Binding // erase the typed bid's last digit
	Toggle  key.Binding // at the Town Hall: add the entrance chosen to those to buy, or drop it
}

// DefaultKeyMap returns Hotel Tycoon's decision keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Prev:    key.NewBinding(key.WithKeys("up", "left", "k", "h"), key.WithHelp("↑↓", "choose")),
		Next:    key.NewBinding(key.WithKeys("down", "right", "j", "l")),
		Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm")),
		Pass:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pass")),
		MinBid:  key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "bid the least")),
		Raise:   key.NewBinding(key.WithKeys("B"), key.WithHelp("B", "bid $500 more")),
		Erase:   key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "erase")),
		Toggle:  key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "add/drop")),
	}
}
