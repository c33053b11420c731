package server

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/store"
)

// This file turns a rooms.Inspection into what admins read: the part every
// game has (seats, whose decision, watchers, the record) and the game's own
// hidden information, in the sections its engine reveals (Acquire: every
// rack, cash and shares, the bag's next tiles). It names no game.

// roomDetail is a room with everything an admin may see, for `admin room`
// (also as JSON) and `admin watch`.
type roomDetail struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Host     string       `json:"host,omitempty"`
	Game     gameDetail   `json:"game"`
	Rules    string       `json:"rules"`
	Options  []string     `json:"options,omitempty"`
	Status   rooms.Status `json:"status"`
	Private  bool         `json:"private,omitempty"`
	Code     string       `json:"code,omitempty"`
	Seats    []seatDetail `json:"seats"`
	Watchers []string     `json:"watchers"`
	GameID   store.GameID `json:"game_id,omitempty"`
	Turn     string       `json:"turn,omitempty"` // the name whose decision is due
	Due      string       `json:"due,omitempty"`  // that decision, in words
	Record   []string     `json:"record,omitempty"`
	// BotWatchers are the names in Watchers that are bot accounts (issue 24).
	BotWatchers []string `json:"bot_watchers,omitempty"`
}

// gameDetail is the room's game: its title, and what it hides, in the
// sections its engine reveals.
type gameDetail struct {
	Title    string           `json:"title"`
	Sections []engine.Section `json:"sections,omitempty"`
}

// seatDetail is one seat as the room holds it.
type seatDetail struct {
	Seat     int    `json:"seat"` // from 1, in turn order once the game started
	Name     string `json:"name"`
	State    string `json:"state"`
	Host     bool   `json:"host,omitempty"`
	Level    string `json:"level,omitempty"`
	Account  int64  `json:"account,omitempty"`
	TimeLeft string `json:"time_left,omitempty"`
	// BotAccount marks a bot account's seat (issue 24).
	BotAccount bool `json:"bot_account,omitempty"`
}

// detail builds a room's detail from its inspection.
func detail(in rooms.Inspection) roomDetail {
	d := roomDetail{
		ID: in.Info.ID, Name: sanitize.Line(in.Info.Name), Host: in.Info.Host,
		Game: gameDetail{Title: in.Info.Game, Sections: in.Hidden}, Rules: in.Info.Rules, Options: in.Info.Options,
		Status: in.Info.Status, Private: in.Info.Private, Code: in.Code,
		Watchers: in.Watchers, BotWatchers: in.Bots, GameID: in.Game, Due: in.Due, Record: in.Record,
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
		sd := seatDetail{Seat: i + 1, Name: st.Name, State: string(st.State), Host: st.Host, Level: st.Level, Account: int64(st.Account),
			BotAccount: st.SeatInfo.Account}
		if i < len(in.Clocks) {
			sd.TimeLeft = in.Clocks[i].Round(time.Second).String()
		}
		d.Seats = append(d.Seats, sd)
	}
	if in.Turn >= 0 && int(in.Turn) < len(in.Seats) {
		d.Turn = in.Seats[in.Turn].Name
	}
	return d
}

// marked is name as admins read it in the room: a bot account's, seated
// or watching, marked BOT (issue 24).
func (d roomDetail) marked(name string) string {
	for _, s := range d.Seats {
		if s.BotAccount && s.Name == name {
			return botMark(name, true)
		}
	}
	return botMark(name, slices.Contains(d.BotWatchers, name))
}

// inspect returns room r's detail.
func inspect(ctx context.Context, r *rooms.Room) (roomDetail, error) {
	in, err := r.Inspect(ctx)
	if err != nil {
		return roomDetail{}, err
	}
	return detail(in), nil
}

// writeDetail writes a room's detail as text.
func writeDetail(b *strings.Builder, d roomDetail, withRecord bool) {
	fmt.Fprintf(b, "Room %s %q: %s, %s", d.ID, d.Name, d.Status, strings.TrimSpace(d.Game.Title+" "+d.Rules))
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
		fmt.Fprintf(b, "  %d %-16s %-9s", s.Seat, botMark(s.Name, s.BotAccount), s.State)
		if s.Level != "" {
			fmt.Fprintf(b, " %s", s.Level)
		}
		if s.Host {
			b.WriteString(" host")
		}
		if s.TimeLeft != "" {
			fmt.Fprintf(b, " %s left", s.TimeLeft)
		}
		b.WriteString("\n")
	}
	if d.GameID != 0 && len(d.Game.Sections) == 0 {
		fmt.Fprintf(b, "Hidden: nothing; %s shows every player the whole game.\n", d.Game.Title)
	}
	for _, sec := range d.Game.Sections {
		fmt.Fprintf(b, "%s:\n", d.marked(sec.Title)) // a seat's section has its name
		for _, l := range sec.Lines {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
	fmt.Fprintf(b, "Watchers: %d", len(d.Watchers))
	if len(d.Watchers) > 0 {
		names := make([]string, len(d.Watchers))
		for i, w := range d.Watchers {
			names[i] = d.marked(w)
		}
		fmt.Fprintf(b, " (%s)", strings.Join(names, ", "))
	}
	b.WriteString("\n")
	if withRecord && len(d.Record) > 0 {
		b.WriteString("Record:\n")
		for _, l := range d.Record {
			fmt.Fprintf(b, "  %s\n", l)
		}
	}
}
