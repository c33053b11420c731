package room

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
)

// waitingKey handles a key in the waiting room.
func (m *Model) waitingKey(k pressed) tea.Cmd {
	if m.kicking {
		m.kicking = false
		return m.kickSeat(k.KeyPressMsg)
	}
	if m.choosing {
		return m.chooseLevel(k.KeyPressMsg)
	}
	if cmd, ok := m.common(k, true); ok {
		return cmd
	}
	p, host := m.player, m.snap.Host
	switch {
	case key.Matches(k, m.keys.Leave):
		if !m.seated() {
			return m.leave("")
		}
		m.busy = true
		ctx, table, leave := m.ctx, m.table, m.leave("")
		return func() tea.Msg {
			if err := table.Stand(ctx, p); err != nil && !errors.Is(err, rooms.ErrNotSeated) {
				return doneMsg{err: err}
			}
			return leave()
		}
	case key.Matches(k, m.keys.AddBot):
		switch {
		case !host:
			m.say(onlyHost("adds bots"), true)
			return nil
		case m.freeSeats() == 0:
			m.say("Every seat is taken: press x to free one first.", true)
			return nil
		}
		m.waitingBots = nil
		if m.accounts != nil {
			m.waitingBots = m.accounts()
		}
		if len(m.levels)+len(m.waitingBots) > 1 {
			m.choosing = true
			return nil
		}
		if len(m.levels) == 0 && len(m.waitingBots) == 1 {
			name, invite := m.waitingBots[0], m.invite
			return m.request("", func(ctx context.Context) error { return invite(ctx, name) })
		}
		level := ""
		if len(m.levels) == 1 {
			level = m.levels[0].ID
		}
		return m.addBot(level)
	case key.Matches(k, m.keys.Kick):
		if !host {
			m.say(onlyHost("removes players"), true)
			return nil
		}
		m.kicking = true
		m.say(fmt.Sprintf("Kick which seat? Press 1–%d; any other key cancels.", len(m.snap.Seats)), false)
		return nil
	case key.Matches(k, m.keys.Start):
		switch {
		case !host:
			m.say(onlyHost("starts the game"), true)
			return nil
		case m.freeSeats() > 0:
			m.say("Every seat must be filled first: wait for players, or press b to add a bot.", true)
			return nil
		}
		table := m.table
		return m.request("", func(ctx context.Context) error { return table.Start(ctx, p) })
	case key.Matches(k, m.keys.Sit):
		switch {
		case m.seated():
			m.say("You already have a seat.", true)
			return nil
		case m.freeSeats() == 0:
			m.say("Every seat is taken: you can watch.", true)
			return nil
		}
		table := m.table
		return m.request("You sit down.", func(ctx context.Context) error { return table.Sit(ctx, p) })
	}
	return nil
}

// chooseLevel handles a key in the bot level chooser: a level's number, or
// ↑↓ and enter, seats a bot; esc (or any other key) closes it.
func (m *Model) chooseLevel(k tea.KeyPressMsg) tea.Cmd {
	n := len(m.levels) + len(m.waitingBots)
	switch {
	case len(k.Text) == 1 && k.Text[0] >= '1' && int(k.Text[0]-'0') <= n:
		m.levelAt = int(k.Text[0] - '1')
	case key.Matches(k, m.keys.Prev):
		m.levelAt = (m.levelAt + n - 1) % n
		return nil
	case key.Matches(k, m.keys.Next), key.Matches(k, m.keys.AddBot):
		m.levelAt = (m.levelAt + 1) % n
		return nil
	case key.Matches(k, m.keys.Confirm):
	default:
		m.choosing = false
		return nil
	}
	m.choosing = false
	if at := m.levelAt - len(m.levels); at >= 0 {
		name, invite := m.waitingBots[at], m.invite
		return m.request("", func(ctx context.Context) error { return invite(ctx, name) })
	}
	return m.addBot(m.levels[m.levelAt].ID)
}

// addBot seats a bot of level ("" for the room's default).
func (m *Model) addBot(level string) tea.Cmd {
	table, p := m.table, m.player
	return m.request("", func(ctx context.Context) error { return table.AddBot(ctx, p, level) })
}

func onlyHost(what string) string {
	return "Only the host " + what + "."
}

// kickSeat kicks the seat whose number k is.
func (m *Model) kickSeat(k tea.KeyPressMsg) tea.Cmd {
	n := len(m.snap.Seats)
	if len(k.Text) != 1 || k.Text[0] < '1' || int(k.Text[0]-'0') > n {
		m.say("No one kicked.", false)
		return nil
	}
	seat := int(k.Text[0] - '1')
	st := m.snap.Seats[seat]
	switch {
	case st.State == rooms.SeatEmpty:
		m.say(fmt.Sprintf("Seat %d is empty.", seat+1), true)
		return nil
	case seat == int(m.snap.You):
		m.say("You cannot kick yourself: press l to leave.", true)
		return nil
	}
	table, p := m.table, m.player
	return m.request(fmt.Sprintf("%s leaves the table.", st.Name), func(ctx context.Context) error {
		return table.Kick(ctx, p, seat)
	})
}

// onAutopilot reports whether the autopilot plays the player's seat: their
// time ran out.
func (m *Model) onAutopilot() bool {
	return m.seated() && int(m.snap.You) < len(m.snap.Seats) && m.snap.Seats[m.snap.You].State == rooms.SeatAutopilot
}

// votesDue lists the players here who have not voted to end the game,
// the player too if they have not.
func (m *Model) votesDue() []string {
	var due []string
	for _, name := range m.snap.Voters {
		if !slices.Contains(m.snap.Votes, name) {
			due = append(due, name)
		}
	}
	return due
}

// endWarning asks a player whose vote would end the game to confirm it.
func (m *Model) endWarning() string {
	how := "unfinished"
	if m.snap.Room.Ranked {
		how = "unfinished and unrated"
	}
	return "Your vote ends the game, " + how + ": press V again to confirm."
}

// voted reports whether the player has voted to end the game.
func (m *Model) voted() bool {
	return m.seated() && slices.Contains(m.snap.Votes, m.snap.Seats[m.snap.You].Name)
}

// freeSeats counts the empty seats.
func (m *Model) freeSeats() int {
	n := 0
	for _, st := range m.snap.Seats {
		if st.State == rooms.SeatEmpty {
			n++
		}
	}
	return n
}

// finalKey handles a key on the final standings.
func (m *Model) finalKey(k pressed) tea.Cmd {
	if cmd, ok := m.common(k, true); ok {
		return cmd
	}
	offer := m.snap.Rematch
	switch {
	case key.Matches(k, m.keys.Leave):
		return m.leave("")
	case key.Matches(k, m.keys.Rematch) || offer != nil && key.Matches(k, m.keys.Accept):
		if !m.seated() {
			m.say("Only the players at the table can ask for a rematch.", true)
			return nil
		}
		return m.rematch()
	case offer != nil && key.Matches(k, m.keys.Decline) && m.seated():
		table, p := m.table, m.player
		return m.request("You decline the rematch.", func(ctx context.Context) error { return table.DeclineRematch(ctx, p) })
	}
	return nil
}

// rematch asks the room for a rematch, or joins the one asked for, and
// takes the player to its room.
func (m *Model) rematch() tea.Cmd {
	m.busy = true
	ctx, table, p, v, sub := m.ctx, m.table, m.player, m.visit, m.sub
	return func() tea.Msg {
		next, err := table.Rematch(ctx, p)
		if err != nil {
			return doneMsg{err: err}
		}
		v.cancel()
		if sub != nil {
			sub.End()
		}
		return RematchMsg{Room: next}
	}
}

// gameKey handles a key during the game; leaving is whether esc was
// pressed just before, ending whether V was, asking to confirm that the
// player's vote ends the game; recap is the recap shown when the key came,
// which a key of the player's decision leaves on the screen.
func (m *Model) gameKey(k pressed, leaving, ending bool, recap []rooms.Event) tea.Cmd {
	table, p := m.table, m.player // not m, which a closure would move to the heap on every key
	switch {
	case key.Matches(k, m.keys.TakeOver):
		if !m.onAutopilot() {
			m.say("You are playing your seat yourself.", false)
			return nil
		}
		return m.request("You take your seat back.", func(ctx context.Context) error { return table.TakeOver(ctx, p) })
	case key.Matches(k, m.keys.Rules):
		m.openRules()
		return nil
	case key.Matches(k, m.keys.VoteEnd) && m.snap.Abandoned:
		// Read before the game's keys, on the player's turn too: V is
		// never a tile or a chain's letter while the vote is open.
		switch {
		case !m.seated():
			m.say("Only the players at the table vote to end the game.", true)
			return nil
		case m.voted():
			m.say("You have voted: the game ends once every player here votes.", false)
			return nil
		case len(m.votesDue()) == 1 && !ending:
			m.ending = true
			m.say(m.endWarning(), true)
			return nil
		}
		return m.request("You vote to end the game.", func(ctx context.Context) error { return table.VoteEnd(ctx, p) })
	}
	mine := m.myDecision()
	if mine {
		var r Reply
		var s Screen
		s, r = m.screen.Key(k.KeyPressMsg, m.at())
		m.setScreen(s)
		if r.Handled {
			m.recap = recap // a key of the decision leaves the recap
			switch {
			case r.Act != "":
				return m.act(r.Act)
			case r.Say != "":
				m.say(r.Say, r.Problem)
			}
			return nil
		}
	}
	// t is a chain's letter or a dispose key while the player decides.
	if cmd, ok := m.common(k, !mine); ok {
		return cmd
	}
	switch {
	case key.Matches(k, m.keys.Back):
		if !m.seated() || leaving {
			return m.leave("")
		}
		m.leaving = true
		m.say("Leave the table? The autopilot plays for you until you return. esc again leaves.", true)
	case m.onAutopilot() && k.Text != "":
		m.say("The autopilot is playing for you: press ctrl+t to take your seat back.", true)
	case !m.seated() && k.Text != "":
		m.say("You are watching: the players decide. Press / to chat, esc to leave.", false)
	case !mine && (k.Text != "" || key.Matches(k, m.keys.Confirm)):
		m.say(m.notYours(), false)
	}
	return nil
}

// notYours answers a key pressed while another seat decides: whose turn
// it is, in a few words, since the decision itself is drawn two rows up
// (and every waiting key sends the answer again).
func (m *Model) notYours() string {
	f := m.facts
	if f.Over || f.ToMove < 0 || int(f.ToMove) >= len(f.Names) || f.ToMove == m.snap.You {
		return fmt.Sprintf("Not your decision: %s.", f.Due)
	}
	return "Waiting for " + m.seatName(f.ToMove) + "."
}
