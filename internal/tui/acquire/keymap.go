package acquire

import (
	"charm.land/bubbles/v2/key"
)

// KeyMap is the keys of an Acquire decision. Chain letters and tile names
// are typed as they are and need no binding.
type KeyMap struct {
	Prev    key.Binding // the previous rack tile or choice
	Next    key.Binding // the next rack tile or choice
	Confirm key.Binding // send the decision
	Back    key.Binding // clear a typed tile
	Erase   key.Binding // undo the last typed character or share
	Sell    key.Binding // dispose: sell one more
	Unsell  key.Binding // dispose: sell one fewer
	Trade   key.Binding // dispose: trade two more
	Untrade key.Binding // dispose: trade two fewer
	Declare key.Binding // buy: declare the end of the game
	Prices  key.Binding // buy: show or hide the price table
}

// DefaultKeyMap returns Acquire's decision keys.
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
		Back:    key.NewBinding(key.WithKeys("esc")),
		Erase:   key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "remove")),
		Sell:    key.NewBinding(key.WithKeys("s", "right"), key.WithHelp("s/S", "sell ±1")),
		Unsell:  key.NewBinding(key.WithKeys("S", "left")),
		Trade:   key.NewBinding(key.WithKeys("t", "up"), key.WithHelp("t/T", "trade ±2")),
		Untrade: key.NewBinding(key.WithKeys("T", "down")),
		Declare: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "end game")),
		Prices:  key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "prices")),
	}
}
