// Package engine holds what every game Hotels hosts has in common: the Game
// interface that rooms, the TUI, the store and bots drive (with the Chance
// seat for dice, standings with a place and a score in the game's Unit, and
// Revealer for what admins may see in full; Public and Copier for a room
// that shares one view and copies its game in place), the Kind a registry
// lists, and the generic part of the `hotels-record 1` format.
//
// Games live in subpackages (engine/acquire) that import nothing of ours but
// this package. Nothing here does I/O beyond the io.Reader a record is read
// from, reads a clock, starts a goroutine or uses a global random source.
//
// A game writes only what is its own: its Setup (with its record Header)
// and New, which checks the seats with CheckSeats; the judge of a move
// (check), the move itself (step) and the forced steps after it (settle),
// which its Do and DoLegal put together; its legal moves, its events in
// words, its views, its Due and Standings (Rank, where the score decides);
// and, for its records, its header and body lines, which a Replaying reads
// into a Replay. Its Kind's Deal is a Dealer of its setup and New, and its
// Replay a Replayer of its ReadRecord.
package engine
