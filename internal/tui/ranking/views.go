package ranking

import (
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/games"
	"hotels/internal/profile"
	"hotels/internal/sanitize"
	"hotels/internal/tui/layout"
)

// View draws the leaderboard, or a profile.
func (m Model) View() string {
	var out []string
	help := m.keys.boardHelp()
	if m.showing {
		out, help = m.profileView(), m.keys.profileHelp()
	} else {
		out = m.boardView()
	}
	status := ""
	switch {
	case m.status != "" && m.problem:
		status = m.styles.Error.Render(m.status)
	case m.status != "":
		status = m.styles.Notice.Render(m.status)
	}
	out = append(layout.Pad(out, m.height-2), status, m.help.ShortHelpView(help))
	return layout.Screen(out, m.width, m.height)
}

// title is a screen's first line.
func (m Model) title(what string) string {
	s := m.styles
	return layout.Spread(s.Title.Render("Hotels")+"  "+what, s.Subtle.Render(m.player.Name), m.width)
}

// choice lists values with the current one in brackets, so that it reads
// without colour.
func (m Model) choice(values []string, current string) string {
	parts := make([]string, len(values))
	for i, v := range values {
		parts[i] = " " + v + " "
		if v == current {
			parts[i] = m.styles.Notice.Render("[" + v + "]")
		}
	}
	return strings.Join(parts, " ")
}

// boardView draws the leaderboard, keeping the selected row in sight.
func (m Model) boardView() []string {
	s, w, h := m.styles, m.width, m.height
	out := []string{m.title("leaderboard"), "",
		s.Heading.Render(m.pool().kind.Title) + "  " + m.choice(m.pool().kind.Rules, m.pool().rules), ""}
	switch {
	case !m.loaded:
		return append(out, s.Subtle.Render("Loading the leaderboard..."))
	case len(m.board) == 0 && m.status == "":
		what := m.pool().rules
		if what == "" {
			what = m.pool().kind.Title
		}
		return append(out, fmt.Sprintf("No ranked %s game has been played yet: press r in the lobby to play one.", what))
	case len(m.board) == 0:
		return out
	}
	nameW := max(12, min(24, w-2-6-8-8-7-10))
	row := func(cursor, rank, name, rating, games, wins, rate string) string {
		return cursor + fmt.Sprintf("%-4s  %s %7s %7s %6s %9s", rank, layout.Fit(name, nameW), rating, games, wins, rate)
	}
	out = append(out, s.Heading.Render(row("  ", "Rank", "Player", "Rating", "Games", "Wins", "Win rate")))
	rows := h - len(out) - 3
	first := max(0, m.at-rows+1)
	for i := first; i < len(m.board) && i < first+rows; i++ {
		r := m.board[i]
		name := sanitize.Line(r.Player.Name)
		if r.Player.Bot {
			name += " BOT" // a bot account (issue 24)
		}
		if r.Player.ID == m.player.ID {
			name += " (you)"
		}
		cursor := "  "
		if i == m.at {
			cursor = "> "
		}
		line := row(cursor, strconv.Itoa(i+1), name, strconv.Itoa(r.Rating), strconv.Itoa(r.Games), strconv.Itoa(r.Wins),
			fmt.Sprintf("%d%%", winRate(r.Wins, r.Games)))
		if i == m.at {
			line = s.Selected.Render(line)
		}
		out = append(out, line)
	}
	return out
}

func winRate(wins, games int) int {
	return profile.Rating{Wins: wins, Games: games}.WinRate()
}

// profileView draws a profile: ratings, the history of one of them,
// recent games and favourite chains, giving the history and the games
// the rows the screen has left.
func (m Model) profileView() []string {
	s, w, h := m.styles, m.width, m.height
	p := m.prof
	who := sanitize.Line(m.who.Name)
	if p != nil && p.Bot {
		who += " BOT" // a bot account (issue 24)
	}
	out := []string{m.title("profile of " + who), ""}
	if p == nil {
		if m.status == "" {
			out = append(out, s.Subtle.Render("Loading the profile..."))
		}
		return out
	}
	// Ratings.
	row := func(mark, label, rating, games, wins, rate string) string {
		return fmt.Sprintf("%s %-18s %7s %6s %5s %9s", mark, label, rating, games, wins, rate)
	}
	out = append(out, s.Heading.Render(row(" ", "Ratings", "Rating", "Games", "Wins", "Win rate")))
	var shown *profile.Rating
	for i, r := range p.Ratings {
		mark := " "
		if m.profRule.of(r) {
			mark, shown = ">", &p.Ratings[i]
		}
		out = append(out, row(mark, strings.TrimSpace(m.poolOf(r).kind.Title+" "+r.Rules), strconv.Itoa(r.Rating), strconv.Itoa(r.Games),
			strconv.Itoa(r.Wins), fmt.Sprintf("%d%%", r.WinRate())))
	}
	if len(p.Ratings) == 0 {
		out = append(out, "  No ranked game yet.")
	}
	// What is left for the history and the games: each section has a
	// blank line and a heading, each tally a blank line and a line, and
	// the screen ends with the status and the help.
	left := h - len(out) - 2 - 2 - 2*len(p.Favourites) - 2
	var history []profile.Change
	if shown != nil {
		history = shown.History
	}
	hRows := min(len(history), max(1, left/2))
	if shown == nil {
		hRows, left = 0, left+2
	}
	gRows := min(len(p.Recent), max(0, left-hRows))
	hRows = min(len(history), max(hRows, left-gRows)) // give back what the games do not need

	if shown != nil {
		first, last := 1000, shown.Rating
		if len(history) > 0 {
			first = history[0].Before
		}
		pool := strings.TrimSpace(m.profRule.kind.Title + " " + shown.Rules) // "Holiday AG" has no rule sets
		out = append(out, "", s.Heading.Render("Rating history · "+pool)+"  "+sparkline(history)+
			s.Subtle.Render(fmt.Sprintf("  %d → %d over the last %d %s", first, last, len(history), plural(len(history), "game"))))
		for i := len(history) - 1; i >= len(history)-hRows; i-- {
			c := history[i]
			out = append(out, fmt.Sprintf("  %s  game %-5d %-4s %5d → %-5d %s", c.At.UTC().Format("2006-01-02"), c.Game, profile.Ordinal(c.Place),
				c.Before, c.After, signed(c.After-c.Before)))
		}
	}

	out = append(out, "", s.Heading.Render("Recent games"))
	if len(p.Recent) == 0 {
		out = append(out, "  No game yet.")
	}
	playersW := w - 2 - 16 - 2 - 10 - 22 - 1 - 20 - 2
	for _, g := range p.Recent[:gRows] {
		kind := strings.TrimSpace(m.gameTitle(g.Game) + " " + g.Rules) // the game named: "Holiday AG", "Acquire modern"
		if g.Ranked {
			kind += " ranked"
		}
		line := fmt.Sprintf("  %s  game %-5d %s %s", g.Started.UTC().Format("2006-01-02 15:04"), g.ID, layout.Fit(kind, 22), layout.Fit(result(g), 20))
		if playersW >= 12 {
			names := make([]string, len(g.Players))
			for i, n := range g.Players {
				names[i] = sanitize.Line(n)
			}
			line += "  " + layout.Cut(strings.Join(names, ", "), playersW)
		}
		out = append(out, line)
	}

	for _, f := range p.Favourites {
		out = append(out, "", layout.Cut(s.Heading.Render(f.Title)+"  "+f.String()+
			s.Subtle.Render(fmt.Sprintf("  (%s, last %d games)", f.What, profile.Games)), w))
	}
	return out
}

// sparkline draws ratings after each change, oldest first, one cell a
// game, lowest to highest in eight steps.
func sparkline(history []profile.Change) string {
	const bars = "▁▂▃▄▅▆▇█"
	if len(history) == 0 {
		return ""
	}
	lo, hi := history[0].After, history[0].After
	for _, c := range history {
		lo, hi = min(lo, c.After), max(hi, c.After)
	}
	steps := []rune(bars)
	var b strings.Builder
	for _, c := range history {
		i := len(steps) / 2
		if hi > lo {
			i = (c.After - lo) * (len(steps) - 1) / (hi - lo)
		}
		b.WriteRune(steps[i])
	}
	return b.String()
}

// result says how a recent game went for the player.
func result(g profile.Game) string {
	switch {
	case g.Status == profile.Finished && g.Place > 0:
		return fmt.Sprintf("%s of %d · %s", profile.Ordinal(g.Place), len(g.Players), score(g.Game, g.Score))
	case g.Status == profile.Finished:
		return "finished"
	case g.Status == profile.Aborted:
		return "ended early"
	case g.Status == profile.Playing:
		return "in progress"
	}
	return "not started"
}

// signed writes a change with its sign: "+35", "-12", "±0".
func signed(d int) string {
	switch {
	case d > 0:
		return "+" + strconv.Itoa(d)
	case d == 0:
		return "±0"
	}
	return strconv.Itoa(d)
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// score writes a score in its game's unit ("$6,300", "150 points").
func score(game string, n int) string {
	g, ok := games.ByName(game)
	if !ok {
		return fmt.Sprint(n)
	}
	return g.Unit.Format(n)
}
