// Package ranking is the leaderboard and players' profiles. The
// leaderboard lists the best rated players of one rating pool at a time (a
// game, and its rule set where it has several; tab goes through them) with
// rank, name, rating, games and win rate; enter on a row opens that
// player's profile: their rating in each pool, the recent changes of one of
// them as a sparkline and a list (date, game, place, rating before and
// after), their recent games and each game's tally (Acquire: the chains they
// found most often), as profile.Load reads them.
//
// ranking imports engine and rooms (for their types), profile, the games
// registry (for each game's unit), sanitize, layout, theme and Bubble Tea
// packages: never the store (the server serves Source), the server, the
// lobby or another screen.
package ranking
