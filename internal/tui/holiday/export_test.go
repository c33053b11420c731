package holiday

// Legal is legal, for the test that holds it to the engine's list.
var Legal = legal

// Played is played, for the test that the cards listed keep their cells.
var Played = played

// NewKeyMap builds the key map anew, to compare with the shared one.
var NewKeyMap = newKeyMap

// Allowed is allowed, for the test that holds it to legal.
var Allowed = allowed
