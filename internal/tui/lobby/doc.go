// Package lobby is the screen between games: the open rooms and who is
// online, read from the lobby's snapshots through a command re-armed after
// each one, and the ways into a room: join a seat, watch, quick play,
// create a room (a small form built from the game's rule sets, its options
// and the turn clocks) or type a private room's invite code. Once in, it
// hands the room to its parent as an EnterMsg; g asks the parent for the
// player's recent games with a HistoryMsg.
//
// lobby imports rooms and engine (for their types; the lobby itself is
// reached through the Service interface), sanitize, theme and Bubble Tea
// packages: never the server, the store or the room screen.
package lobby
