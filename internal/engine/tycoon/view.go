package tycoon

import "hotels/internal/engine"

// View is the game as a screen shows it. Everything is public (T27), so
// every viewer gets the same View. It shares nothing with the game.
type View struct {
	Seats  []SeatView
	Hotels [Hotels]HotelView
	// Entrances holds the hotel whose entrance stands on each road space,
	// NoHotel if none.
	Entrances [Spaces]Hotel
	Turn      int         // the seat whose turn it is
	ToMove    engine.Seat // the seat whose decision is due, engine.Chance for a die
	Phase     Phase
	Due       string
	// Roll and Nights are the last move and nights rolls, 0 before the
	// first; Face is the permission die's last face, "" before the first.
	Roll, Nights int
	Face         string
	// Stay is the stay being charged or claimed (PhaseClaim, PhaseNights,
	// PhasePick, PhaseBid), nil otherwise.
	Stay *StayView
	// Application is the application for permission (PhasePermit,
	// PhaseDouble), nil otherwise.
	Application *ApplicationView
	// Auction is the auction under way (PhaseBid), nil otherwise.
	Auction *AuctionView
	// Legal lists the record texts of the decision due's legal actions as
	// AppendLegal lists them (a bid's few, the Town Hall's single
	// entrances), so that a screen offers only legal choices; nil while a
	// die is due or the game is over.
	Legal []string
	// TownHall is the Town Hall's offer while it is due, nil otherwise:
	// Legal lists each entrance alone, and a set of them in one action is
	// legal too.
	TownHall  *TownHallView
	Round     int // rounds completed
	Rounds    int // rounds=N, 0 for no limit
	Options   []string
	Standings []engine.Standing // nil until the game is over
}

// SeatView is one player.
type SeatView struct {
	Name        string
	Cash, Worth int
	At          int // road space, -1 once out
	Out         bool
}

// HotelView is one hotel's plot and title deed.
type HotelView struct {
	Hotel     Hotel
	Owner     int // seat, -1 for the bank
	Built     int // phases built, the facilities last (T3)
	Buildings int // buildings on the deed
	Phases    int // phases on the deed
	// Rent is a night's rent now (T8), 0 on a vacant plot.
	Rent          int
	Land          int
	EntrancePrice int
	// Prices and Rents are per phase in deed order (T7).
	Prices, Rents []int
	Entrances     []int // road spaces, reserved slot first if it has one
}

// StayView is a stay: the guest, the owner, the hotel and, once the nights
// are rolled, what it costs.
type StayView struct {
	Guest, Owner int
	Hotel        Hotel
	Debt         int // while the guest cannot pay it (T23)
}

// ApplicationView is an application for permission (T16a).
type ApplicationView struct {
	Hotel     Hotel
	Buildings int
	Cost      int // the deed prices together
}

// TownHallView is every set of entrances the Town Hall allows in one
// action: for each hotel offered at most one entrance, on one of its
// spaces, no space twice, and the prices together at most Cash (T18, T20,
// D5). Any one of them alone is legal too.
type TownHallView struct {
	Cash   int
	Offers []EntranceOffer
}

// EntranceOffer is one hotel's next entrance from the Town Hall: the free
// spaces it may go on (only the reserved slot for a first one), at the
// deed's price.
type EntranceOffer struct {
	Hotel  Hotel
	Price  int
	Spaces []int
}

// AuctionView is an auction (T24).
type AuctionView struct {
	Debtor int
	Lot    Hotel
	High   int // 0 before the first bid
	Leader int // -1 before the first bid
	MinBid int
	Passed []bool // per seat
	Bidder int
}

// ViewFor returns the game as viewer sees it: the same for everyone (T27).
func (g *Game) ViewFor(engine.Seat) *View {
	v := &View{
		Entrances: g.entrance,
		Turn:      int(g.turn),
		ToMove:    engine.Seat(g.toMove),
		Phase:     g.phase,
		Due:       g.Due(),
		Roll:      int(g.lastRoll),
		Nights:    int(g.lastNights),
		Round:     int(g.round),
		Rounds:    int(g.opts.Rounds),
		Options:   g.opts.List(),
		Standings: g.Standings(),
	}
	if g.faceShown {
		v.Face = g.lastFace.String()
	}
	v.Seats = make([]SeatView, g.seats)
	for s := range g.seats {
		v.Seats[s] = SeatView{Name: g.names[s], Cash: int(g.cash[s]), Worth: int(g.worth(s)), At: int(g.at[s]), Out: !g.in(s)}
	}
	// Every hotel's prices, rents and entrances in one array, each slice
	// full so that an append by a reader copies: a view is built for every
	// change of every room (issue 22).
	n := 0
	for h := range Hotel(Hotels) {
		n += 2 * int(g.deeds[h].Phases())
	}
	for _, h := range g.entrance {
		if h != NoHotel {
			n++
		}
	}
	ints := make([]int, 0, n)
	take := func(from int) []int { return ints[from:len(ints):len(ints)] }
	for h := range Hotel(Hotels) {
		d := &g.deeds[h]
		hv := HotelView{Hotel: h, Owner: int(g.owner[h]), Built: int(g.built[h]), Buildings: int(d.Buildings),
			Phases: int(d.Phases()), Rent: int(g.rent(h)), Land: int(d.Land), EntrancePrice: int(d.Entrance)}
		from := len(ints)
		for p := range d.Phases() {
			ints = append(ints, int(d.Price[p]))
		}
		hv.Prices, from = take(from), len(ints)
		for p := range d.Phases() {
			ints = append(ints, int(d.Rent[p]))
		}
		hv.Rents, from = take(from), len(ints)
		for _, sp := range Slots[h] {
			if g.entrance[sp] == h {
				ints = append(ints, int(sp))
			}
		}
		if len(ints) > from { // nil, as before, for a hotel with none
			hv.Entrances = take(from)
		}
		v.Hotels[h] = hv
	}
	switch g.phase {
	case PhaseClaim, PhaseNights, PhasePick, PhaseBid:
		v.Stay = &StayView{Guest: int(g.turn), Owner: int(g.creditor), Hotel: g.stay, Debt: int(g.debt)}
	case PhasePermit, PhaseDouble:
		v.Application = &ApplicationView{Hotel: g.apply, Buildings: int(g.count), Cost: int(g.cost)}
	}
	if g.toMove >= 0 {
		legal := g.AppendLegal(nil, int(g.toMove))
		for _, a := range legal {
			v.Legal = append(v.Legal, a.String())
		}
		if g.phase == PhaseTownHall {
			v.TownHall = g.townHallView(legal)
		}
	}
	if g.phase == PhaseBid {
		a := &AuctionView{Debtor: int(g.turn), Lot: g.lot, High: int(g.high), Leader: int(g.leader), MinBid: int(g.minBid()), Bidder: int(g.toMove)}
		for s := range g.seats {
			a.Passed = append(a.Passed, g.passed&(1<<s) != 0)
		}
		v.Auction = a
	}
	return v
}

// townHallView groups the Town Hall's single entrances, as legal lists
// them, by hotel: the sets D5 allows are made of them.
func (g *Game) townHallView(legal []Action) *TownHallView {
	t := &TownHallView{Cash: int(g.cash[g.turn])}
	for _, a := range legal {
		if a.Verb != Entrance {
			continue
		}
		p := a.Ents[0]
		if n := len(t.Offers); n == 0 || t.Offers[n-1].Hotel != p.Hotel {
			t.Offers = append(t.Offers, EntranceOffer{Hotel: p.Hotel, Price: int(g.deeds[p.Hotel].Entrance)})
		}
		o := &t.Offers[len(t.Offers)-1]
		o.Spaces = append(o.Spaces, int(p.Space))
	}
	return t
}
