//go:build !race

package server_test

// raceEnabled is set when the race detector runs (race_test.go).
const raceEnabled = false
