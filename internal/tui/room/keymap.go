package room

import "charm.land/bubbles/v2/key"

// KeyMap is the room screen's keys. Which apply depends on what is on the
// screen: the help line lists those that do. Chain letters, tile names and
// seat numbers are typed as they are and need no binding.
type KeyMap struct {
	Chat  key.Binding // open the chat input
	Help  key.Binding // show every key
	Back  key.Binding // leave the room (asks first during a game)
	Leave key.Binding // leave the waiting room or the final standings

	AddBot key.Binding // host: seat a bot
	Kick   key.Binding // host: empty a seat, then its number
	Start  key.Binding // host: deal the game
	Sit    key.Binding // a watcher takes a free seat

	Prev    key.Binding // the previous rack tile or choice
	Next    key.Binding // the next rack tile or choice
	Confirm key.Binding // send the decision
	Erase   key.Binding // undo the last typed character or share
	Sell    key.Binding // dispose: sell one more
	Unsell  key.Binding // dispose: sell one fewer
	Trade   key.Binding // dispose: trade two more
	Untrade key.Binding // dispose: trade two fewer
	Declare key.Binding // buy: declare the end of the game

	// TakeOver takes the player's seat back from the autopilot. It is a
	// control key because every letter may be a chain's or a tile's.
	TakeOver key.Binding
	// VoteEnd votes to end a game a player left; capital V is no chain's
	// letter in any rule set, and the chooser keys never read it.
	VoteEnd key.Binding
}

// DefaultKeyMap returns the room keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Chat:  key.NewBinding(key.WithKeys("/", "t"), key.WithHelp("/", "chat")),
		Help:  key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "keys")),
		Back:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave")),
		Leave: key.NewBinding(key.WithKeys("l", "esc"), key.WithHelp("l", "leave")),

		AddBot: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "add bot")),
		Kick:   key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "kick")),
		Start:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "start")),
		Sit:    key.NewBinding(key.WithKeys("j"), key.WithHelp("j", "sit down")),

		Prev:    key.NewBinding(key.WithKeys("up", "left", "k", "h"), key.WithHelp("↑↓", "choose")),
		Next:    key.NewBinding(key.WithKeys("down", "right", "j", "l")),
		Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm")),
		Erase:   key.NewBinding(key.WithKeys("backspace"), key.WithHelp("⌫", "remove")),
		Sell:    key.NewBinding(key.WithKeys("s", "right"), key.WithHelp("s/S", "sell ±1")),
		Unsell:  key.NewBinding(key.WithKeys("S", "left")),
		Trade:   key.NewBinding(key.WithKeys("t", "up"), key.WithHelp("t/T", "trade ±2")),
		Untrade: key.NewBinding(key.WithKeys("T", "down")),
		Declare: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "end game")),

		TakeOver: key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "take seat back")),
		VoteEnd:  key.NewBinding(key.WithKeys("V"), key.WithHelp("V", "vote to end")),
	}
}

// with returns b with its help text replaced.
func with(b key.Binding, k, desc string) key.Binding {
	b.SetHelp(k, desc)
	return b
}

// hint is a help line entry for keys that have no binding of their own,
// such as a chain's letter.
func hint(k, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc))
}
