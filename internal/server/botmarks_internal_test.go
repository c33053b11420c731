package server

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/store"
	"hotels/internal/tui/theme"
)

// `admin room` and `admin watch` mark a bot account BOT (issue 24) among
// the seats, in its seat's hidden section and among the watchers.
func TestAdminRoomMarksBotAccounts(t *testing.T) {
	in := rooms.Inspection{
		Info: rooms.Info{ID: "ab12", Name: "table", Game: "Acquire", Status: rooms.Playing},
		Seats: []rooms.AdminSeat{
			{SeatInfo: rooms.SeatInfo{Name: "ann", State: rooms.SeatReady}, Account: 1},
			{SeatInfo: rooms.SeatInfo{Name: "robo", State: rooms.SeatReady, Account: true}, Account: 2},
		},
		Watchers: []string{"", "cat", "zed"},
		Bots:     []string{"zed"},
		Game:     7, Turn: 0,
		Hidden: []engine.Section{{Title: "ann", Lines: []string{"cash $6,000"}}, {Title: "robo", Lines: []string{"cash $6,000"}}},
	}
	d := detail(in)
	if !slices.Equal(d.BotWatchers, []string{"zed"}) {
		t.Errorf("bot_watchers = %q, want [zed]", d.BotWatchers)
	}
	var b strings.Builder
	writeDetail(&b, d, false)
	text := b.String()
	for _, want := range []string{"2 robo BOT ", "\nann:\n", "\nrobo BOT:\n", "Watchers: 3 ((admin), cat, zed BOT)\n"} {
		if !strings.Contains(text, want) {
			t.Errorf("admin room lacks %q:\n%s", want, text)
		}
	}
	if strings.Contains(text, "ann BOT") || strings.Contains(text, "cat BOT") {
		t.Errorf("admin room marks a person:\n%s", text)
	}
	panel := ansi.Strip(watchModel{styles: theme.DefaultStyles(), detail: &d, width: 120}.panel(60))
	if !strings.Contains(panel, "\nrobo BOT\n") || !strings.Contains(panel, "▸ann\n") {
		t.Errorf("admin watch's panel does not mark robo's section:\n%s", panel)
	}
}

// Another server's room, as the database has it, marks a seated bot
// account too.
func TestStoredRoomMarksBotAccounts(t *testing.T) {
	rs := storedRoom(store.Lease{Room: "ab12", Node: "n2"}, store.OpenRoom{Game: &store.Game{ID: 7, Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Account: 1, Name: "ann"}, {Index: 1, Account: 2, Name: "robo", BotAccount: true}, {Index: 2, Name: "bot1", Bot: "easy"}}}})
	var got []bool
	for _, s := range rs.Seats {
		got = append(got, s.BotAccount)
	}
	if want := []bool{false, true, false}; !slices.Equal(got, want) {
		t.Errorf("stored room's bot accounts %v, want %v", got, want)
	}
	rs = storedRoom(store.Lease{Room: "ab12", Node: "n2"}, store.OpenRoom{Waiting: &store.WaitingRoom{Room: store.Room{ID: "ab12"}, Seats: 2,
		Taken: []store.Seat{{Index: 1, Account: 2, Name: "robo", BotAccount: true}}}})
	if len(rs.Seats) != 2 || rs.Seats[0].BotAccount || !rs.Seats[1].BotAccount {
		t.Errorf("stored waiting room's seats %+v, want robo's in the second marked", rs.Seats)
	}
}

// `games` lists a finished game's results with a bot account marked.
func TestGamesMarkBotAccounts(t *testing.T) {
	g := gameOf(store.Game{ID: 7, Game: "acquire", Rules: "modern", Status: store.StatusFinished,
		Seats: []store.Seat{{Index: 0, Account: 1, Name: "ann", Place: 2, Score: 5100},
			{Index: 1, Account: 2, Name: "robo", BotAccount: true, Place: 1, Score: 6200},
			{Index: 2, Name: "bot1", Bot: "easy", Place: 3, Score: 4000}}}, "host")
	if got, want := resultText(g), "1 robo BOT 6200, 2 ann 5100, 3 bot1 (bot) 4000"; got != want {
		t.Errorf("games' result = %q, want %q", got, want)
	}
	if !g.Players[1].BotAccount || g.Players[0].BotAccount {
		t.Errorf("games --json players %+v: want robo alone a bot account", g.Players)
	}
}
