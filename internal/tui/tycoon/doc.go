// Package tycoon is Hotel Tycoon's part of the room screen (a room.Screen):
// the road of 31 spaces with the plots on both sides, the entrances and the
// cars; the hotels with their owners, phases and rents beside the players'
// cash and worth; and the decision due when it is the player's — a menu of
// the engine's legal actions, with the auction's own keys to bid — sent as
// action text ("buy Royal", "bid 3050"). Everything in Tycoon is public
// (T27), so a watcher sees what the players see. internal/tui/screens
// registers it for Hotel Tycoon rooms.
//
// tycoon imports the Hotel Tycoon engine, the room screen (for its Screen
// types), layout, theme and Bubble Tea packages: never rooms, the server or
// the store.
package tycoon
