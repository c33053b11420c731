// Package engine holds what every game Hotels hosts has in common: the Game
// interface that rooms, the TUI, the store and bots drive (with the Chance
// seat for dice, standings with a place and a score in the game's Unit, and
// Revealer for what admins may see in full), the Kind a registry lists, and
// the generic part of the `hotels-record 1` format.
//
// Games live in subpackages (engine/acquire) that import nothing of ours but
// this package. Nothing here does I/O beyond the io.Reader a record is read
// from, reads a clock, starts a goroutine or uses a global random source.
package engine
