// Package room is the screen of one table: the waiting room (seats, host
// keys, the bot level chooser, invite code), the game (the header, the
// players' clocks, the decision due and its countdown, events and chat, the
// autopilot's notice and the vote to end a game a player left) and the
// final standings in the game's unit, with each player's rating change
// after a ranked game, and the rematch (asked for with r, joined with y,
// declined with n); a ranked room says so in its header. R opens the
// game's rules page anywhere in the room, with the room's options in words
// (rules.go; the replay viewer opens the same page). When the player's
// decision comes, or they arrive when it is due, it recaps what the others
// did since the player's own last move, while they decide (the decision's
// keys play under it; another key hides it); L opens the game's whole log, for watchers too. The rules
// page, the log and the key list (?) scroll in one Pager (pager.go) when
// taller than the screen. It counts for the session, in Alerts, when the
// player's turn comes or the game they wait for starts, and its Title says
// whose move it is. What is the
// game's own — its board and hands, the player's decision composed by keys,
// its keys and the explanation of its screen — is drawn by the game's
// Screen, which internal/tui/screens registers for each game; a game with no
// screen is said so, never shown as a room still waiting.
//
// It reads the room's snapshots through a command re-armed after each one,
// and sends every decision to the room as action text ("play 6D", "buy
// Tower Tower") in a command, showing the room's answer in words; while a
// decision is on its way the screen keeps its frame, so that the key and
// the room's answer make one frame (hold.go). A
// countdown ticks once a second only while a decision is timed, so an idle
// session costs nothing.
//
// room imports rooms (for its types; the room itself is reached through
// the Table interface), the engine's shared types, sanitize, theme, layout,
// chat and Bubble Tea packages: never a game, the server, the store or the
// lobby screen.
package room
