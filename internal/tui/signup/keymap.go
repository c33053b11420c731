package signup

import "charm.land/bubbles/v2/key"

// KeyMap is the signup screen's keys; the help line is drawn from it.
type KeyMap struct {
	Submit key.Binding
	Quit   key.Binding
}

// DefaultKeyMap returns the signup keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "save name")),
		Quit:   key.NewBinding(key.WithKeys("ctrl+c", "esc"), key.WithHelp("esc", "quit")),
	}
}

// ShortHelp lists the keys shown in the help line.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Quit} }
