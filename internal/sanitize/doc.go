// Package sanitize makes text typed by one player safe to draw on another
// player's terminal.
//
// Anything a player can set (a name today; chat and room titles later) reaches
// other people's screens. A stray ESC could clear their screen, move their
// cursor, set their window title or, through OSC 52, write their clipboard;
// bidirectional overrides could make "alice" render as someone else; soft
// hyphens, tag characters, Hangul fillers and other invisible characters
// make a message or a title look blank or shift the layout. Line and Text
// remove all of that and keep ordinary printable text. Message also refuses
// text with nothing that shows, or wider than a limit measured with Width,
// as the renderer measures it.
//
// sanitize imports nothing of ours.
package sanitize
