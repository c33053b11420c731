package holiday

// Legal is legal, for the test that holds it to the engine's list.
var Legal = legal
