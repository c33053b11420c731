package acquire

import (
	"fmt"
	"strings"

	"hotels/internal/engine"
)

// maxEvents bounds the events one action keeps. The worst case is a merger
// of four chains with six holders (about 40 events), then a round of forced
// turns with dead tiles, then the final scoring of seven chains (about 50):
// under 128, though a real game stays under 40.
const maxEvents = 128

// EventKind says what happened.
type EventKind uint8

const (
	EvPlay     EventKind = iota + 1 // Seat played Tile; Chain grew to N if any
	EvMerge                         // Seat played Tile, which merges Chains[:N]
	EvFound                         // Seat founded Chain with Tile, N tiles; M free shares
	EvSurvivor                      // Chain survives the merger
	EvBonus                         // Seat got Amount, a bonus of kind M for Chain at size N
	EvDispose                       // Seat sold N and traded M shares of Chain for Other, for Amount
	EvBuy                           // Seat bought Chains[:N] for Amount
	EvDeclare                       // Seat declared the end
	EvSkip                          // Seat had no playable tile
	EvDeadTile                      // Seat removed dead Tile and drew another
	EvRedraw                        // Seat had no legal play and drew a new rack
	EvOver                          // the game ended for reason M
	EvSale                          // Seat sold its shares at the end for Amount
)

// Bonus kinds.
const (
	BonusMajority       int16 = iota + 1 // the majority bonus
	BonusMinority                        // the minority bonus
	BonusSole                            // both bonuses, as the sole holder
	BonusSharedMajority                  // a share of both bonuses, tied for most
	BonusSharedMinority                  // a share of the minority bonus, tied second
	BonusSplit                           // a part of the majority bonus (C9)
)

// Event is one thing that happened, as data; Text puts it in words.
type Event struct {
	Kind   EventKind
	Seat   int8
	Chain  Chain
	Other  Chain
	Tile   Tile
	N, M   int16
	Amount int32
	Chains [4]Chain // the merging chains, or the chains bought
}

func (g *Game) log(e Event) {
	if !g.quiet && int(g.nEvents) < maxEvents {
		g.events[g.nEvents] = e
		g.nEvents++
	}
}

// Quiet stops g from keeping events, for a copy that bots play out and
// nobody reads: it saves a tenth of a playout's time.
func (g *Game) Quiet() { g.quiet, g.nEvents = true, 0 }

// Events returns the events of the last Do, oldest first.
func (g *Game) Events() []Event { return g.events[:g.nEvents] }

// Text puts e in words as viewer may see it: with holdings=hidden, what
// others buy, sell and trade is not named.
func (g *Game) Text(e Event, viewer engine.Seat) string {
	r := g.rules
	who := g.names[e.Seat]
	chain := r.chainName(e.Chain)
	open := g.opts.Holdings == HoldingsOpen || int(e.Seat) == int(viewer)
	switch e.Kind {
	case EvPlay:
		if e.Chain >= 0 {
			return fmt.Sprintf("%s plays %s: %s grows to %d", who, e.Tile, chain, e.N)
		}
		return fmt.Sprintf("%s plays %s", who, e.Tile)
	case EvMerge:
		return fmt.Sprintf("%s plays %s, merging %s", who, e.Tile, g.chainList(e.Chains[:e.N], " and "))
	case EvFound:
		s := fmt.Sprintf("%s founds %s (%d tiles)", who, chain, e.N)
		if e.M > 0 {
			s += " and gets a free share"
		}
		return s
	case EvSurvivor:
		return chain + " survives the merger"
	case EvBonus:
		what := map[int16]string{
			BonusMajority:       "the majority bonus",
			BonusMinority:       "the minority bonus",
			BonusSole:           "both bonuses as sole holder",
			BonusSharedMajority: "a shared majority bonus",
			BonusSharedMinority: "a shared minority bonus",
			BonusSplit:          "a part of the majority bonus",
		}[e.M]
		return fmt.Sprintf("%s gets %s for %s: %s", who, what, chain, dollars(e.Amount))
	case EvDispose:
		if !open {
			return fmt.Sprintf("%s disposes of %s shares", who, chain)
		}
		var parts []string
		if e.N > 0 {
			parts = append(parts, fmt.Sprintf("sells %d %s for %s", e.N, chain, dollars(e.Amount)))
		}
		if e.M > 0 {
			traded := chain + " " // named once: "sells 2 Sackson for $600 and trades 2 for 1 Tower"
			if e.N > 0 {
				traded = ""
			}
			parts = append(parts, fmt.Sprintf("trades %d %sfor %d %s", e.M, traded, e.M/2, r.chainName(e.Other)))
		}
		if len(parts) == 0 {
			parts = append(parts, fmt.Sprintf("keeps their %s shares", chain))
		}
		return who + " " + strings.Join(parts, " and ")
	case EvBuy:
		if e.N == 0 {
			return who + " buys nothing"
		}
		if !open {
			return fmt.Sprintf("%s buys %d %s", who, e.N, plural(int(e.N), "share"))
		}
		return fmt.Sprintf("%s buys %s for %s", who, g.counted(e.Chains[:e.N]), dollars(e.Amount))
	case EvDeclare:
		return who + " declares the end of the game"
	case EvSkip:
		return who + " has no playable tile"
	case EvDeadTile:
		return fmt.Sprintf("%s discards dead tile %s", who, e.Tile)
	case EvRedraw:
		return who + " has no legal play and draws a new rack"
	case EvOver:
		return "game over: " + [...]string{"the end was declared", "every tile is played", "a whole round passed with no tile played", "a rack holds only dead tiles"}[e.M]
	case EvSale:
		if !open {
			return who + " sells all shares"
		}
		return fmt.Sprintf("%s sells all shares for %s", who, dollars(e.Amount))
	}
	return ""
}

func (g *Game) chainList(chains []Chain, sep string) string {
	names := make([]string, len(chains))
	for i, c := range chains {
		names[i] = g.rules.chainName(c)
	}
	return strings.Join(names, sep)
}

// counted names the chains bought, each once with its count, in the order
// first bought: "2 Continental and 1 Tower".
func (g *Game) counted(chains []Chain) string {
	var order []Chain
	var n [Chains]int
	for _, c := range chains {
		if n[c] == 0 {
			order = append(order, c)
		}
		n[c]++
	}
	parts := make([]string, len(order))
	for i, c := range order {
		parts[i] = fmt.Sprintf("%d %s", n[c], g.rules.chainName(c))
	}
	if len(parts) == 1 {
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// dollars writes an amount as $12,300.
func dollars(n int32) string {
	s := fmt.Sprint(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-$" + s
	}
	return "$" + s
}
