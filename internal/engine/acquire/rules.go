package acquire

import (
	"fmt"
	"strings"
)

// Chain is a hotel chain: an index into Rules.Chains.
type Chain int8

// NoChain marks the absence of a chain.
const NoChain Chain = -1

// Chains is the number of hotel chains in both rule sets (A3, C1).
const Chains = 7

// SafeSize is the size from which a chain can no longer be absorbed (A14).
const SafeSize = 11

// EndSize is the size that lets the player on turn declare the end (A24).
const EndSize = 41

// StartCash is every seat's money at the start, in dollars (A5).
const StartCash = 6000

// ChainInfo describes one chain of a rule set.
type ChainInfo struct {
	Name   string
	Letter byte // shown on the board beside the colour
	Supply int  // shares in the game (A3, C1)
	Dealt  int  // shares dealt to the seats at the start (C3)
}

// Rules is a rule set as data: code reads a field, it never asks which set
// it is playing.
type Rules struct {
	// Key names the rule set in records and the database; it never changes.
	Key    string
	Chains [Chains]ChainInfo
	// MaxBuy is the most shares a turn may buy (A20, C4).
	MaxBuy int
	// FounderShare gives the founder a free share (A12, C4).
	FounderShare bool
	// ReplaceDead removes dead tiles at the end of the owner's turn and
	// draws replacements (A22); classic keeps them (C7).
	ReplaceDead bool
	// DeadRackEnds ends the game when a seat cannot play because every tile
	// in its rack is dead (C8).
	DeadRackEnds bool
	// TwoSeatBonus pays the two-player majority split of C9.
	TwoSeatBonus bool
	// SmallestFirst pays the final bonuses from the smallest chain up (C8).
	SmallestFirst bool
	// Redraw allows the option hand=redraw (A22).
	Redraw bool

	price [Chains][EndSize + 1]int32 // dollars by chain and size (capped)
	// buysOf[m] is every buy of up to MaxBuy shares of chains 0..m-1.
	buysOf [Chains + 1][]Action
}

// Modern is the default rule set (A1–A28).
var Modern = newRules(Rules{
	Key: "modern",
	Chains: [Chains]ChainInfo{
		{Name: "Worldwide", Letter: 'W', Supply: 25},
		{Name: "Sackson", Letter: 'S', Supply: 25},
		{Name: "Festival", Letter: 'F', Supply: 25},
		{Name: "Imperial", Letter: 'I', Supply: 25},
		{Name: "American", Letter: 'A', Supply: 25},
		{Name: "Continental", Letter: 'C', Supply: 25},
		{Name: "Tower", Letter: 'T', Supply: 25},
	},
	MaxBuy:       3,
	FounderShare: true,
	ReplaceDead:  true,
	Redraw:       true,
}, func(c Chain, size int) int {
	// A4: three tiers, two chains cheap, three medium, two expensive.
	if size < 2 {
		return 0 // not on the board
	}
	tier := [Chains]int{0, 0, 1, 1, 1, 2, 2}[c]
	return (basePrice(size) + tier) * 100
})

// Classic is Sackson's prototype (C1–C9).
var Classic = newRules(Rules{
	Key: "classic",
	Chains: [Chains]ChainInfo{
		{Name: "Continental", Letter: 'C', Supply: 8 + 14, Dealt: 8},
		{Name: "Wilton", Letter: 'W', Supply: 8 + 16, Dealt: 8},
		{Name: "Luxor", Letter: 'L', Supply: 8 + 18, Dealt: 8},
		{Name: "American", Letter: 'A', Supply: 9 + 20, Dealt: 9},
		{Name: "Worldwide", Letter: 'O', Supply: 9 + 22, Dealt: 9},
		{Name: "Sharedon", Letter: 'S', Supply: 9 + 24, Dealt: 9},
		{Name: "Festival", Letter: 'F', Supply: 9 + 26, Dealt: 9},
	},
	MaxBuy:        1,
	DeadRackEnds:  true,
	TwoSeatBonus:  true,
	SmallestFirst: true,
}, func(_ Chain, size int) int {
	// C2: one scale; from 6 tiles it runs $100 above the modern cheap tier.
	p := basePrice(size)
	if size >= 6 {
		p++
	}
	return p * 100
})

// RuleSets lists the rule sets by key.
var RuleSets = []*Rules{Modern, Classic}

// RulesByKey returns the rule set stored under key.
func RulesByKey(key string) (*Rules, error) {
	for _, r := range RuleSets {
		if strings.EqualFold(r.Key, key) {
			return r, nil
		}
	}
	return nil, fmt.Errorf("unknown rules %q: want modern or classic", key)
}

// basePrice is A4's closed form in $100 units for the cheap tier.
func basePrice(size int) int {
	if size < 2 {
		return 0
	}
	if size < 11 {
		return min(size, 6)
	}
	return min((size-1)/10+6, 10)
}

func newRules(r Rules, price func(Chain, int) int) *Rules {
	for c := range Chain(Chains) {
		for size := range EndSize + 1 {
			r.price[c][size] = int32(price(c, size))
		}
	}
	r.buysOf = buysOf(r.MaxBuy)
	return &r
}

// Price returns a share's price in dollars for a chain of size tiles (A4, C2);
// 0 for a chain not on the board.
func (r *Rules) Price(c Chain, size int) int {
	return int(r.price[c][min(size, EndSize)])
}

// ChainByName returns the chain named name, in any case.
func (r *Rules) ChainByName(name string) (Chain, error) {
	for c := range Chain(Chains) {
		if strings.EqualFold(r.Chains[c].Name, name) {
			return c, nil
		}
	}
	names := make([]string, Chains)
	for c := range names {
		names[c] = r.Chains[c].Name
	}
	return NoChain, fmt.Errorf("%q is not a chain: the %s chains are %s", name, r.Key, strings.Join(names, ", "))
}

// Holdings is the option holdings=open|hidden (A27).
type Holdings uint8

const (
	HoldingsOpen Holdings = iota
	HoldingsHidden
)

// Hand is the option hand=per-tile|redraw (A22).
type Hand uint8

const (
	HandPerTile Hand = iota
	HandRedraw
)

// Options are the rule options a game is created with.
type Options struct {
	Holdings Holdings
	Hand     Hand
}

// List returns the options as record `option` values, defaults omitted.
func (o Options) List() []string {
	var out []string
	if o.Holdings == HoldingsHidden {
		out = append(out, "holdings=hidden")
	}
	if o.Hand == HandRedraw {
		out = append(out, "hand=redraw")
	}
	return out
}

// Set reads one option written key=value.
func (o *Options) Set(kv string) error {
	k, v, _ := strings.Cut(strings.ToLower(kv), "=")
	switch {
	case k == "holdings" && v == "open":
		o.Holdings = HoldingsOpen
	case k == "holdings" && v == "hidden":
		o.Holdings = HoldingsHidden
	case k == "hand" && v == "per-tile":
		o.Hand = HandPerTile
	case k == "hand" && v == "redraw":
		o.Hand = HandRedraw
	case k == "holdings" || k == "hand":
		return fmt.Errorf("option %q: %s takes %s", kv, k, map[string]string{"holdings": "open or hidden", "hand": "per-tile or redraw"}[k])
	default:
		return fmt.Errorf("unknown option %q: the options are holdings=open|hidden and hand=per-tile|redraw", kv)
	}
	return nil
}
