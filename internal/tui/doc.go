// Package tui is a player's session once signed in: the root model that
// shows the lobby, a room, the player's own games (with their replays) or
// the leaderboard and players' profiles, switches between them, and starts
// in a room when the session asked for one (`ssh -t host join ROOM`). It
// owns what every screen shares: the window size (and the message shown
// when it is below 80×24), the styles for a light or dark terminal, the
// player's presence in the lobby, the window's title (whose move it is, in
// a room), the terminal's bell on the room's alerts (the player's setting,
// which B in the lobby changes), and ctrl+c.
//
// tui imports rooms and the screens under it: never the server or the
// store, which it reaches through what it is built with (the lobby; with
// WithGames the archive of games the history screen reads; with
// WithRatings the ratings the ranked queue, the leaderboard and the
// profiles read; with WithBell the player's bell setting). The server
// builds it with New from its Lobby hook.
package tui
