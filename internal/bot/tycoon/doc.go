// Package tycoon holds the Hotel Tycoon bots: easy (a random legal action),
// normal (heuristics: buy and build keeping a reserve against rents,
// entrances on its best hotels, bids up to the lot's worth) and hard
// (sampled search over the dice, with normal as the playout policy). Each
// implements bot.Bot; New makes one by level.
//
// It imports internal/engine, internal/engine/tycoon and internal/bot (for
// the Bot interface and its level names), nothing of rooms or screens.
package tycoon
