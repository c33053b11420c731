//go:build race

package ssh

const raceEnabled = true
