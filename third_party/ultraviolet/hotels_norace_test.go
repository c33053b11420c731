//go:build !race

package uv

const raceEnabled = false
