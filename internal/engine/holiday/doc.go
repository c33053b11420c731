// Package holiday implements Wolfgang Kramer's Holiday AG as specified in
// the project's rules (holiday-ag.md: H1–H25 and the binding decisions
// D1–D9), with game records in the `hotels-record 1` format.
//
// A Game is a value made of arrays and plain fields, so `snap := *g` is a
// complete, independent copy, and applying an action allocates nothing: bots
// run thousands of playouts per move on it. It imports nothing of ours but
// internal/engine.
package holiday
