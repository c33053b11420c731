package room

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine/acquire"
	"hotels/internal/tui/board"
)

// input is the decision the player is composing. It belongs to one
// decision: a snapshot with another decision due starts it afresh.
type input struct {
	due    string // the decision it is for (see dueKey)
	typed  string // a tile name being typed
	cursor int    // the rack slot, or the index into View.Choices
	buys   []acquire.Chain
	sell   int
	trade  int
}

// dueKey names the decision due in v: two snapshots with the same key ask
// the same question.
func dueKey(v *acquire.View) string {
	if v == nil {
		return ""
	}
	return fmt.Sprint(v.Phase, v.ToMove, v.Turn, v.Defunct, v.Tile, v.BagLeft, v.Ending, len(v.Rack))
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
func (m Model) chosenTile() acquire.Tile {
	v := m.game
	if v == nil || v.Phase != acquire.PhasePlay || !m.myDecision() || m.in.cursor >= len(v.Rack) {
		return acquire.NoTile
	}
	return v.Rack[m.in.cursor].Tile
}

// myDecision reports whether the decision due is the player's.
func (m Model) myDecision() bool {
	return m.game != nil && m.seated() && m.game.Phase != acquire.PhaseOver && m.game.ToMove == m.snap.You && !m.onAutopilot()
}

// decide handles a key while the player's decision is due; ok is false if
// the key is not part of the decision.
func (m Model) decide(k tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	switch m.game.Phase {
	case acquire.PhasePlay:
		return m.decidePlay(k)
	case acquire.PhaseFound, acquire.PhaseSurvivor, acquire.PhaseNext:
		return m.decideChoice(k)
	case acquire.PhaseDispose:
		return m.decideDispose(k)
	case acquire.PhaseBuy:
		return m.decideBuy(k)
	}
	return m, nil, false
}

// decidePlay: move over the rack or type a tile's name (A1: "6D" or
// "D6"), then enter plays it.
func (m Model) decidePlay(k tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	v := m.game
	text := k.Text
	// h is a row (H) once a tile is being typed, and a cursor key before.
	tileChar := len(text) == 1 && (text[0] >= '0' && text[0] <= '9' ||
		text[0] >= 'A' && text[0] <= 'I' ||
		text[0] >= 'a' && text[0] <= 'i' && (text != "h" || m.in.typed != ""))
	switch {
	case tileChar:
		if len(m.in.typed) >= 3 {
			m.say("A tile is a column 1–12 and a row A–I, like 6D: backspace to correct.", true)
			return m, nil, true
		}
		m.in.typed += strings.ToUpper(text)
		if t, err := acquire.ParseTile(m.in.typed); err == nil {
			if i := rackIndex(v, t); i >= 0 {
				m.in.cursor = i
			}
		}
	case key.Matches(k, m.keys.Erase):
		if m.in.typed != "" {
			m.in.typed = m.in.typed[:len(m.in.typed)-1]
		}
	case key.Matches(k, m.keys.Prev):
		m.in.typed = ""
		m.in.cursor = (m.in.cursor + len(v.Rack) - 1) % max(1, len(v.Rack))
	case key.Matches(k, m.keys.Next):
		m.in.typed = ""
		m.in.cursor = (m.in.cursor + 1) % max(1, len(v.Rack))
	case key.Matches(k, m.keys.Confirm):
		return m.playTile()
	case key.Matches(k, m.keys.Back) && m.in.typed != "":
		m.in.typed = ""
	default:
		return m, nil, false
	}
	m.board.Select(m.chosenTile())
	return m, nil, true
}

// playTile plays the typed tile, or the one under the cursor.
func (m Model) playTile() (Model, tea.Cmd, bool) {
	v := m.game
	var t acquire.Tile
	if typed := m.in.typed; typed != "" {
		// A refused tile is not left typed: the next one starts afresh.
		m.in.typed = ""
		var err error
		if t, err = acquire.ParseTile(typed); err != nil {
			m.say(sentence(err.Error()), true)
			return m, nil, true
		}
	} else if m.in.cursor < len(v.Rack) {
		t = v.Rack[m.in.cursor].Tile
	} else {
		m.say("Your rack is empty.", true)
		return m, nil, true
	}
	i := rackIndex(v, t)
	if i < 0 {
		m.say(fmt.Sprintf("%s is not in your rack: choose one of %s.", t, rackNames(v)), true)
		return m, nil, true
	}
	if info := v.Rack[i]; !info.Class.Playable() {
		m.say(fmt.Sprintf("%s cannot be played: %s.", t, info.Reason), true)
		return m, nil, true
	}
	m, cmd := m.act("play " + t.String())
	return m, cmd, true
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
func (m Model) decideChoice(k tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	v := m.game
	if c, ok := chainOf(v, k); ok {
		if !slices.Contains(v.Choices, c) {
			m.say(m.notAChoice(c), true)
			return m, nil, true
		}
		m, cmd := m.act(choiceVerb[v.Phase] + " " + v.Rules.Chains[c].Name)
		return m, cmd, true
	}
	n := max(1, len(v.Choices))
	switch {
	case key.Matches(k, m.keys.Prev):
		m.in.cursor = (m.in.cursor + n - 1) % n
	case key.Matches(k, m.keys.Next):
		m.in.cursor = (m.in.cursor + 1) % n
	case key.Matches(k, m.keys.Confirm):
		if m.in.cursor >= len(v.Choices) {
			return m, nil, true
		}
		m, cmd := m.act(choiceVerb[v.Phase] + " " + v.Rules.Chains[v.Choices[m.in.cursor]].Name)
		return m, cmd, true
	case len(k.Text) == 1 && k.Text != "/" && k.Text != "?":
		m.say(fmt.Sprintf("%q is no chain's letter: press %s.", k.Text, m.choiceLetters()), true)
	default:
		return m, nil, false
	}
	return m, nil, true
}

// notAChoice says why chain c cannot be chosen now.
func (m Model) notAChoice(c acquire.Chain) string {
	v := m.game
	name := v.Rules.Chains[c].Name
	switch v.Phase {
	case acquire.PhaseFound:
		return fmt.Sprintf("%s is already on the board (A12): press %s.", name, m.choiceLetters())
	case acquire.PhaseSurvivor:
		return fmt.Sprintf("%s is not one of the largest merging chains (A14): press %s.", name, m.choiceLetters())
	}
	return fmt.Sprintf("%s is not one of the largest defunct chains left (A16): press %s.", name, m.choiceLetters())
}

// choiceLetters lists the letters of the choices: "W, F or T".
func (m Model) choiceLetters() string {
	var ls []string
	for _, c := range m.game.Choices {
		ls = append(ls, string(m.game.Rules.Chains[c].Letter))
	}
	return orList(ls)
}

func orList(items []string) string { return list(items, "or") }

func andList(items []string) string { return list(items, "and") }

// list joins items as a sentence does: "a, b or c".
func list(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}

// held is how many shares of the defunct chain the player holds.
func (m Model) held() int {
	v := m.game
	if v.Defunct < 0 || m.snap.You < 0 {
		return 0
	}
	return max(0, v.Shares[m.snap.You][v.Defunct])
}

// decideDispose: sell and trade a defunct chain's shares, keeping the rest
// (A18).
func (m Model) decideDispose(k tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	v := m.game
	held := m.held()
	defunct, survivor := v.Rules.Chains[v.Defunct].Name, v.Rules.Chains[v.Survivor].Name
	switch {
	case key.Matches(k, m.keys.Sell):
		if m.in.sell+m.in.trade >= held {
			m.say(fmt.Sprintf("You hold %d %s shares and keep none: sell or trade fewer.", held, defunct), true)
			break
		}
		m.in.sell++
	case key.Matches(k, m.keys.Unsell):
		if m.in.sell == 0 {
			m.say("You are selling none.", true)
			break
		}
		m.in.sell--
	case key.Matches(k, m.keys.Trade):
		switch {
		case m.in.sell+m.in.trade+2 > held:
			m.say(fmt.Sprintf("Trades go two for one and you have %d %s shares left to trade.", held-m.in.sell-m.in.trade, defunct), true)
		case (m.in.trade+2)/2 > v.Bank[v.Survivor]:
			m.say(fmt.Sprintf("The bank has %d %s shares to trade for (A18).", v.Bank[v.Survivor], survivor), true)
		default:
			m.in.trade += 2
		}
	case key.Matches(k, m.keys.Untrade):
		if m.in.trade == 0 {
			m.say("You are trading none.", true)
			break
		}
		m.in.trade -= 2
	case key.Matches(k, m.keys.Confirm):
		text := "dispose " + defunct
		if m.in.sell > 0 {
			text += fmt.Sprintf(" sell %d", m.in.sell)
		}
		if m.in.trade > 0 {
			text += fmt.Sprintf(" trade %d", m.in.trade)
		}
		m, cmd := m.act(text)
		return m, cmd, true
	default:
		return m, nil, false
	}
	return m, nil, true
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
func (m Model) decideBuy(k tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	v := m.game
	if c, ok := chainOf(v, k); ok {
		m.addShare(c)
		return m, nil, true
	}
	switch {
	case key.Matches(k, m.keys.Erase):
		if len(m.in.buys) > 0 {
			m.in.buys = m.in.buys[:len(m.in.buys)-1]
		}
	case key.Matches(k, m.keys.Confirm):
		text := "buy"
		for _, c := range m.in.buys {
			text += " " + v.Rules.Chains[c].Name
		}
		m, cmd := m.act(text)
		return m, cmd, true
	case key.Matches(k, m.keys.Declare):
		if !v.CanDeclare {
			m.say(fmt.Sprintf("The end may be declared once a chain has %d tiles or every chain on the board is safe (A24).", acquire.EndSize), true)
			break
		}
		m, cmd := m.act("end")
		return m, cmd, true
	case len(k.Text) == 1 && k.Text != "/" && k.Text != "?":
		m.say(fmt.Sprintf("%q is no chain's letter: press the letter of a chain on the board.", k.Text), true)
	default:
		return m, nil, false
	}
	return m, nil, true
}

// addShare adds a share of c to the buy, if the rules allow it (A20).
func (m *Model) addShare(c acquire.Chain) {
	v := m.game
	name := v.Rules.Chains[c].Name
	cash := v.Cash[m.snap.You]
	switch {
	case len(m.in.buys) >= v.Rules.MaxBuy:
		m.say(fmt.Sprintf("At most %d %s a turn (%s): backspace takes one back.", v.Rules.MaxBuy, plural(v.Rules.MaxBuy, "share"), maxBuyRule(v.Rules)), true)
	case v.Size[c] == 0:
		m.say(name+" is not on the board: only chains on the board can be bought (A20).", true)
	case count(m.in.buys, c) >= v.Bank[c]:
		m.say(fmt.Sprintf("The bank has %d %s %s left (A20).", v.Bank[c], name, plural(v.Bank[c], "share")), true)
	case m.in.cost(v)+v.Price[c] > cash:
		m.say(fmt.Sprintf("Another %s share costs %s and you have %s left.", name, board.Money(v.Price[c]), board.Money(cash-m.in.cost(v))), true)
	default:
		m.in.buys = append(m.in.buys, c)
	}
}

func maxBuyRule(r *acquire.Rules) string {
	if r.MaxBuy == 1 {
		return "C4"
	}
	return "A20"
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
