// Package holiday is Holiday AG's part of the room screen (a room.Screen):
// the five tracks with their suitcases, chains, values, Raise cards and the
// bank's shares; the player's hand beside every player's shares and option
// cards; the decision due when it is the player's — shares to take, a card
// to play, a Raise's company, an Exchange's shares, an option card, a pass
// — composed by keys and sent as action text ("take Alps USA", "card
// Alps-7"). It offers only what the rules allow now, says why when a key
// asks for something else, and shows only what the viewer may see (H25).
// internal/tui/screens registers it for Holiday AG rooms.
//
// holiday imports the Holiday AG engine, the room screen (for its Screen
// types), layout, theme and Bubble Tea packages: never rooms, the server or
// the store.
package holiday
