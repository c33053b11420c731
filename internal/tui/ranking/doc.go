// Package ranking is the leaderboard and players' profiles. The
// leaderboard lists the best rated players of one rule set at a time
// (rank, name, rating, games, win rate); enter on a row opens that
// player's profile: their rating in each rule set, the recent changes of
// one of them as a sparkline and a list (date, game, place, rating before
// and after), their recent games and the chains they found most often, as
// profile.Load reads them.
//
// ranking imports engine, rooms and the store (for their types; the store
// itself is reached through the Source interface), profile, rating,
// sanitize, board, layout, theme and Bubble Tea packages: never the
// server, the lobby or another screen.
package ranking
