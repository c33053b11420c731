// Package bot holds what every game's computer players share: the Bot
// interface rooms drive, the Level a lobby offers, seeding, and Guard, which
// turns a failing decision into a random legal one. Each game's players live
// beside it (bot/acquirebot, bot/holiday, bot/tycoon), each package listing
// its levels as Levels, which the registry of bot levels (bot/bots) gives the
// game and ByLevel makes a bot of, so that a game without bots of its own has none rather
// than silently playing any legal move.
//
// bot imports internal/engine only, never a game, rooms, the store or the
// TUI.
package bot
