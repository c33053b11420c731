// Package acquire is Acquire's part of the room screen (a room.Screen): the
// board beside the chain table, the rack beside the players, and the
// decision due when it is the player's — a tile to play, a chain to found
// or to survive, a defunct chain's shares to sell or trade, shares to buy —
// composed by keys and sent as action text ("play 6D", "buy Tower Tower").
// Its keys and the explanation of its board are its own, for the room
// screen's help. internal/tui/screens registers it for Acquire rooms.
//
// acquire imports the Acquire engine, the room screen (for its Screen
// types), board, layout, theme and Bubble Tea packages: never rooms, the
// server or the store.
package acquire
