package history

import "charm.land/bubbles/v2/key"

// KeyMap is the screen's keys: the list's, then the replay viewer's.
type KeyMap struct {
	Up   key.Binding
	Down key.Binding
	Open key.Binding // replay the selected game
	Back key.Binding // back to the lobby, or from a replay to the list

	Prev     key.Binding // one action back
	Next     key.Binding // one action on
	PrevPage key.Binding // ten actions back
	NextPage key.Binding // ten actions on
	Start    key.Binding // the deal
	End      key.Binding // the last action
	Rules    key.Binding // the replayed game's rules page
}

// Page is how many actions pgup and pgdown step.
const Page = 10

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
		Up:   key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", "select")),
		Down: key.NewBinding(key.WithKeys("down", "j")),
		Open: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "replay")),
		Back: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")),

		Prev:     key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←→", "step")),
		Next:     key.NewBinding(key.WithKeys("right", "l", "space")),
		PrevPage: key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup/pgdn", "10 steps")),
		NextPage: key.NewBinding(key.WithKeys("pgdown")),
		Start:    key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/end", "start/end")),
		End:      key.NewBinding(key.WithKeys("end", "G")),
		Rules:    key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "rules")),
	}
}

func (k KeyMap) listHelp() []key.Binding {
	return []key.Binding{k.Up, k.Open, k.Back}
}

func (k KeyMap) replayHelp() []key.Binding {
	return []key.Binding{k.Prev, k.PrevPage, k.Start, k.Rules, k.Back}
}
