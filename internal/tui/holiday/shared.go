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
	key          publicKey
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

// probe is what shared finds a public by: a part of its key, small and
// quick to hash (names, tags and clocks, a dozen strings, were most of
// hashing the key), the public's key then compared whole.
type probe struct {
	styles              *theme.Styles
	w, pw, stock, piled int
	coup, seats         int
	toMove              engine.Seat
	phase               holiday.Phase
	last                holiday.Card // the card played last
	holdings            uint64       // the seats' shares, options, hands and points, folded
}

// probe is k's probe.
func (k *publicKey) probe() probe {
	p := probe{styles: k.styles, w: k.w, pw: k.pw, stock: k.stock, piled: k.piled, coup: k.coup, seats: k.seats,
		toMove: k.toMove, phase: k.phase}
	if k.piled > 0 {
		p.last = k.pile[k.piled-1]
	}
	h := uint64(14695981039346656037) // FNV-1a, a number at a time
	fold := func(n int) { h = (h ^ uint64(n)) * 1099511628211 }
	for i := range k.seats {
		for _, n := range k.shares[i] {
			fold(n)
		}
		fold(k.options[i])
		fold(k.hands[i])
		fold(k.scores[i])
	}
	p.holdings = h
	return p
}

// shared holds the publics drawn lately, for the other seats of their room.
var shared layout.Shared[probe, *public]

// public returns what the seats share for a screen w cells wide whose
// players' table is pw wide, drawing it if no seat has.
func (s Screen) public(w, pw int) *public {
	var k publicKey
	ok := s.publicKey(&k, w, pw)
	var pr probe
	if ok {
		pr = k.probe()
		if found, hit := shared.Get(pr); hit && found.key == k {
			return found
		}
	}
	nw := s.nameWidth(pw)
	p := &public{counts: s.counts(w), news: s.news(w), head: s.looks.playersHead(s.styles, nw), rows: make([]string, len(s.game.Names)), key: k}
	for i := range p.rows {
		var buf [160]byte
		p.rows[i] = string(s.appendPlayer(buf[:0], i, nw, false))
	}
	if ok {
		if kept := shared.Put(pr, p); kept.key == p.key {
			p = kept
		}
	}
	return p
}

// publicKey sets k to what public draws from; ok is false where k cannot
// hold it (more seats or cards than a game has).
func (s Screen) publicKey(k *publicKey, w, pw int) (ok bool) {
	v, at := s.game, s.at
	n := len(v.Names)
	if n > holiday.MaxSeats || len(v.Discard) > len(k.pile) || len(v.Shares) < n || len(v.Options) < n ||
		len(v.HandSizes) < n || len(v.Scores) < n || len(at.Tags) > n || len(at.Times) > n {
		return false
	}
	*k = publicKey{styles: s.styles, w: w, pw: pw, stock: v.StockLeft, phase: v.Phase, toMove: v.ToMove, coup: v.Coup,
		seats: n, clock: at.Times != nil, piled: len(v.Discard), raises: v.Raises}
	copy(k.pile[:], v.Discard)
	copy(k.names[:], v.Names)
	copy(k.tags[:], at.Tags)
	copy(k.times[:], at.Times)
	copy(k.shares[:], v.Shares)
	copy(k.options[:], v.Options)
	copy(k.hands[:], v.HandSizes)
	copy(k.scores[:], v.Scores)
	return true
}
