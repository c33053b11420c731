package signup

import "charm.land/bubbles/v2/key"

// KeyMap is the signup screen's keys; the help line is drawn from it.
type KeyMap struct {
	Submit key.Binding
	Quit   key.Binding
}

// DefaultKeyMap returns the signup keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save name")),
		Quit:   key.NewBinding(key.WithKeys("ctrl+c", "esc"), key.WithHelp("esc", "quit")),
	}
}

// ShortHelp lists the keys shown in the help line.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Quit} }
