// Package sanitize makes text typed by one player safe to draw on another
// player's terminal.
//
// Anything a player can set (a name today; chat and room titles later) reaches
// other people's screens. A stray ESC could clear their screen, move their
// cursor, set their window title or, through OSC 52, write their clipboard;
// bidirectional overrides could make "alice" render as someone else. Line and
// Text remove all of that and keep ordinary printable text.
//
// sanitize imports nothing of ours.
package sanitize
