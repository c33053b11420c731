// Package chat is a room's chat pane: the recent messages, and an input
// line that opens on demand and hands a typed message to its parent as a
// SendMsg. The parent sends it to the room; chat touches nothing outside.
//
// chat imports theme, sanitize, Bubble Tea packages and rooms (for its
// types only): never the server, the store or another screen.
package chat
