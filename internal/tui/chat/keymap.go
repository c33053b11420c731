package chat

import "charm.land/bubbles/v2/key"

// KeyMap is the keys of an open chat input.
type KeyMap struct {
	Send   key.Binding
	Cancel key.Binding
}

// DefaultKeyMap returns the chat keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Send:   key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "send")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "close chat")),
	}
}

// ShortHelp lists the keys shown in the help line while typing.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Send, k.Cancel} }

// FullHelp lists every key, in one group.
func (k KeyMap) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }
