// Package tycoon implements Hotel Tycoon (Sid Sackson's "Hotel") as the
// project's rules specify it (hotel-tycoon.md): T1–T28 with every option of
// T28, the binding decisions D1–D9, and game records in the
// `hotels-record 1` format with their chance lines `roll` and `permit`.
//
// The dice are a seat of their own, engine.Chance: when a die is due,
// ToMove returns Chance and Legal(Chance) lists its equally likely faces;
// whoever runs the game draws one and applies it. Decisions out of turn (a
// bid, a claim) are simply the seat whose decision is due.
//
// A Game is a value made of arrays and plain fields, so `snap := *g` is a
// complete, independent copy, and applying an action allocates nothing: bots
// play thousands of games a move on it. It imports nothing of ours but
// internal/engine.
package tycoon
