// Package board draws the 12×9 Acquire board of an *acquire.View: chains
// told apart by colour and by letter, so that the board reads the same
// without colour (`·` an empty cell, `o` a lone tile, a chain's letter,
// `+` a tile in the viewer's rack, `[+]` the one chosen).
//
// The board takes no input, so it has no Update: its parent tells it what
// to show. board imports the Acquire engine, theme and Lip Gloss: never
// rooms, the server, the store or another screen.
package board
