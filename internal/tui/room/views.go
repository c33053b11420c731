package room

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/engine"
	"hotels/internal/rooms"
	"hotels/internal/sanitize"
	"hotels/internal/tui/layout"
)

// waitingView shows the seats of a room waiting for players.
func (m *Model) waitingView() string {
	s, snap := m.styles, m.snap
	w, h := m.width, m.height
	// A seat held for a player invited to a rematch is not taken until
	// they come: the host waits for them.
	invited := 0
	for _, st := range snap.Seats {
		if st.State == rooms.SeatInvited {
			invited++
		}
	}
	taken := len(snap.Seats) - m.freeSeats() - invited
	waiting := fmt.Sprintf("Waiting for players: %d of %d seats taken.", taken, len(snap.Seats))
	if invited > 0 {
		waiting = fmt.Sprintf("Waiting for players: %d of %d seats taken, %d held for %s invited.", taken, len(snap.Seats), invited, plural(invited, "player"))
	}
	out := []string{
		m.header(),
		"",
		s.Notice.Render(layout.Cut(waiting, w)),
	}
	if snap.Code != "" {
		out = append(out, "Invite code: "+s.Notice.Render(snap.Code)+
			s.Subtle.Render("  (a private room: friends press c in the lobby and type it)"))
	}
	out = append(out, "", s.Heading.Render("Seats"))
	for i, st := range snap.Seats {
		name, state := st.Name, string(st.State)
		if st.State == rooms.SeatEmpty {
			name = s.Subtle.Render("(free)")
			state = ""
		} else if i == int(snap.You) {
			name = s.Name.Render(name)
		}
		if st.Account {
			state = "BOT " + state // a bot account (issue 24)
		}
		if st.State == rooms.SeatBot && st.Level != "" {
			state = st.Level + " bot"
		}
		host := ""
		if st.Host {
			host = "host"
		}
		out = append(out, fmt.Sprintf("  %d  %s %-11s %s", i+1, layout.Fit(name, 17), state, host))
	}
	if m.choosing {
		out = append(out, "")
		out = append(out, m.levelChooser()...)
		out = append(out, "", m.statusLine(w))
		out = m.feed(out, w, h-len(out)-1)
		out = append(out, m.helpLine())
		return layout.Screen(out, w, h)
	}
	var hint string
	switch {
	case snap.Host:
		hint = "You host: b adds a bot, x kicks, s starts once every seat is filled."
	case !m.seated():
		hint = "You are watching: press j to take a free seat."
	default:
		hint = "The host starts the game once every seat is filled."
	}
	out = append(out, "", s.Subtle.Render(hint), "", m.statusLine(w))
	out = m.feed(out, w, h-len(out)-1)
	out = append(out, m.helpLine())
	return layout.Screen(out, w, h)
}

// levelChooser lists the bot levels for the host to choose from.
func (m *Model) levelChooser() []string {
	s := m.styles
	out := []string{s.Notice.Render("Add a bot: which level?")}
	for i, l := range m.levels {
		cursor := "  "
		if i == m.levelAt {
			cursor = "> "
		}
		line := fmt.Sprintf("%s%d  %-8s %s", cursor, i+1, title(l.ID), l.How)
		if i == m.levelAt {
			line = s.Selected.Render(line)
		}
		out = append(out, line)
	}
	for i, name := range m.waitingBots {
		cursor := "  "
		if len(m.levels)+i == m.levelAt {
			cursor = "> "
		}
		line := fmt.Sprintf("%s%d  %-8s %s", cursor, len(m.levels)+i+1, name, "BOT: a bot account waiting for games")
		if len(m.levels)+i == m.levelAt {
			line = s.Selected.Render(line)
		}
		out = append(out, line)
	}
	return out
}

// finalView shows the final standings beside the final board.
func (m *Model) finalView() string {
	s, w, h := m.styles, m.width, m.height
	out := []string{m.header()}
	switch {
	case m.shown:
		board, bw := m.screen.Final()
		out = append(out, layout.Beside(board, m.standings(w-bw-3), bw, 3, w-bw-3)...)
	case m.snap.Game != nil:
		// A game this server has no screen for is said so, never shown
		// as a room still waiting.
		out = append(out, s.Error.Render(layout.Cut("This screen cannot show "+m.snap.Room.Game+" games: you can chat, or leave.", w)))
	default:
		out = append(out, s.Notice.Render("The game is over."))
	}
	out = append(out, "")
	out = append(out, m.rematchLines(w)...)
	out = append(out, m.statusLine(w))
	out = m.feed(out, w, h-len(out)-1)
	out = append(out, m.helpLine())
	return layout.Screen(out, w, h)
}

// rematchLines say where the rematch stands — who asked, in which room,
// who joined and who declined — or, to a player, how to ask for one.
func (m *Model) rematchLines(w int) []string {
	s, offer := m.styles, m.snap.Rematch
	if offer == nil {
		if !m.seated() {
			return nil
		}
		return []string{s.Subtle.Render(layout.Cut("Press r for a rematch: same game, options and bots; who played first plays last.", w))}
	}
	first := offer.By + " offers a rematch in room " + offer.Room + " — y to join, n to decline."
	switch {
	case !m.seated():
		first = offer.By + " offers the players a rematch in room " + offer.Room + "."
	case slices.Contains(offer.Declined, m.you()):
		first = "You declined " + offer.By + "'s rematch in room " + offer.Room + ": y joins it after all."
	}
	second := "Joined: " + strings.Join(offer.Accepted, ", ")
	if len(offer.Declined) > 0 {
		second += " · declined: " + strings.Join(offer.Declined, ", ")
	}
	return []string{s.Notice.Render(layout.Cut(first, w)), s.Subtle.Render(layout.Cut(second, w))}
}

// standings lists the final scores in the game's unit, best first, with
// the places the game decided; in a ranked game a player who left or was
// removed is placed after those who stayed, which is said in w cells
// when it is not the order of the scores.
func (m *Model) standings(w int) []string {
	f, s := m.facts, m.styles
	out := []string{s.Notice.Render("Game over: final standings"), ""}
	standings := slices.Clone(f.Standings)
	var gone []string
	for _, p := range m.snap.Places {
		for i := range standings {
			if standings[i].Seat == p.Seat {
				standings[i].Place = p.Place
				if p.Why != "" {
					gone = append(gone, standings[i].Name+" "+p.Why)
				}
			}
		}
	}
	slices.SortStableFunc(standings, func(a, b engine.Standing) int { return a.Place - b.Place })
	for i, st := range standings {
		name := st.Name
		if m.botAccount(st.Seat) {
			name += " BOT" // a bot account (issue 24)
			standings[i].Name = name
		}
		if st.Seat == m.snap.You {
			name = s.Name.Render(name) + " (you)"
		}
		// Wide enough for "1,234 points" as for "$50,000".
		out = append(out, fmt.Sprintf(" %d. %s %12s", st.Place, layout.Fit(name, 19), f.Unit.Format(st.Score)))
	}
	if len(standings) > 0 {
		var winners []string
		for _, st := range standings {
			if st.Place == 1 {
				winners = append(winners, st.Name)
			}
		}
		verb := "wins"
		if len(winners) > 1 {
			verb = "share the win"
		}
		out = append(out, "", List(winners, "and")+" "+verb+".")
	}
	if len(gone) > 0 {
		text := "In a ranked game a player who leaves is placed after those who stay, whatever the autopilot scores for them: " +
			List(gone, "and") + "."
		for _, l := range strings.Split(ansi.Wrap(text, max(w, 20), ""), "\n") {
			out = append(out, s.Subtle.Render(l))
		}
	}
	return append(out, m.ratingChanges()...)
}

// botAccount reports whether a bot account plays seat.
func (m *Model) botAccount(seat engine.Seat) bool {
	return seat >= 0 && int(seat) < len(m.snap.Seats) && m.snap.Seats[seat].Account
}

// seatName is the name at seat as the game names it, a bot account's
// marked BOT; the seat must be one of the game's.
func (m *Model) seatName(seat engine.Seat) string {
	if m.botAccount(seat) {
		return m.facts.Names[seat] + " BOT" // a bot account (issue 24)
	}
	return m.facts.Names[seat]
}

// ratingChanges lists how a ranked game moved each player's rating:
// "ann  1012 → 1047 (+35)". An unranked game, or a ranked one whose
// ratings could not be saved, has none.
func (m *Model) ratingChanges() []string {
	rs, s := m.snap.Ratings, m.styles
	if len(rs) == 0 {
		return nil
	}
	nameW := 0
	for _, r := range rs {
		nameW = max(nameW, lipgloss.Width(sanitize.Line(r.Name)))
	}
	out := []string{"", s.Heading.Render("Ratings")}
	for _, r := range rs {
		d := r.After - r.Before
		change := fmt.Sprintf("%+d", d)
		if d == 0 {
			change = "±0"
		}
		name := layout.Fit(sanitize.Line(r.Name), nameW)
		if you := m.you(); you != "" && r.Name == you {
			name = s.Name.Render(name)
		}
		out = append(out, fmt.Sprintf(" %s  %d → %d (%s)", name, r.Before, r.After, change))
	}
	return out
}

// you is the player's name at the table, or "" for a watcher.
func (m *Model) you() string {
	if m.snap.You < 0 || int(m.snap.You) >= len(m.snap.Seats) {
		return ""
	}
	return m.snap.Seats[m.snap.You].Name
}

// helpLines list every key of the current screen and how to read it: the
// room's keys, then the game's, and the game's own explanation of its
// screen.
func (m *Model) helpLines() []string {
	k := m.keys
	var gameKeys [][]key.Binding
	var gameText []string
	if m.screen != nil {
		gameKeys, gameText = m.screen.Help()
	}
	var groups [][]key.Binding
	switch {
	case !m.shown:
		groups = [][]key.Binding{{k.Chat, k.Help, k.Rules, k.Leave}, {k.AddBot, k.Kick, k.Start, k.Sit}}
	case m.facts.Over:
		groups = [][]key.Binding{{k.Chat, k.Log, k.Help, k.Rules, k.Leave}, {k.Rematch, k.Accept, k.Decline}}
	default:
		groups = append([][]key.Binding{{k.Chat, k.Log, k.Help, k.Rules, k.Back, k.TakeOver, k.VoteEnd}}, gameKeys...)
	}
	hm := *m.styles.KeyHelpFor(m.width)
	hm.ShowAll = true
	lines := []string{hm.FullHelpView(groups), ""}
	lines = append(lines, gameText...)
	lines = append(lines,
		"Your turn: what the others did since your last move is listed under the game",
		"while you decide (esc, or a key not the decision's, hides it); L shows the whole",
		"log. Where the newest events have two lines, each new one takes the older's",
		"line: › marks the newest. When a player's time runs out, the autopilot plays for",
		"them until they press ctrl+t. While the autopilot plays a seat (its player left,",
		"was removed or ran out of time), the players here may press V to vote to end the",
		"game; the last vote asks first.",
	)
	return strings.Split(strings.Join(lines, "\n"), "\n")
}

// helpView draws the key list, scrolled as far as the player has: at
// 80×24 Hotel Tycoon's is taller than the screen.
func (m *Model) helpView() string {
	lines := m.helpLines()
	back := "Press any key to go back."
	if len(lines) > pagerRows(m.height) {
		back = "any other key: back"
	}
	return layout.Screen(m.helpPager.View(m.styles, "Keys", lines, back, m.width, m.height), m.width, m.height)
}
