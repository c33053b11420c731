package chat

import "charm.land/bubbles/v2/key"

// KeyMap is the keys of an open chat input.
type KeyMap struct {
	Send   key.Binding
	Cancel key.Binding
}

// DefaultKeyMap returns the chat keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Send:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close chat")),
	}
}

// ShortHelp lists the keys shown in the help line while typing.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Send, k.Cancel} }

// FullHelp lists every key, in one group.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
