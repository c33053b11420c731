// Package protocol serves games to programs: the JSON-lines play protocol
// of `ssh host play ROOM` and `ssh host bot wait` (docs/protocol.md).
//
// A Stream is one seat's play in one room. It reaches the room exactly as
// a terminal screen does: it subscribes (the room publishes snapshots into
// a one-slot mailbox where the latest wins), sends the seat's requests in
// as commands, and writes what each snapshot shows that is new — the
// game's state in its game's shape, the log's events, the chat, the
// decision due with the engine's legal actions — as JSON lines. The
// engines decide everything; this package only names what their views
// number. A Conn carries the lines of one SSH session, for one stream or,
// for a bot account waiting for games, several, each line naming its room;
// it bounds how much a client may send and how fast.
//
// protocol imports rooms and the engines, never the server or the TUI.
package protocol
