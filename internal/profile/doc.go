// Package profile is a player's record as others may see it: their rating
// in each rule set with its games and wins, the recent changes of each
// rating, their recent games and the chains they found most often. Load
// reads it from the store; the profile screen and the `profile` exec
// command both show what Load returns, so the two never disagree.
//
// profile imports the store (for its types; the store itself is reached
// through the Source interface) and rating: never a screen, the server or
// the rooms.
package profile
