// Package acquire implements Sid Sackson's Acquire as specified in the
// project's rules (acquire.md): the modern rules (A1–A28) and Sackson's
// classic prototype (C1–C9), with the options holdings=open|hidden and
// hand=per-tile|redraw, and game records in the `hotels-record 1` format.
//
// A Game is a value made of arrays and plain fields, so `snap := *g` is a
// complete, independent copy, and applying an action allocates nothing: bots
// run thousands of playouts per move on it. It imports nothing of ours but
// internal/engine.
package acquire
