package ranking

import "charm.land/bubbles/v2/key"

// KeyMap is the screen's keys.
type KeyMap struct {
	Up    key.Binding
	Down  key.Binding
	Rules key.Binding // the next rule set
	Open  key.Binding // the selected player's profile
	Back  key.Binding // from a profile to the leaderboard, or to the lobby
}

// DefaultKeyMap returns the screen's keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", "select")),
		Down:  key.NewBinding(key.WithKeys("down", "j")),
		Rules: key.NewBinding(key.WithKeys("tab", "left", "right", "h", "l"), key.WithHelp("tab ←→", "switch game")),
		Open:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "profile")),
		Back:  key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),
	}
}

func (k KeyMap) boardHelp() []key.Binding {
	return []key.Binding{k.Up, k.Rules, k.Open, k.Back}
}

func (k KeyMap) profileHelp() []key.Binding {
	return []key.Binding{k.Rules, k.Back}
}
