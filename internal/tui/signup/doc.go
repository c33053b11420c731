// Package signup is the screen a new SSH key sees once: it asks for the
// display name other players will know the key by, checks it, and saves it
// through a Claim function given by the caller.
//
// Name rules live here (Normalize). signup imports theme and Bubble Tea
// packages only: it must not import the store or the server, which is why the
// caller reports a taken name by wrapping ErrTaken.
package signup
