package protocol

import (
	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
)

// A game's `state` shape and the facts a stream reads of its view: each
// hosted game has one (docs/protocol.md describes them). The views are
// the engines' own, already cut to what the seat may see; these only name
// what they number.
type shape struct {
	state     func(view any) any
	standings func(view any) []engine.Standing
	due       func(view any) string // the decision due, in words
	// bids, for a game with a decision too wide to list, turns the
	// decision due into a range (nil otherwise).
	bids func(view any, seat engine.Seat) *Range
	// entrances, for a game whose actions may be joined into sets too
	// many to list, describes the sets due (nil otherwise, or none due).
	entrances func(view any) *Entrances
}

var shapes = map[string]shape{
	"acquire": {state: acquireState, standings: func(v any) []engine.Standing { return v.(*acquire.View).Standings },
		due: func(v any) string { return v.(*acquire.View).Due }},
	"holiday": {state: holidayState, standings: func(v any) []engine.Standing { return v.(*holiday.View).Standings },
		due: func(v any) string { return v.(*holiday.View).Due }},
	"tycoon": {state: tycoonState, standings: func(v any) []engine.Standing { return v.(*tycoon.View).Standings },
		due:  func(v any) string { return v.(*tycoon.View).Due },
		bids: tycoonBids, entrances: tycoonEntrances},
}

// acquireChain is one hotel chain in an Acquire state.
type acquireChain struct {
	Name  string `json:"name"`
	Size  int    `json:"size"`  // tiles on the board, 0 off it
	Price int    `json:"price"` // a share's price now, 0 off the board
	Bank  int    `json:"bank"`  // shares left in the bank
}

// acquirePlayer is one seat; Cash and Shares are null where the seat may
// not see them (holdings=hidden).
type acquirePlayer struct {
	Name   string         `json:"name"`
	Cash   *int           `json:"cash"`
	Shares map[string]int `json:"shares"`
	Tiles  int            `json:"tiles"`
}

// acquireTile is a tile in the seat's own rack.
type acquireTile struct {
	Tile  string `json:"tile"`
	Class string `json:"class"` // lone, founds, grows, merges, unplayable, dead
	Why   string `json:"why,omitempty"`
}

type acquireStateJSON struct {
	Board    map[string]string `json:"board"` // tile → chain, "" for a lone tile
	Chains   []acquireChain    `json:"chains"`
	Players  []acquirePlayer   `json:"players"`
	Rack     []acquireTile     `json:"rack"`
	Bag      int               `json:"bag"`
	Phase    string            `json:"phase"`
	Turn     engine.Seat       `json:"turn"`
	ToMove   engine.Seat       `json:"to_move"`
	Due      string            `json:"due"`
	Survivor string            `json:"survivor,omitempty"`
	Defunct  string            `json:"defunct,omitempty"`
	Ending   bool              `json:"ending"`
}

func acquireState(view any) any {
	v := view.(*acquire.View)
	name := func(c acquire.Chain) string {
		if c < 0 || int(c) >= acquire.Chains {
			return ""
		}
		return v.Rules.Chains[c].Name
	}
	s := acquireStateJSON{Board: map[string]string{}, Bag: v.BagLeft, Phase: v.Phase.String(),
		Turn: v.Turn, ToMove: v.ToMove, Due: v.Due, Ending: v.Ending}
	for i, c := range v.Board {
		if c != acquire.Empty {
			s.Board[acquire.Tile(i).String()] = name(c)
		}
	}
	for c := range acquire.Chain(acquire.Chains) {
		s.Chains = append(s.Chains, acquireChain{Name: name(c), Size: v.Size[c], Price: v.Price[c], Bank: v.Bank[c]})
	}
	for i, n := range v.Names {
		p := acquirePlayer{Name: n, Tiles: v.RackSizes[i]}
		if v.Cash[i] != acquire.Hidden {
			cash := v.Cash[i]
			p.Cash = &cash
			p.Shares = map[string]int{}
			for c, k := range v.Shares[i] {
				if k > 0 {
					p.Shares[name(acquire.Chain(c))] = k
				}
			}
		}
		s.Players = append(s.Players, p)
	}
	for _, t := range v.Rack {
		s.Rack = append(s.Rack, acquireTile{Tile: t.Tile.String(), Class: t.Class.String(), Why: t.Reason})
	}
	if v.Phase == acquire.PhaseDispose {
		s.Survivor, s.Defunct = name(v.Survivor), name(v.Defunct)
	}
	return s
}

// holidayCompany is one holiday company.
type holidayCompany struct {
	Name      string `json:"name"`
	Suitcases []int  `json:"suitcases"` // the destinations with a suitcase
	Longest   int    `json:"longest"`
	Value     int    `json:"value"`
	Raises    int    `json:"raises"`
	Bank      int    `json:"bank"`
}

type holidayPlayer struct {
	Name    string         `json:"name"`
	Shares  map[string]int `json:"shares"`
	Options int            `json:"options"`
	Hand    int            `json:"hand"`
	Score   int            `json:"score"`
}

type holidayStateJSON struct {
	Companies []holidayCompany `json:"companies"`
	Players   []holidayPlayer  `json:"players"`
	Hand      []string         `json:"hand"`
	Stock     int              `json:"stock"`
	Discard   []string         `json:"discard"`
	Phase     string           `json:"phase"`
	ToMove    engine.Seat      `json:"to_move"`
	Played    int              `json:"played"`
	Due       string           `json:"due"`
}

var holidayPhases = [...]string{"take", "play", "special", "final", "over"}

func holidayState(view any) any {
	v := view.(*holiday.View)
	s := holidayStateJSON{Hand: []string{}, Discard: []string{}, Stock: v.StockLeft, ToMove: v.ToMove, Played: v.Played, Due: v.Due}
	if int(v.Phase) < len(holidayPhases) {
		s.Phase = holidayPhases[v.Phase]
	}
	for c := range holiday.Company(holiday.Companies) {
		hc := holidayCompany{Name: c.String(), Suitcases: []int{}, Longest: v.Longest[c], Value: v.Values[c], Raises: v.Raises[c], Bank: v.Bank[c]}
		for n, has := range v.Suitcases[c] {
			if has {
				hc.Suitcases = append(hc.Suitcases, n+1)
			}
		}
		s.Companies = append(s.Companies, hc)
	}
	for i, n := range v.Names {
		p := holidayPlayer{Name: n, Shares: map[string]int{}, Options: v.Options[i], Hand: v.HandSizes[i], Score: v.Scores[i]}
		for c, k := range v.Shares[i] {
			if k > 0 {
				p.Shares[holiday.Company(c).String()] = k
			}
		}
		s.Players = append(s.Players, p)
	}
	for _, c := range v.Hand {
		s.Hand = append(s.Hand, c.String())
	}
	for _, c := range v.Discard {
		s.Discard = append(s.Discard, c.String())
	}
	return s
}

type tycoonHotel struct {
	Name      string `json:"name"`
	Owner     int    `json:"owner"` // seat, -1 for the bank
	Built     int    `json:"built"`
	Phases    int    `json:"phases"`
	Rent      int    `json:"rent"`
	Land      int    `json:"land"`
	Entrance  int    `json:"entrance_price"`
	Prices    []int  `json:"prices"`
	Rents     []int  `json:"rents"`
	Entrances []int  `json:"entrances"`
}

type tycoonPlayer struct {
	Name  string `json:"name"`
	Cash  int    `json:"cash"`
	Worth int    `json:"worth"`
	At    int    `json:"at"` // road space, -1 once out
	Out   bool   `json:"out"`
}

type tycoonAuction struct {
	Lot    string `json:"lot"`
	High   int    `json:"high"`
	Leader int    `json:"leader"`
	MinBid int    `json:"min_bid"`
	Bidder int    `json:"bidder"`
}

type tycoonStateJSON struct {
	Seats   []tycoonPlayer `json:"players"`
	Hotels  []tycoonHotel  `json:"hotels"`
	Turn    int            `json:"turn"`
	ToMove  engine.Seat    `json:"to_move"`
	Phase   string         `json:"phase"`
	Due     string         `json:"due"`
	Roll    int            `json:"roll"`
	Nights  int            `json:"nights"`
	Face    string         `json:"face"`
	Auction *tycoonAuction `json:"auction"`
	Round   int            `json:"round"`
	Rounds  int            `json:"rounds"`
}

func tycoonState(view any) any {
	v := view.(*tycoon.View)
	s := tycoonStateJSON{Turn: v.Turn, ToMove: v.ToMove, Phase: v.Phase.String(), Due: v.Due,
		Roll: v.Roll, Nights: v.Nights, Face: v.Face, Round: v.Round, Rounds: v.Rounds}
	for _, p := range v.Seats {
		s.Seats = append(s.Seats, tycoonPlayer{Name: p.Name, Cash: p.Cash, Worth: p.Worth, At: p.At, Out: p.Out})
	}
	for _, h := range v.Hotels {
		s.Hotels = append(s.Hotels, tycoonHotel{Name: h.Hotel.String(), Owner: h.Owner, Built: h.Built, Phases: h.Phases,
			Rent: h.Rent, Land: h.Land, Entrance: h.EntrancePrice, Prices: h.Prices, Rents: h.Rents, Entrances: h.Entrances})
	}
	if a := v.Auction; a != nil {
		s.Auction = &tycoonAuction{Lot: a.Lot.String(), High: a.High, Leader: a.Leader, MinBid: a.MinBid, Bidder: a.Bidder}
	}
	return s
}

// tycoonBids is a Hotel Tycoon auction's bids as a range: any multiple of
// the step from the least bid to the bidder's cash (T24).
func tycoonBids(view any, seat engine.Seat) *Range {
	v := view.(*tycoon.View)
	a := v.Auction
	if a == nil || v.Phase != tycoon.PhaseBid || int(seat) != a.Bidder || seat < 0 || int(seat) >= len(v.Seats) {
		return nil
	}
	most := v.Seats[seat].Cash - v.Seats[seat].Cash%tycoon.BidStep
	if most < a.MinBid {
		return nil // only a pass
	}
	return &Range{Verb: "bid", Min: a.MinBid, Max: most, Step: tycoon.BidStep}
}

// tycoonEntrances is the engine's Town Hall offer: the sets of entrances
// one action may buy (T20, D5).
func tycoonEntrances(view any) *Entrances {
	t := view.(*tycoon.View).TownHall
	if t == nil || len(t.Offers) == 0 {
		return nil
	}
	e := &Entrances{Cash: t.Cash, Hotels: []EntranceHotel{}}
	for _, o := range t.Offers {
		e.Hotels = append(e.Hotels, EntranceHotel{Hotel: o.Hotel.String(), Price: o.Price, Spaces: o.Spaces})
	}
	return e
}
