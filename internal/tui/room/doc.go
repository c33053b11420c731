// Package room is the screen of one table: the waiting room (seats, host
// keys, invite code), the game (board, rack, chains, players, the decision
// due, events and chat) and the final standings. It reads the room's
// snapshots through a command re-armed after each one, and sends every
// decision to the room as action text ("play 6D", "buy Tower Tower") in a
// command, showing the room's answer in words.
//
// room imports rooms (for its types; the room itself is reached through
// the Table interface), the Acquire engine for its views, sanitize, theme,
// board, chat and Bubble Tea packages: never the server, the store or the
// lobby screen.
package room
