package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// This file turns a rooms.Inspection into what admins read: every seat's
// rack, cash and shares, the bag and the tiles it deals next. It knows the
// games' view types (*acquire.View); a view of another type is left out.

// nextShown is how many of the bag's next tiles an admin is shown.
const nextShown = 6

// roomDetail is a room with everything an admin may see, for `admin room`
// (also as JSON) and `admin watch`.
type roomDetail struct {
	ID       string        `json:"id"`
	Name     string        `json:"name"`
	Host     string        `json:"host,omitempty"`
	Game     string        `json:"game"`
	Rules    string        `json:"rules"`
	Options  []string      `json:"options,omitempty"`
	Status   rooms.Status  `json:"status"`
	Private  bool          `json:"private,omitempty"`
	Code     string        `json:"code,omitempty"`
	Seats    []seatDetail  `json:"seats"`
	Watchers []string      `json:"watchers"`
	GameID   store.GameID  `json:"game_id,omitempty"`
	Turn     string        `json:"turn,omitempty"` // the name whose decision is due
	Due      string        `json:"due,omitempty"`  // that decision, in words, with the name
	BagLeft  int           `json:"bag_left"`
	Next     []string      `json:"next_tiles,omitempty"`
	Chains   []chainDetail `json:"chains,omitempty"`
	Record   []string      `json:"record,omitempty"`
	Problem  string        `json:"problem,omitempty"` // what could not be shown, and why
}

// seatDetail is one seat, hidden information included.
type seatDetail struct {
	Seat     int            `json:"seat"` // from 1, in turn order once the game started
	Name     string         `json:"name"`
	State    string         `json:"state"`
	Host     bool           `json:"host,omitempty"`
	Level    string         `json:"level,omitempty"`
	Account  int64          `json:"account,omitempty"`
	Cash     *int           `json:"cash,omitempty"`
	Shares   map[string]int `json:"shares,omitempty"`
	Rack     []string       `json:"rack,omitempty"`
	TimeLeft string         `json:"time_left,omitempty"`
}

// chainDetail is a chain on the board.
type chainDetail struct {
	Name  string `json:"name"`
	Size  int    `json:"size"`
	Price int    `json:"price"`
	Bank  int    `json:"bank"` // shares left in the bank
}

// gameReader is what reading a game's bag needs of the store.
type gameReader interface {
	Game(ctx context.Context, id store.GameID) (store.Game, error)
}

// detail builds a room's detail from its inspection. The bag's order is in
// the game's record header in the store; bag is nil if it could not be read.
func detail(in rooms.Inspection, bag []acquire.Tile) roomDetail {
	d := roomDetail{
		ID: in.Info.ID, Name: sanitize.Line(in.Info.Name), Host: in.Info.Host,
		Game: in.Info.Game, Rules: in.Info.Rules, Options: in.Info.Options,
		Status: in.Info.Status, Private: in.Info.Private, Code: in.Code,
		Watchers: in.Watchers, GameID: in.Game, Record: in.Record,
	}
	if d.Watchers == nil {
		d.Watchers = []string{}
	}
	for i, w := range d.Watchers {
		if w == "" {
			d.Watchers[i] = "(admin)"
		}
	}
	for i, st := range in.Seats {
		sd := seatDetail{Seat: i + 1, Name: st.Name, State: string(st.State), Host: st.Host, Level: st.Level, Account: int64(st.Account)}
		if i < len(in.Clocks) {
			sd.TimeLeft = in.Clocks[i].Round(time.Second).String()
		}
		if i < len(in.Views) {
			if v, ok := in.Views[i].(*acquire.View); ok {
				cash := v.Cash[i]
				sd.Cash = &cash
				sd.Shares = map[string]int{}
				for c, n := range v.Shares[i] {
					if n > 0 {
						sd.Shares[v.Rules.Chains[c].Name] = n
					}
				}
				for _, t := range v.Rack {
					sd.Rack = append(sd.Rack, t.Tile.String())
				}
				if sd.Rack == nil {
					sd.Rack = []string{}
				}
			}
		}
		d.Seats = append(d.Seats, sd)
	}
	pub, ok := in.Public.(*acquire.View)
	if !ok {
		if in.Public != nil {
			d.Problem = fmt.Sprintf("this server cannot show a %T", in.Public)
		}
		return d
	}
	if in.Turn != engine.Watcher && int(in.Turn) < len(pub.Names) {
		d.Turn, d.Due = pub.Names[in.Turn], pub.Due
	}
	d.BagLeft = pub.BagLeft
	for c, size := range pub.Size {
		if size > 0 {
			d.Chains = append(d.Chains, chainDetail{Name: pub.Rules.Chains[c].Name, Size: size, Price: pub.Price[c], Bank: pub.Bank[c]})
		}
	}
	switch {
	case bag == nil:
		d.Problem = "the bag's order could not be read from the store"
	case pub.BagLeft > len(bag):
		d.Problem = fmt.Sprintf("the stored bag has %d tiles but %d are left to draw", len(bag), pub.BagLeft)
	default:
		for _, t := range bag[len(bag)-pub.BagLeft:][:min(nextShown, pub.BagLeft)] {
			d.Next = append(d.Next, t.String())
		}
	}
	return d
}

// bagOf reads the bag's draw order of a stored game from its record header.
func bagOf(ctx context.Context, st gameReader, id store.GameID) ([]acquire.Tile, error) {
	g, err := st.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	rec, err := engine.ReadRecord(strings.NewReader(g.Chance))
	if err != nil {
		return nil, fmt.Errorf("game %d: record header: %w", id, err)
	}
	rp, err := acquire.ReadRecord(rec)
	if err != nil {
		return nil, fmt.Errorf("game %d: record header: %w", id, err)
	}
	return rp.Setup.Bag, nil
}

// inspect returns room r's detail, with the bag read from st.
func inspect(ctx context.Context, r *rooms.Room, st gameReader) (roomDetail, error) {
	in, err := r.Inspect(ctx)
	if err != nil {
		return roomDetail{}, err
	}
	var bag []acquire.Tile
	if in.Game != 0 {
		bag, _ = bagOf(ctx, st, in.Game) // detail says so if it is missing
	}
	return detail(in, bag), nil
}

// writeDetail writes a room's detail as text.
func writeDetail(b *strings.Builder, d roomDetail, withRecord bool) {
	fmt.Fprintf(b, "Room %s %q: %s, %s (%s)", d.ID, d.Name, d.Status, d.Game, d.Rules)
	if d.Private {
		fmt.Fprintf(b, ", private, code %s", d.Code)
	}
	b.WriteString("\n")
	if d.GameID != 0 {
		fmt.Fprintf(b, "Game #%d, %d actions", d.GameID, len(d.Record))
		if d.Due != "" {
			fmt.Fprintf(b, "; %s", d.Due) // it names the player: "ann is to play a tile"
		}
		b.WriteString("\n")
	}
	for _, s := range d.Seats {
		fmt.Fprintf(b, "  %d %-16s %-9s", s.Seat, s.Name, s.State)
		if s.Level != "" {
			fmt.Fprintf(b, " %s", s.Level)
		}
		if s.Host {
			b.WriteString(" host")
		}
		if s.Cash != nil {
			fmt.Fprintf(b, " $%d", *s.Cash)
		}
		if s.TimeLeft != "" {
			fmt.Fprintf(b, " %s left", s.TimeLeft)
		}
		b.WriteString("\n")
		if s.Rack != nil {
			fmt.Fprintf(b, "      rack   %s\n", strings.Join(s.Rack, " "))
		}
		if len(s.Shares) > 0 {
			fmt.Fprintf(b, "      shares %s\n", sharesText(s.Shares))
		}
	}
	if d.GameID != 0 {
		fmt.Fprintf(b, "Bag: %d left", d.BagLeft)
		if len(d.Next) > 0 {
			fmt.Fprintf(b, "; next %s", strings.Join(d.Next, " "))
		}
		b.WriteString("\n")
		for _, c := range d.Chains {
			fmt.Fprintf(b, "  %-12s size %2d  $%d  bank %d\n", c.Name, c.Size, c.Price, c.Bank)
		}
	}
	if d.Problem != "" {
		fmt.Fprintf(b, "Note: %s\n", d.Problem)
	}
	fmt.Fprintf(b, "Watchers: %d", len(d.Watchers))
	if len(d.Watchers) > 0 {
		fmt.Fprintf(b, " (%s)", strings.Join(d.Watchers, ", "))
	}
	b.WriteString("\n")
	if withRecord && len(d.Record) > 0 {
		b.WriteString("Record:\n")
		for _, l := range d.Record {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
}

// sharesText writes holdings by chain name: "American 2, Tower 3".
func sharesText(shares map[string]int) string {
	var parts []string
	for name, n := range shares {
		parts = append(parts, fmt.Sprintf("%s %d", name, n))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
