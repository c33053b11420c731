package history

// NewKeyMap builds the key map anew, to compare with the shared one.
var NewKeyMap = newKeyMap
