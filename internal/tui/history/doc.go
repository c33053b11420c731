// Package history is the player's own games: a list of their recent games
// (date, players, place and score in the game's unit, status) read from the
// archive of games, and a replay viewer that steps through a finished or ended game
// move by move, chance lines included, drawing it with the game's own
// screen (room.Screen's Replay: for Acquire the board, the chain table and
// every player's cash and shares) after each action, with the events it
// caused.
//
// A game still being played is listed but never replayed: its record holds
// every hand and what is drawn next. A replay shows each position as a
// watcher saw it.
//
// history imports rooms (for Player), the engine's shared types, the games
// registry (for each game's engine) and the screens registry (for its
// screen), the room screen's Screen types, profile (for Ordinal), sanitize, layout, theme and Bubble Tea
// packages: never the store (the server serves Archive, in the screen's own
// Game type), the server or the lobby.
package history
