package lobby

import "charm.land/bubbles/v2/key"

// KeyMap is the lobby's keys.
type KeyMap struct {
	Up          key.Binding
	Down        key.Binding
	Join        key.Binding // take a seat in the selected room
	Watch       key.Binding // watch the selected room
	Create      key.Binding // open the new-room form
	QuickPlay   key.Binding // any waiting room, or a new one
	Code        key.Binding // type a private room's invite code
	History     key.Binding // the player's recent games
	Ranked      key.Binding // look for a ranked game
	Leaderboard key.Binding
	Profile     key.Binding // the player's own profile
	Bell        key.Binding // turn the player's bell on or off
	Help        key.Binding
	Quit        key.Binding

	// In the new-room form.
	NextField key.Binding
	PrevField key.Binding
	NextValue key.Binding
	PrevValue key.Binding
	Submit    key.Binding
	Cancel    key.Binding
}

// DefaultKeyMap returns the lobby keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Up:          key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑↓", "select")),
		Down:        key.NewBinding(key.WithKeys("down")),
		Join:        key.NewBinding(key.WithKeys("enter", "j"), key.WithHelp("enter", "join")),
		Watch:       key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "watch")),
		Create:      key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new")),
		QuickPlay:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "quick play")),
		Code:        key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "code")),
		History:     key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "games")),
		Ranked:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "ranked")),
		Leaderboard: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "leaderboard")),
		Profile:     key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "your profile")),
		Bell:        key.NewBinding(key.WithKeys("B"), key.WithHelp("B", "bell on/off (your turn, a game starts)")),
		Help:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "keys")),
		Quit:        key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),

		NextField: key.NewBinding(key.WithKeys("down", "tab"), key.WithHelp("↑↓", "field")),
		PrevField: key.NewBinding(key.WithKeys("up", "shift+tab")),
		NextValue: key.NewBinding(key.WithKeys("right", "space", "l"), key.WithHelp("←→", "change")),
		PrevValue: key.NewBinding(key.WithKeys("left", "h")),
		Submit:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "create")),
		Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp lists the list's keys for the help line; the arrows, which
// the cursor makes plain, are left for the full help.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Join, k.Watch, k.Create, k.QuickPlay, k.Code, k.History, k.Help, k.Quit}
}

// FullHelp lists every key, grouped.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Join, k.Watch},
		{k.Create, k.QuickPlay, k.Code, k.History},
		{k.Ranked, k.Leaderboard, k.Profile},
		{k.Bell, k.Help, k.Quit},
		{k.NextField, k.NextValue, k.Submit, k.Cancel},
	}
}

// rankedHelp lists the ranked form's keys.
func (k KeyMap) rankedHelp() []key.Binding {
	seek := k.Submit
	seek.SetHelp("enter", "look for a game")
	return []key.Binding{k.NextField, k.NextValue, seek, k.Cancel}
}

// seekingHelp lists the keys of the wait for a ranked table.
func (k KeyMap) seekingHelp() []key.Binding {
	leave := k.Cancel
	leave.SetHelp("esc", "leave the queue")
	return []key.Binding{leave, k.Quit}
}

// formHelp lists the new-room form's keys.
func (k KeyMap) formHelp() []key.Binding {
	return []key.Binding{k.NextField, k.NextValue, k.Submit, k.Cancel}
}
