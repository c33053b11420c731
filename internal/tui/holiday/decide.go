package holiday

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine/holiday"
	"hotels/internal/tui/layout"
	"hotels/internal/tui/room"
	"hotels/internal/tui/theme"
)

// mode is the part of a decision being composed.
type mode uint8

const (
	choosing   mode = iota // the card under the cursor, or a take's shares
	raising                // the company a Raise card goes on
	exchanging             // an Exchange card's shares: given, then taken
	optioning              // an option card's shares
)

// input is the decision being composed.
type input struct {
	mode   mode
	cursor int               // the card of the hand under the cursor
	picks  []holiday.Company // the companies typed so far
	due    string            // the decision it is for, so that a new one starts afresh
}

// follow returns the input for view v: kept while the same decision is due,
// started afresh for a new one.
func (in input) follow(v *holiday.View) input {
	// As fmt's "%d %d %d %d %d", made only when it changes: every snapshot
	// comes here (room.BenchmarkGame).
	var buf [64]byte
	due := strconv.AppendInt(buf[:0], int64(v.ToMove), 10)
	for _, n := range [...]int{int(v.Phase), v.Played, len(v.Hand), v.Options[max(0, int(v.ToMove))]} {
		due = strconv.AppendInt(append(due, ' '), int64(n), 10)
	}
	if string(due) != in.due {
		in = input{due: string(due)}
	}
	in.cursor = min(in.cursor, max(0, len(v.Hand)-1))
	return in
}

func (in input) empty() bool { return in.mode == choosing && len(in.picks) == 0 }

// Key handles a key of the player's decision.
func (s Screen) Key(k tea.KeyPressMsg, at room.At) (room.Screen, room.Reply) {
	s.at, s.reply = at, room.Reply{}
	handled := s.decide(k)
	r := s.reply
	r.Handled = handled
	s.reply = room.Reply{}
	return s, r
}

// say sets the status line's words for the key being handled.
func (s *Screen) say(text string, problem bool) { s.reply.Say, s.reply.Problem = text, problem }

// act sends a decision as its action text, and starts the next afresh.
func (s *Screen) act(text string) {
	s.reply.Act = text
	s.in.mode, s.in.picks = choosing, nil
}

// decide handles k, reporting whether it was the decision's.
func (s *Screen) decide(k tea.KeyPressMsg) bool {
	v, keys := s.game, s.keys
	if v.Phase == holiday.PhaseOver || v.Viewer < 0 {
		return false
	}
	switch {
	case key.Matches(k, keys.Back):
		if s.in.empty() {
			return false // the room's: leave
		}
		s.in.mode, s.in.picks = choosing, nil
	case key.Matches(k, keys.Confirm):
		s.confirm()
	case key.Matches(k, keys.Erase):
		if len(s.in.picks) > 0 {
			s.in.picks = s.in.picks[:len(s.in.picks)-1]
		}
	case key.Matches(k, keys.Option):
		s.option()
	case key.Matches(k, keys.Pass):
		if v.Phase != holiday.PhaseFinal {
			s.say("Only in the final round may you pass: every turn before it plays its cards.", true) // H20, H12
			break
		}
		s.act("pass")
	case key.Matches(k, keys.Prev, keys.Next):
		if !s.cardChoice() {
			s.say("No card to choose now: "+s.question()+".", true)
			break
		}
		step := 1
		if key.Matches(k, keys.Prev) {
			step = len(v.Hand) - 1
		}
		s.in.cursor = (s.in.cursor + step) % len(v.Hand)
	default:
		c, ok := company(k.Text)
		if !ok {
			return false
		}
		s.company(c)
	}
	return true
}

// cardChoice reports whether the decision is a card under the cursor.
func (s *Screen) cardChoice() bool {
	p := s.game.Phase
	return s.in.mode == choosing && (p == holiday.PhasePlay || p == holiday.PhaseFinal) && len(s.game.Hand) > 0
}

// sharing reports whether companies typed are shares to take.
func (s *Screen) sharing() bool {
	p := s.game.Phase
	return s.in.mode == optioning || s.in.mode == choosing && (p == holiday.PhaseTake || p == holiday.PhaseSpecial)
}

// option starts an option card's take (H11, D2).
func (s *Screen) option() {
	v := s.game
	switch {
	case v.Phase == holiday.PhaseFinal:
		s.say("No option card may be used in the final round.", true) // H11
	case v.Options[v.Viewer] == 0:
		s.say("You have no option card left.", true) // H11
	default:
		s.in.mode, s.in.picks = optioning, nil
	}
}

// company handles a company's letter.
func (s *Screen) company(c holiday.Company) {
	v := s.game
	you := v.Viewer
	switch {
	case s.in.mode == raising:
		s.act("raise " + c.String())
	case s.sharing():
		need := takeSize(v)
		taken := 0
		for _, p := range s.in.picks {
			if p == c {
				taken++
			}
		}
		switch {
		case len(s.in.picks) >= need:
			s.say(fmt.Sprintf("%s at most: enter takes them, ⌫ takes one back.", shares(need)), true) // H10
		case v.Bank[c] <= taken:
			s.say(fmt.Sprintf("The bank has %s of %s left.", shares(v.Bank[c]), c), true) // H10
		default:
			s.in.picks = append(s.in.picks, c)
		}
	case s.in.mode == exchanging:
		switch {
		case len(s.in.picks) == 2:
			s.say("Enter exchanges them; ⌫ takes one back.", true)
		case len(s.in.picks) == 0 && v.Shares[you][c] == 0:
			s.say(fmt.Sprintf("You hold no %s share to give.", c), true) // D5
		case len(s.in.picks) == 1 && c == s.in.picks[0]:
			s.say(fmt.Sprintf("Take a company other than %s, the one you give.", c), true) // D5
		case len(s.in.picks) == 1 && v.Bank[c] == 0:
			s.say(fmt.Sprintf("The bank has no %s share to give you.", c), true) // D5
		default:
			s.in.picks = append(s.in.picks, c)
		}
	case s.cardChoice():
		// A letter brings the cursor to the next card of that company.
		n := len(v.Hand)
		for i := 1; i <= n; i++ {
			j := (s.in.cursor + i) % n
			if k := v.Hand[j]; k.IsDestination() && k.Company() == c {
				s.in.cursor = j
				return
			}
		}
		s.say(fmt.Sprintf("You hold no %s card.", c), true)
	default:
		s.say("No company to choose now: "+s.question()+".", true)
	}
}

// confirm sends the decision composed, or opens the choice the card under
// the cursor asks for.
func (s *Screen) confirm() {
	v := s.game
	switch {
	case s.sharing():
		verb := "take"
		if s.in.mode == optioning {
			verb = "option"
		}
		if need := takeSize(v); len(s.in.picks) != need {
			s.say(fmt.Sprintf("Type the letters of %s to %s first.", shares(need), verb), true) // H10
			return
		}
		picks := slices.Clone(s.in.picks)
		slices.Sort(picks) // a take names its shares in the companies' order (H1)
		s.send(verb + names(picks))
	case s.in.mode == raising:
		s.say("Type the letter of the company the Raise card goes on.", true) // H16
	case s.in.mode == exchanging:
		switch len(s.in.picks) {
		case 0:
			s.send("exchange")
		case 1:
			s.say("Type the company you take, or ⌫ and enter to swap nothing.", true) // D5
		default:
			s.send("exchange" + names(s.in.picks))
		}
	case s.cardChoice():
		switch k := v.Hand[s.in.cursor]; {
		case k.IsDestination():
			s.send("card " + k.String())
		case k == holiday.Raise:
			s.in.mode = raising
		case v.Phase == holiday.PhaseFinal:
			// The line above says why not (effect): say what may be done.
			s.say("Choose a destination or Raise card, or press p to pass.", true)
		default:
			s.in.mode, s.in.picks = exchanging, nil
		}
	case v.Phase == holiday.PhaseFinal:
		s.say("You hold no card to play: p passes.", true) // H20
	}
}

// send sends text if it is legal now, else says what is due instead: the
// keys check each company as it is typed, so this is a last guard.
func (s *Screen) send(text string) {
	if !allowed(s.game, text) {
		s.say(text+" is not allowed now: "+s.question()+".", true)
		return
	}
	s.act(text)
}

// takeSize is how many shares a take names now: 2, or what the bank holds
// when it holds fewer (D3).
func takeSize(v *holiday.View) int {
	total := 0
	for _, n := range v.Bank {
		total += n
	}
	return min(2, total)
}

// names writes companies as an action's arguments, each after a space.
func names(cs []holiday.Company) string {
	var b strings.Builder
	for _, c := range cs {
		b.WriteString(" " + c.String())
	}
	return b.String()
}

// shares writes n shares in words: "no shares", "1 share", "2 shares".
func shares(n int) string {
	switch n {
	case 0:
		return "no shares"
	case 1:
		return "1 share"
	}
	return fmt.Sprintf("%d shares", n)
}

// letters are the companies' letters, in the rules' order (H1).
const letters = "AMTCU"

// letter is company c's letter.
func letter(c holiday.Company) string { return letters[c : c+1] }

// company reads a company's letter, in any case.
func company(text string) (holiday.Company, bool) {
	if len(text) != 1 {
		return holiday.NoCompany, false
	}
	i := strings.IndexByte(letters, strings.ToUpper(text)[0])
	return holiday.Company(i), i >= 0
}

// question is the decision due, as the player is asked it.
func (s Screen) question() string {
	v := s.game
	switch s.in.mode {
	case raising:
		return "type the company the Raise card goes on (a m t c u)"
	case exchanging:
		return "exchange: type the share you give, then the one you take"
	case optioning:
		return fmt.Sprintf("option card: type %s to take, then enter", shares(takeSize(v)))
	}
	switch v.Phase {
	case holiday.PhaseTake:
		return fmt.Sprintf("take %s: type their letters, then enter", shares(takeSize(v)))
	case holiday.PhaseSpecial:
		return fmt.Sprintf("special round: take %s, then enter", shares(takeSize(v)))
	case holiday.PhasePlay:
		if v.Played == 0 {
			return "play your first card: ↑↓ or a letter, then enter"
		}
		return "play your second card: ↑↓ or a letter, then enter"
	case holiday.PhaseFinal:
		return "final round: play one last card, or p to pass"
	}
	return ""
}

// Decision says what the player's decision due is and what they have
// chosen so far. It is kept (in s.looks) by what it shows: every frame of
// the player's decision asks for it, and most keys and answers leave it
// as it was (room.BenchmarkMix).
func (s Screen) Decision(w int, at room.At) []string {
	k, ok := s.decisionKey(w, at)
	if s.looks == nil || !ok {
		return s.decision(w, at)
	}
	return s.looks.decision.Lines(k, func() []string { return s.decision(w, at) })
}

// decisionKey is what Decision shows: the view (which is never changed),
// the decision being composed, the width, the countdown and the styles.
// ok is false for more companies typed than it holds.
type decisionKey struct {
	game      *holiday.View
	styles    *theme.Styles
	countdown string
	w, cursor int
	mode      mode
	picks     [4]holiday.Company
	n         int8
}

func (s Screen) decisionKey(w int, at room.At) (decisionKey, bool) {
	k := decisionKey{game: s.game, styles: s.styles, countdown: at.Countdown, w: w, cursor: s.in.cursor,
		mode: s.in.mode, n: int8(len(s.in.picks))}
	if len(s.in.picks) > len(k.picks) {
		return k, false
	}
	copy(k.picks[:], s.in.picks)
	return k, true
}

func (s Screen) decision(w int, at room.At) []string {
	s.at = at
	v, st := s.game, s.styles
	first := "Your turn: " + s.question() + "."
	var second string
	switch {
	case s.sharing():
		second = "Taking nothing yet."
		if len(s.in.picks) > 0 {
			second = "Taking" + names(s.in.picks) + "."
		}
		if s.in.mode == choosing && v.Options[v.Viewer] > 0 {
			second += " o uses an option card for 2 more."
		}
	case s.in.mode == raising:
		second = "Each Raise adds 1 to a value of 5 or more." // H16
	case s.in.mode == exchanging:
		switch len(s.in.picks) {
		case 0:
			second = "Swapping nothing yet: enter alone swaps nothing."
		case 1:
			second = "Giving 1 " + s.in.picks[0].String() + "; the share you take?"
		default:
			second = "Giving 1 " + s.in.picks[0].String() + ", taking 1 " + s.in.picks[1].String() + ": enter."
		}
	case s.cardChoice():
		k := v.Hand[s.in.cursor]
		second = k.String() + ": " + s.effect(k) + "."
		if opt := " o: option card."; v.Phase == holiday.PhasePlay && v.Options[v.Viewer] > 0 && len([]rune(second+opt)) <= w {
			second += opt // else the help line has it
		}
	}
	return []string{layout.Spread(st.Notice.Render(layout.Cut(first, w-len(at.Countdown)-1)), at.Countdown, w), layout.Cut(second, w)}
}

// effect says what playing card k would do now.
func (s Screen) effect(k holiday.Card) string {
	v := s.game
	switch {
	case k == holiday.Raise:
		return "enter, then a company: +1 to its value if 5 or more"
	case k == holiday.Exchange && v.Phase == holiday.PhaseFinal:
		return "cannot be played in the final round" // H20
	case k == holiday.Exchange:
		return "enter, then give 1 share, take 1 of another, or swap none"
	}
	c := k.Company()
	n := chainWith(v, k)
	out := fmt.Sprintf("%s chain through it %d, value %d", c.Possessive(), n, value(max(n, v.Longest[c]), v.Raises[c]))
	if n >= holiday.CoupLength && v.Coup < 0 && v.Phase == holiday.PhasePlay {
		out += ": the grand coup, +10" // H17
	}
	return out
}

// KeysKey names the list Keys returns (room's keysNamed): the mode of the
// decision being composed, the phase, and whether an option card may be
// used; 0 for none.
func (s Screen) KeysKey() uint64 {
	v := s.game
	if v == nil || v.Viewer < 0 {
		return 0
	}
	k := 1 | uint64(s.in.mode)<<1 | uint64(v.Phase)<<8
	if v.Options[v.Viewer] > 0 && v.Phase <= holiday.PhaseSpecial {
		k |= 1 << 16
	}
	return k
}

// Keys lists the keys of the player's decision due.
func (s Screen) Keys() []key.Binding {
	k, v := s.keys, s.game
	if v == nil || v.Viewer < 0 {
		return nil
	}
	opt := v.Options[v.Viewer] > 0 && v.Phase <= holiday.PhaseSpecial
	var out []key.Binding
	switch {
	case s.in.mode == raising:
		out = []key.Binding{room.Hint("a m t c u", "company"), k.Back}
	case s.in.mode == exchanging:
		out = []key.Binding{room.Hint("a m t c u", "give/take"), k.Erase, room.With(k.Confirm, "enter", "exchange")}
	case s.sharing():
		out = []key.Binding{room.Hint("a m t c u", "share"), k.Erase, room.With(k.Confirm, "enter", "take")}
		if s.in.mode == optioning {
			out = append(out, k.Back)
		} else if opt {
			out = append(out, k.Option)
		}
	case v.Phase == holiday.PhasePlay, v.Phase == holiday.PhaseFinal:
		out = []key.Binding{k.Prev, room.With(k.Confirm, "enter", "play")}
		if opt {
			out = append(out, k.Option)
		}
		if v.Phase == holiday.PhaseFinal {
			out = append(out, k.Pass)
		}
	}
	return out
}
