package holiday

import (
	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/theme"
)

// public is what every seat of a room sees alike at a snapshot, drawn by
// the first seat to draw it for all of them (shared): the counts and the
// news under the tracks, and the players' table with every row as the
// others see it, without the viewer's name in bold. The rest of a seat's
// screen shows its hand: the tracks mark its cards, and its hand sits
// beside the players. Every seat drew these again on every move, each
// seat's view of the game being its own (issue 22). A public is never
// changed once shared.
type public struct {
	counts, news string
	head         string   // the players' table's heading
	rows         []string // each seat's row of the players' table
}

// publicKey is everything a public is drawn from: the seats' views of a
// snapshot are each its own, and a public is found by what it shows. It
// holds no part of a seat's hand.
type publicKey struct {
	styles  *theme.Styles
	w, pw   int // the screen's width, and the players' table's
	stock   int
	phase   holiday.Phase
	toMove  engine.Seat
	coup    int
	seats   int
	clock   bool
	piled   int
	pile    [holiday.Cards]holiday.Card
	raises  [holiday.Companies]int
	names   [holiday.MaxSeats]string
	tags    [holiday.MaxSeats]string
	times   [holiday.MaxSeats]string
	shares  [holiday.MaxSeats][holiday.Companies]int
	options [holiday.MaxSeats]int
	hands   [holiday.MaxSeats]int
	scores  [holiday.MaxSeats]int
}

// shared holds the publics drawn lately, for the other seats of their room.
var shared layout.Shared[publicKey, *public]

// public returns what the seats share for a screen w cells wide whose
// players' table is pw wide, drawing it if no seat has.
func (s Screen) public(w, pw int) *public {
	k, ok := s.publicKey(w, pw)
	if ok {
		if p, found := shared.Get(k); found {
			return p
		}
	}
	nw := s.nameWidth(pw)
	p := &public{counts: s.counts(w), news: s.news(w), head: s.looks.playersHead(s.styles, nw), rows: make([]string, len(s.game.Names))}
	for i := range p.rows {
		var buf [160]byte
		p.rows[i] = string(s.appendPlayer(buf[:0], i, nw, false))
	}
	if ok {
		p = shared.Put(k, p)
	}
	return p
}

// publicKey is what public draws from; ok is false where it cannot hold
// it (more seats or cards than a game has).
func (s Screen) publicKey(w, pw int) (k publicKey, ok bool) {
	v, at := s.game, s.at
	n := len(v.Names)
	if n > holiday.MaxSeats || len(v.Discard) > len(k.pile) || len(v.Shares) < n || len(v.Options) < n ||
		len(v.HandSizes) < n || len(v.Scores) < n || len(at.Tags) > n || len(at.Times) > n {
		return k, false
	}
	k = publicKey{styles: s.styles, w: w, pw: pw, stock: v.StockLeft, phase: v.Phase, toMove: v.ToMove, coup: v.Coup,
		seats: n, clock: at.Times != nil, piled: len(v.Discard), raises: v.Raises}
	copy(k.pile[:], v.Discard)
	copy(k.names[:], v.Names)
	copy(k.tags[:], at.Tags)
	copy(k.times[:], at.Times)
	copy(k.shares[:], v.Shares)
	copy(k.options[:], v.Options)
	copy(k.hands[:], v.HandSizes)
	copy(k.scores[:], v.Scores)
	return k, true
}
