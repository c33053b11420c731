//go:build race

package server_test

// raceEnabled is set when the race detector runs, which makes everything
// several times slower: CPU-time bounds are checked without it.
const raceEnabled = true
