package room

import "charm.land/bubbles/v2/key"

// KeyMap is the room screen's keys; a game's screen has its own for its
// decisions. Which apply depends on what is on the screen: the help line
// lists those that do. Seat numbers are typed as they are and need no
// binding.
type KeyMap struct {
	Chat  key.Binding // open the chat input
	Help  key.Binding // show every key
	Back  key.Binding // leave the room (asks first during a game)
	Leave key.Binding // leave the waiting room or the final standings
	// Rules opens the game's rules page. It is read before the game's
	// decision keys: no game's decision uses R.
	Rules key.Binding

	AddBot key.Binding // host: seat a bot
	Kick   key.Binding // host: empty a seat, then its number
	Start  key.Binding // host: deal the game
	Sit    key.Binding // a watcher takes a free seat

	Prev    key.Binding // the previous bot level
	Next    key.Binding // the next bot level
	Confirm key.Binding // seat the bot chosen

	// Rematch asks for a rematch of the finished game, or joins the one
	// asked for (as Accept); Decline declines it.
	Rematch key.Binding
	Accept  key.Binding
	Decline key.Binding

	// TakeOver takes the player's seat back from the autopilot. It is a
	// control key because a game's decision may read every letter.
	TakeOver key.Binding
	// VoteEnd votes to end a game a player left; it is read before the
	// game's decision keys, and only while a player has left.
	VoteEnd key.Binding

	// Log opens the game's whole log. It is read before the game's
	// decision keys: no game's decision reads a capital L (Acquire's
	// Luxor is l as well).
	Log      key.Binding
	LogClose key.Binding // the open log's; ↑↓ and the pages scroll it (Pager)
}

// DefaultKeyMap returns the room keys.
//
// Every session shares one: a Binding is a value, and a screen that
// changes one (SetEnabled, SetHelp) changes its own copy; the key lists
// are never written. Built per session they were tens of live objects a
// player for the collector to mark (issue 22).
func DefaultKeyMap() KeyMap { return defaultKeys }

var defaultKeys = newKeyMap()

func newKeyMap() KeyMap {
	return KeyMap{
		Chat:  key.NewBinding(key.WithKeys("/", "t"), key.WithHelp("/", "chat")),
		Help:  key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "keys")),
		Back:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "leave")),
		Leave: key.NewBinding(key.WithKeys("l", "esc"), key.WithHelp("l", "leave")),
		Rules: key.NewBinding(key.WithKeys("R"), key.WithHelp("R", "rules")),

		AddBot: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "add bot")),
		Kick:   key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "kick")),
		Start:  key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "start")),
		Sit:    key.NewBinding(key.WithKeys("j"), key.WithHelp("j", "sit down")),

		Prev:    key.NewBinding(key.WithKeys("up", "left", "k", "h"), key.WithHelp("↑↓", "choose")),
		Next:    key.NewBinding(key.WithKeys("down", "right", "j", "l")),
		Confirm: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "confirm")),

		Rematch: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rematch")),
		Accept:  key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "join rematch")),
		Decline: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "decline")),

		TakeOver: key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "take seat back")),
		VoteEnd:  key.NewBinding(key.WithKeys("V"), key.WithHelp("V", "vote to end")),

		Log:      key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "event log")),
		LogClose: key.NewBinding(key.WithKeys("esc", "L", "q"), key.WithHelp("esc", "close")),
	}
}
