// Package room is the screen of one table: the waiting room (seats, host
// keys, the bot level chooser, invite code), the game (board, rack, chains,
// players and their clocks, the decision due and its countdown, events and
// chat, the autopilot's notice and the vote to end a game a player left)
// and the final standings, with each player's rating change after a ranked
// game; a ranked room says so in its header. It reads the room's snapshots
// through a command re-armed after each one, and sends every decision to
// the room as action text ("play 6D", "buy Tower Tower") in a command,
// showing the room's answer in words. A countdown ticks once a second only
// while a decision is timed, so an idle session costs nothing.
//
// room imports rooms (for its types; the room itself is reached through
// the Table interface), the Acquire engine for its views, sanitize, theme,
// board, layout, chat and Bubble Tea packages: never the server, the store
// or the lobby screen.
package room
