package acquire

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Board size (A1).
const (
	Cols  = 12
	Rows  = 9
	Tiles = Cols * Rows
)

// Tile is a board cell and the tile of the same name: Row()*Cols + Col().
type Tile uint8

// NoTile marks an empty rack slot.
const NoTile Tile = 255

// TileAt returns the tile in column col (0–11) and row row (0–8, A–I).
func TileAt(col, row int) Tile { return Tile(row*Cols + col) }

// Col returns the tile's column, 0 for `1`.
func (t Tile) Col() int { return int(t) % Cols }

// Row returns the tile's row, 0 for `A`.
func (t Tile) Row() int { return int(t) / Cols }

// String writes the tile column first (A1): "1A", "12I".
func (t Tile) String() string {
	if t >= Tiles {
		return "-"
	}
	return fmt.Sprintf("%d%c", t.Col()+1, 'A'+t.Row())
}

// ParseTile reads a tile written column first ("6D") or row first ("D6"),
// in any case (A1).
func ParseTile(s string) (Tile, error) {
	u := strings.TrimSpace(s)
	// Tiles are ASCII: strings.ToUpper alone would read "1ı" as "1I".
	ascii := !strings.ContainsFunc(u, func(r rune) bool { return r >= utf8.RuneSelf })
	u = strings.ToUpper(u)
	if len(u) >= 2 && u[0] >= 'A' && u[0] <= 'Z' {
		u = u[1:] + u[:1] // row first: move the letter to the end
	}
	if n := len(u); ascii && n >= 2 && n <= 3 {
		row := int(u[n-1]) - 'A'
		col := 0
		for _, c := range u[:n-1] {
			if c < '0' || c > '9' {
				col = -1
				break
			}
			col = col*10 + int(c-'0')
		}
		if row >= 0 && row < Rows && col >= 1 && col <= Cols && u[0] != '0' {
			return TileAt(col-1, row), nil
		}
	}
	return NoTile, fmt.Errorf("%q is not a tile: write a column 1–12 and a row A–I, like 6D", s)
}
