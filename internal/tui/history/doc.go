// Package history is the player's own games: a list of their recent games
// (date, players, result, status) read from the store, and a replay viewer
// that steps through a finished or ended game move by move, drawing the
// board, the chain table and every player's cash and shares after each
// action, with the events it caused.
//
// A game still being played is listed but never replayed: its record holds
// every rack and the order of the bag. A replay shows each position as a
// watcher saw it.
//
// history imports the store (for its types; the store itself is reached
// through the Archive interface), rooms (for Player), the Acquire engine,
// board, layout, theme and Bubble Tea packages: never the server, the lobby
// or the room screen.
package history
