package acquire

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/tui/acquire/board"
	"hotels/internal/tui/room"
)

// input is the decision the player is composing. It belongs to one
// decision: a snapshot with another decision due starts it afresh.
type input struct {
	due    due    // the decision it is for (see dueKey)
	typed  string // a tile name being typed
	cursor int    // the rack slot, or the index into View.Choices
	buys   []acquire.Chain
	sell   int
	trade  int
	ending bool // e was pressed once: a second e declares the end
}

// dueKey names the decision due in v: two snapshots with the same key ask
// the same question.
func dueKey(v *acquire.View) due {
	if v == nil {
		return due{}
	}
	return due{true, v.Phase, v.ToMove, v.Turn, v.Defunct, v.Tile, v.BagLeft, v.Ending, len(v.Rack)}
}

// due is what dueKey names a decision by; the zero due is none's.
type due struct {
	some         bool
	phase        acquire.Phase
	toMove, turn engine.Seat
	defunct      acquire.Chain
	tile         acquire.Tile
	bagLeft      int
	ending       bool
	rack         int
}

// follow keeps the input for the decision due in v, or starts a new one;
// the rack cursor stays on its slot.
func (in input) follow(v *acquire.View) input {
	key := dueKey(v)
	if key == in.due {
		return in
	}
	next := input{due: key, cursor: in.cursor}
	if v == nil || v.Phase != acquire.PhasePlay {
		next.cursor = 0
	} else if next.cursor >= len(v.Rack) {
		next.cursor = max(0, len(v.Rack)-1)
	}
	return next
}

// empty reports whether nothing is composed: no tile typed, the cursor on
// the first choice, no share chosen.
func (in input) empty() bool {
	return in.typed == "" && in.cursor == 0 && len(in.buys) == 0 && in.sell == 0 && in.trade == 0
}

// chosenTile is the rack tile to mark on the board: the one under the
// cursor while the player is to play.
func (s *Screen) chosenTile() acquire.Tile {
	v := s.game
	if v == nil || v.Phase != acquire.PhasePlay || !s.at.Mine || s.in.cursor >= len(v.Rack) {
		return acquire.NoTile
	}
	return v.Rack[s.in.cursor].Tile
}

// decide handles a key while the player's decision is due, and reports
// whether the key is part of the decision.
func (s *Screen) decide(k tea.KeyPressMsg) bool {
	switch s.game.Phase {
	case acquire.PhasePlay:
		return s.decidePlay(k)
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		return s.decideChoice(k)
	case acquire.PhaseDispose:
		return s.decideDispose(k)
	case acquire.PhaseBuy:
		return s.decideBuy(k)
	}
	return false
}

// decidePlay: move over the rack or type a tile's name (A1: "6D" or
// "D6"), then enter plays it.
func (s *Screen) decidePlay(k tea.KeyPressMsg) bool {
	v := s.game
	text := k.Text
	// h is a row (H) once a tile is being typed, and a cursor key before.
	tileChar := len(text) == 1 && (text[0] >= '0' && text[0] <= '9' ||
		text[0] >= 'A' && text[0] <= 'I' ||
		text[0] >= 'a' && text[0] <= 'i' && (text != "h" || s.in.typed != ""))
	switch {
	case tileChar:
		if len(s.in.typed) >= 3 {
			s.say("A tile is a column 1–12 and a row A–I, like 6D: backspace to correct.", true)
			return true
		}
		s.in.typed += strings.ToUpper(text)
		if t, err := acquire.ParseTile(s.in.typed); err == nil {
			if i := rackIndex(v, t); i >= 0 {
				s.in.cursor = i
			}
		}
	case key.Matches(k, s.keys.Erase):
		if s.in.typed != "" {
			s.in.typed = s.in.typed[:len(s.in.typed)-1]
		}
	case key.Matches(k, s.keys.Prev):
		s.in.typed = ""
		s.in.cursor = (s.in.cursor + len(v.Rack) - 1) % max(1, len(v.Rack))
	case key.Matches(k, s.keys.Next):
		s.in.typed = ""
		s.in.cursor = (s.in.cursor + 1) % max(1, len(v.Rack))
	case key.Matches(k, s.keys.Confirm):
		return s.playTile()
	case key.Matches(k, s.keys.Back) && s.in.typed != "":
		s.in.typed = ""
	case text != "" && text != "/" && text != "?" && len(v.Rack) > 0:
		// Chat and the key list stay open to the room screen.
		s.say("Type a tile from your rack, like "+v.Rack[0].Tile.String()+", or choose one with ↑↓, then press enter.", true)
		return true
	default:
		return false
	}
	return true
}

// playTile plays the typed tile, or the one under the cursor.
func (s *Screen) playTile() bool {
	v := s.game
	var t acquire.Tile
	if typed := s.in.typed; typed != "" {
		// A refused tile is not left typed: the next one starts afresh.
		s.in.typed = ""
		var err error
		if t, err = acquire.ParseTile(typed); err != nil {
			s.say(room.Sentence(err.Error()), true)
			return true
		}
	} else if s.in.cursor < len(v.Rack) {
		t = v.Rack[s.in.cursor].Tile
	} else {
		s.say("Your rack is empty.", true)
		return true
	}
	i := rackIndex(v, t)
	if i < 0 {
		s.say(fmt.Sprintf("%s is not in your rack: choose one of %s.", t, rackNames(v)), true)
		return true
	}
	if info := v.Rack[i]; !info.Class.Playable() {
		// The cursor is on it now, and the decision's line says why it
		// cannot be played: say what may be done instead.
		s.in.cursor = i
		s.say("Choose another tile: ↑↓, or type one.", true)
		return true
	}
	s.act("play " + t.String())
	return true
}

func rackIndex(v *acquire.View, t acquire.Tile) int {
	return slices.IndexFunc(v.Rack, func(ti acquire.TileInfo) bool { return ti.Tile == t })
}

func rackNames(v *acquire.View) string {
	names := make([]string, len(v.Rack))
	for i, ti := range v.Rack {
		names[i] = ti.Tile.String()
	}
	return strings.Join(names, " ")
}

// chainOf returns the chain whose letter k is, in any case.
func chainOf(v *acquire.View, k tea.KeyPressMsg) (acquire.Chain, bool) {
	if len(k.Text) != 1 {
		return acquire.NoChain, false
	}
	l := strings.ToUpper(k.Text)[0]
	for c, info := range v.Rules.Chains {
		if info.Letter == l {
			return acquire.Chain(c), true
		}
	}
	return acquire.NoChain, false
}

// choiceVerb is the action verb of a choice among chains.
var choiceVerb = map[acquire.Phase]string{
	acquire.PhaseFound:    "found",
	acquire.PhaseSurvivor: "survivor",
	acquire.PhaseNext:     "next",
}

// decideChoice: name a chain by its letter (A12, A14, A16), or move over
// the choices and press enter.
func (s *Screen) decideChoice(k tea.KeyPressMsg) bool {
	v := s.game
	if c, ok := chainOf(v, k); ok {
		if !slices.Contains(v.Choices, c) {
			s.say(s.notAChoice(c), true)
			return true
		}
		s.act(choiceVerb[v.Phase] + " " + v.Rules.Chains[c].Name)
		return true
	}
	n := max(1, len(v.Choices))
	switch {
	case key.Matches(k, s.keys.Prev):
		s.in.cursor = (s.in.cursor + n - 1) % n
	case key.Matches(k, s.keys.Next):
		s.in.cursor = (s.in.cursor + 1) % n
	case key.Matches(k, s.keys.Confirm):
		if s.in.cursor >= len(v.Choices) {
			return true
		}
		s.act(choiceVerb[v.Phase] + " " + v.Rules.Chains[v.Choices[s.in.cursor]].Name)
		return true
	case len(k.Text) == 1 && k.Text != "/" && k.Text != "?":
		s.say(fmt.Sprintf("%q is no chain's letter: press %s.", k.Text, s.choiceLetters()), true)
	default:
		return false
	}
	return true
}

// notAChoice says why chain c cannot be chosen now.
func (s *Screen) notAChoice(c acquire.Chain) string {
	v := s.game
	name := v.Rules.Chains[c].Name
	switch v.Phase {
	case acquire.PhaseFound:
		return fmt.Sprintf("%s is already on the board: press %s.", name, s.choiceLetters()) // A12
	case acquire.PhaseSurvivor:
		return fmt.Sprintf("%s is not one of the largest merging chains: press %s.", name, s.choiceLetters()) // A14
	}
	return fmt.Sprintf("%s is not one of the largest defunct chains left: press %s.", name, s.choiceLetters()) // A16
}

// choiceLetters lists the letters of the choices: "W, F or T".
func (s *Screen) choiceLetters() string {
	var ls []string
	for _, c := range s.game.Choices {
		ls = append(ls, string(s.game.Rules.Chains[c].Letter))
	}
	return room.List(ls, "or")
}

// held is how many shares of the defunct chain the player holds.
func (s *Screen) held() int {
	v := s.game
	if v.Defunct < 0 || s.at.You < 0 {
		return 0
	}
	return max(0, v.Shares[s.at.You][v.Defunct])
}

// decideDispose: sell and trade a defunct chain's shares, keeping the rest
// (A18).
func (s *Screen) decideDispose(k tea.KeyPressMsg) bool {
	v := s.game
	held := s.held()
	defunct, survivor := v.Rules.Chains[v.Defunct].Name, v.Rules.Chains[v.Survivor].Name
	switch {
	case key.Matches(k, s.keys.Sell):
		if s.in.sell+s.in.trade >= held {
			s.say(fmt.Sprintf("You hold %d %s shares and keep none: sell or trade fewer.", held, defunct), true)
			break
		}
		s.in.sell++
	case key.Matches(k, s.keys.Unsell):
		if s.in.sell == 0 {
			s.say("You are selling none.", true)
			break
		}
		s.in.sell--
	case key.Matches(k, s.keys.Trade):
		switch {
		case s.in.sell+s.in.trade+2 > held:
			s.say(fmt.Sprintf("Trades go two for one and you have %d %s shares left to trade.", held-s.in.sell-s.in.trade, defunct), true)
		case (s.in.trade+2)/2 > v.Bank[v.Survivor]:
			s.say(fmt.Sprintf("The bank has %d %s shares to trade for.", v.Bank[v.Survivor], survivor), true) // A18
		default:
			s.in.trade += 2
		}
	case key.Matches(k, s.keys.Untrade):
		if s.in.trade == 0 {
			s.say("You are trading none.", true)
			break
		}
		s.in.trade -= 2
	case key.Matches(k, s.keys.Confirm):
		text := "dispose " + defunct
		if s.in.sell > 0 {
			text += fmt.Sprintf(" sell %d", s.in.sell)
		}
		if s.in.trade > 0 {
			text += fmt.Sprintf(" trade %d", s.in.trade)
		}
		s.act(text)
		return true
	default:
		return false
	}
	return true
}

// cost is what the shares chosen so far cost.
func (in input) cost(v *acquire.View) int {
	total := 0
	for _, c := range in.buys {
		total += v.Price[c]
	}
	return total
}

// decideBuy: each chain letter adds a share, backspace takes the last
// back, enter buys (A20); e declares the end (A24).
func (s *Screen) decideBuy(k tea.KeyPressMsg) bool {
	v := s.game
	ending := s.in.ending
	s.in.ending = false // any key but a second e takes the question back
	switch {
	case key.Matches(k, s.keys.Prices), s.prices && key.Matches(k, s.keys.Back):
		s.prices = !s.prices
		return true
	}
	if c, ok := chainOf(v, k); ok {
		s.addShare(c)
		return true
	}
	switch {
	case key.Matches(k, s.keys.Erase):
		if len(s.in.buys) > 0 {
			s.in.buys = s.in.buys[:len(s.in.buys)-1]
		}
	case key.Matches(k, s.keys.Confirm):
		text := "buy"
		for _, c := range s.in.buys {
			text += " " + v.Rules.Chains[c].Name
		}
		s.act(text)
		return true
	case key.Matches(k, s.keys.Declare):
		if !v.CanDeclare {
			s.say(fmt.Sprintf("The end may be declared once a chain has %d tiles or every chain on the board is safe.", acquire.EndSize), true) // A24
			break
		}
		if !ending {
			// Declaring the end cannot be taken back: ask once.
			s.in.ending = true
			s.say("End the game after your buy? e again declares it; any other key does not.", false)
			break
		}
		s.act("end")
		return true
	case len(k.Text) == 1 && k.Text != "/" && k.Text != "?":
		s.say(fmt.Sprintf("%q is no chain's letter: press the letter of a chain on the board.", k.Text), true)
	default:
		return false
	}
	return true
}

// addShare adds a share of c to the buy, if the rules allow it (A20).
func (s *Screen) addShare(c acquire.Chain) {
	v := s.game
	name := v.Rules.Chains[c].Name
	cash := v.Cash[s.at.You]
	switch {
	case len(s.in.buys) >= v.Rules.MaxBuy:
		s.say(fmt.Sprintf("At most %d %s a turn: backspace takes one back.", v.Rules.MaxBuy, plural(v.Rules.MaxBuy, "share")), true)
	case v.Size[c] == 0:
		s.say(name+" is not on the board: only chains on the board can be bought.", true) // A20
	case count(s.in.buys, c) >= v.Bank[c]:
		s.say(fmt.Sprintf("The bank has %d %s %s left.", v.Bank[c], name, plural(v.Bank[c], "share")), true) // A20
	case s.in.cost(v)+v.Price[c] > cash:
		s.say(fmt.Sprintf("Another %s share costs %s and you have %s left.", name, board.Money(v.Price[c]), board.Money(cash-s.in.cost(v))), true)
	default:
		s.in.buys = append(s.in.buys, c)
	}
}

func count(cs []acquire.Chain, c acquire.Chain) int {
	n := 0
	for _, x := range cs {
		if x == c {
			n++
		}
	}
	return n
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}
