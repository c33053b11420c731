// Package lobby is the screen between games: the open rooms of every game
// (rules, options, clock, seats, waiting or playing, and for a minute the
// games that ended, greyed, with who won), who is online, how many games
// are in progress and how many players are in the ranked queue, read from
// the lobby's snapshots through a command re-armed after each one, and the
// ways into a room: join a seat, watch, quick play, create a room (a small
// form built from the game's rule sets, its presets — Hotel Tycoon's
// European edition fills four options in one choice —, its options and the
// turn clocks), type a private room's invite code, or look for a
// ranked game: a form for the rules and the table sizes the player
// accepts, then a wait in the ranked queue that shows the player's rating,
// the time waited and how many are looking (counted once a second, only
// while the player waits), and that esc leaves at once. Once in, it hands
// the room to its parent as an EnterMsg; g asks the parent for the
// player's recent games with a HistoryMsg, L for the leaderboard with a
// LeaderboardMsg and P for the player's profile with a ProfileMsg.
//
// lobby imports rooms and engine (for their types; the lobby is reached
// through the Service interface and the player's rating through Ratings),
// sanitize, theme and Bubble Tea packages: never the store, the server or
// another screen.
package lobby
