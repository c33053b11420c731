package tycoon

import (
	"slices"

	"hotels/internal/engine"
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// public is the part of the screen that every seat of a room sees alike at
// a snapshot: the hotels beside the players, every row as the others see
// it, and the title deeds. The game hides nothing, so the room gives its
// seats one view (engine.Public), and the first seat to draw it draws this
// part for all of them (shared): the hotels and players were most of
// drawing a seat's screen, four times a move (room.BenchmarkGame). Each
// seat draws only its own row of the players, in its colour, and the
// road, where its cars and entrances stand out. A public is never changed
// once shared.
type public struct {
	tableParts             // what it was drawn from and with: the next snapshot's is drawn from a copy
	set         layout.Set // the hotels beside the players
	lines       []string   // set's lines, then the deeds, w cells wide
	tags, times []string   // the seats' tags and clocks it shows (room.At)
	w           int
}

// publicKey is what a public is drawn from besides the seats' tags and
// clocks, which it holds.
type publicKey struct {
	view   *tycoon.View
	styles *theme.Styles
	w, h   int
}

// shared holds the publics drawn lately, for the other seats of their room.
var shared layout.Shared[publicKey, *public]

// public returns the part of the screen the seats share, drawing it if no
// seat has, and keeps it in s.kept.
func (s Screen) public(w, h int, at room.At) *public {
	k := publicKey{s.game, s.styles, w, h}
	p, ok := shared.Get(k)
	if !ok || !p.shows(at) {
		p = s.drawPublic(w, h, at)
		if kept := shared.Put(k, p); kept.shows(at) {
			p = kept
		}
	}
	s.kept.pub = p
	return p
}

// shows reports whether p shows the seats' tags and clocks of at.
func (p *public) shows(at room.At) bool {
	return slices.Equal(p.tags, at.Tags) && slices.Equal(p.times, at.Times)
}

// drawPublic draws the part the seats share from the seat's last public,
// of which a move changes a row or two.
func (s Screen) drawPublic(w, h int, at room.At) *public {
	p := &public{tags: at.Tags, times: at.Times, w: w}
	var last *layout.Set
	if lp := s.kept.pub; lp != nil {
		p.tableParts = lp.tableParts
		p.hotelsLent, p.rowsLent = true, true // lp's, copied before a change
		last = &lp.set
	}
	p.playersOut = make([]string, 0, 6+len(s.game.Seats)) // the heading, the seats, the last throws, the turn, an auction
	pw := w - hotelsWidth - 1
	others := at
	others.You = engine.Watcher // every row as the other seats see it
	p.set = layout.SetBeside(last, s.hotels(&p.tableParts), s.players(&p.tableParts, pw, others), hotelsWidth, 1, pw)
	p.lines = p.set.Lines
	if h >= deedsFrom {
		p.lines = append(slices.Clip(p.lines), s.deeds(w)...)
	}
	return p
}

// ownLine is the seat's row of the players, in its colour, beside the
// hotel's row of p that it sits by.
func (s Screen) ownLine(p *public, w int, at room.At) string {
	i, v, kp := int(at.You), s.game, s.kept
	pw := w - hotelsWidth - 1
	pl := v.Seats[i]
	k := playerKey{mark: int(v.ToMove) == i, you: true, out: pl.Out, name: pl.Name, cash: pl.Cash, worth: pl.Worth, at: pl.At}
	if i < len(at.Tags) {
		k.tag = at.Tags[i]
	}
	if i < len(at.Times) {
		k.time = at.Times[i]
	}
	if kp.own == "" || kp.ownKey != k || kp.ownW != pw || kp.ownStyles != s.styles {
		kp.ownKey, kp.ownW, kp.ownStyles, kp.own = k, pw, s.styles, s.playerRow(i+1, k, pw)
	}
	var line [1]string
	return kp.tables.Append(line[:0], p.hotels[1+i:2+i], []string{kp.own}, hotelsWidth, 1, pw)[0]
}

// Holds reports whether line is one of the screen's lines last drawn that
// fit in w cells: the seat's own row beside its hotel, or the part the
// seats share (layout.Laid).
func (kp *kept) Holds(line string, w int) bool {
	if kp.tables.Holds(line, w) {
		return true
	}
	p := kp.pub
	if p == nil || p.w > w {
		return false
	}
	for _, l := range p.lines {
		if layout.Same(l, line) {
			return true
		}
	}
	return false
}
