// Package board draws an Acquire table from an *acquire.View: the 12×9
// board, with chains told apart by colour and by letter so that it reads
// the same without colour (`·` an empty cell, `o` a lone tile, a chain's
// letter, `+` a tile in the viewer's rack, `[+]` the one chosen), and the
// tables beside it: the chains (size, price, bank, holders) and the
// players (cash, shares, an optional clock). Acquire's screen (tui/acquire)
// draws the game in play and its replays with it.
//
// The board takes no input, so it has no Update: its parent tells it what
// to show. board imports the Acquire engine, theme, layout and Lip Gloss:
// never rooms, the server, the store or another screen.
package board
