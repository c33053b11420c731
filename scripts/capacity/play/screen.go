package main

import (
	"hash/maphash"
	"regexp"
	"strings"
	"sync/atomic"
	"time"
)

// This file reads the screens of internal/tui: the lobby, the new-room
// form, the waiting room and the game (internal/tui/room/game.go). At
// 80×24 the game screen is, top to bottom: the header; the board beside
// the chain table (10 rows); the rack beside the players (7); the decision
// due (2); the status line; the last event; the last chat line; the help
// line. Every row below is found by its text, not its number, so other
// sizes work too.

var seed = maphash.MakeSeed()

// readers lists the games whose screens the players read: this file reads
// Acquire's, Holiday AG's (internal/tui/holiday: the five tracks with the
// bank's shares in their last column, the hand beside the players) and
// Hotel Tycoon's (internal/tui/tycoon: a menu of the legal actions, "choice
// 1 of 8", and the auction's bid line). Another game's reader comes with
// its screen.
var readers = map[string]bool{"acquire": true, "holiday": true, "tycoon": true}

// view is a parsed screen.
type view struct {
	lines  []string
	full   uint64 // hash of the whole text
	area   uint64 // hash of everything but the status line
	due    int    // row of the decision line; -1 if not a game screen
	status string // the status line (two rows below the decision line)
}

func parseView(text string, h int) *view {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, "\r ")
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	v := &view{lines: lines, due: -1, full: maphash.String(seed, text)}
	for i, l := range lines {
		if isDueLine(l) {
			v.due = i
			break
		}
	}
	st := -1
	if v.due >= 0 && v.due+2 < len(lines) {
		st = v.due + 2
		v.status = lines[st]
	}
	var hh maphash.Hash
	hh.SetSeed(seed)
	for i, l := range lines {
		if i != st {
			hh.WriteString(l)
		}
		hh.WriteByte('\n')
	}
	v.area = hh.Sum64()
	return v
}

// The first line of the decision due (room/game.go dueLines): the player's
// own decision, or "> NAME is to ..." for everyone else.
var ownDecision = []struct {
	prefix string
	phase  phase
}{
	{"Your turn: play a tile.", phasePlay},
	{"Your tile ", phaseFound}, // "Your tile 4A founds a chain: name it by its letter."
	{"The largest merging chains tie", phaseSurvivor},
	{"Defunct chains tie", phaseNext},
	{"Your turn: buy up to", phaseBuy},
	{"You declared the end: buy", phaseBuy},
	{"The autopilot is playing for you", phaseAutopilot},
	// Holiday AG (internal/tui/holiday decide.go question).
	{"Your turn: take ", phaseTake},
	{"Your turn: special round: take ", phaseTake},
	{"Your turn: play your ", phaseCard},
	{"Your turn: final round: ", phaseLast},
	// Hotel Tycoon (internal/tui/tycoon screen.go Decision).
	{"Your move: ", phaseMenu},
	{"Your bid for the ", phaseBid},
}

type phase int

const (
	phaseNone phase = iota
	phasePlay
	phaseFound
	phaseSurvivor
	phaseNext
	phaseDispose
	phaseBuy
	phaseAutopilot
	phaseTake // Holiday AG: shares to take
	phaseCard // Holiday AG: a card to play
	phaseLast // Holiday AG: the final round's card, or a pass
	phaseMenu // Hotel Tycoon: one of the legal actions listed
	phaseBid  // Hotel Tycoon: a bid in an auction, or a pass
)

var phaseNames = [...]string{"none", "play", "found", "survivor", "next", "dispose", "buy", "autopilot", "take", "card", "last", "menu", "bid"}

func (p phase) String() string { return phaseNames[p] }

func isDueLine(l string) bool {
	// Hotel Tycoon's others' decisions read "> bob may bid for the Royal
	// (...)." or "> bob is on space 7 (build) and may act.".
	if strings.HasPrefix(l, "> ") && (strings.Contains(l, " is to ") || strings.Contains(l, " may ") || strings.Contains(l, " has declared the end")) {
		return true
	}
	return ownPhase(l) != phaseNone
}

func ownPhase(l string) phase {
	for _, d := range ownDecision {
		if strings.HasPrefix(l, d.prefix) {
			return d.phase
		}
	}
	if strings.Contains(l, " survives: dispose of your ") {
		return phaseDispose
	}
	return phaseNone
}

// canDeclare reports whether the buy screen offers to end the game: the
// decision line ends "e ends the game." and the help line lists "e end
// game" (room/game.go); either will do.
func (v *view) canDeclare() bool {
	if v.due >= 0 && strings.Contains(v.lines[v.due], "e ends the") {
		return true
	}
	return len(v.lines) > 0 && strings.Contains(v.lines[len(v.lines)-1], "e end game")
}

// game reports whether v is a game in play.
func (v *view) game() bool { return v.due >= 0 }

// mine is the decision due if it is the player's own, else phaseNone.
func (v *view) mine() phase {
	if v.due < 0 {
		return phaseNone
	}
	return ownPhase(v.lines[v.due])
}

func (v *view) has(s string) bool {
	for _, l := range v.lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// over reports a finished game (room/views.go finalView) or a room that
// closed under the player.
func (v *view) over() bool {
	return v.has("Game over: final standings") || v.has("The game is over:")
}

func (v *view) lobby() bool {
	return len(v.lines) > 0 && strings.HasPrefix(v.lines[0], "Hotels  lobby")
}

var roomIDRe = regexp.MustCompile(`· room ([0-9a-z]+)`)

// roomID is the room's id from the header of a room screen.
func (v *view) roomID() string {
	if len(v.lines) == 0 {
		return ""
	}
	if m := roomIDRe.FindStringSubmatch(v.lines[0]); m != nil {
		return m[1]
	}
	return ""
}

// waiting reports the waiting room and how many seats are taken.
var waitingRe = regexp.MustCompile(`Waiting for players: (\d+) of (\d+) seats taken`)

func (v *view) waiting() (taken, seats int, ok bool) {
	for _, l := range v.lines {
		if m := waitingRe.FindStringSubmatch(l); m != nil {
			return atoi(m[1]), atoi(m[2]), true
		}
	}
	return 0, 0, false
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

// rackTile is one row of the player's rack.
type rackTile struct {
	name     string
	playable bool
}

// rackRe: "> 12G grows Tower" or "  2I  merges American + Imperial", in
// the rack's 38 columns (board.Width) left of the players table.
var rackRe = regexp.MustCompile(`^(> |  )(\d{1,2}[A-I]) +(\S.*)$`)

// rack returns the rack's tiles and the row of the cursor (-1 if none).
func (v *view) rack() (tiles []rackTile, cursor int) {
	cursor = -1
	start := -1
	for i, l := range v.lines {
		if strings.HasPrefix(l, "Your tiles") {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil, -1
	}
	for i := start; i < len(v.lines) && i < start+6; i++ {
		left := v.lines[i]
		if r := []rune(left); len(r) > 38 {
			left = string(r[:38])
		}
		m := rackRe.FindStringSubmatch(strings.TrimRight(left, " "))
		if m == nil {
			break
		}
		desc := m[3]
		ok := !strings.HasPrefix(desc, "unplayable") && !strings.HasPrefix(desc, "dead")
		if m[1] == "> " {
			cursor = len(tiles)
		}
		tiles = append(tiles, rackTile{name: m[2], playable: ok})
	}
	return tiles, cursor
}

// chainRe: a chain table row, "W  Worldwide      3   $300    5   0", right
// of the board.
var chainRe = regexp.MustCompile(`([A-Z])  ([A-Z][a-z]+) +(\d+|-) +`)

// chainsOnBoard returns the letters of the chains with tiles on the board.
func (v *view) chainsOnBoard() []string {
	var out []string
	for _, l := range v.lines {
		for _, m := range chainRe.FindAllStringSubmatch(l, -1) {
			if m[3] != "-" {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// trackRe: a Holiday AG track row, "A Alps   · · A …   3     0     ·   17":
// the company's letter, then its bank's shares last.
var trackRe = regexp.MustCompile(`^([AMTCU]) [A-Z][a-z]+ .* (\d+) +(\d+) +(?:\+\d+|·) +(\d+)$`)

// bank returns the letters of Holiday AG's companies, each as many times as
// the bank holds their shares, up to two.
func (v *view) bank() []string {
	var out []string
	for _, l := range v.lines {
		if m := trackRe.FindStringSubmatch(l); m != nil {
			for range min(2, atoi(m[4])) {
				out = append(out, strings.ToLower(m[1]))
			}
		}
	}
	return out
}

// chosenCard is what the second decision line says of Holiday AG's card
// under the cursor: "Raise", "Exchange" or a destination ("Alps-7").
func (v *view) chosenCard() string {
	if v.due < 0 || v.due+1 >= len(v.lines) {
		return ""
	}
	card, _, _ := strings.Cut(v.lines[v.due+1], ":")
	return card
}

// choiceRe: Hotel Tycoon's decision line, "Your move: space 7 (build),
// what will you do?  (choice 1 of 4)".
var choiceRe = regexp.MustCompile(`\(choice (\d+) of (\d+)\)`)

// choice returns the legal action under Hotel Tycoon's cursor (from 0) and
// how many there are; n is 0 if the decision line says neither.
func (v *view) choice() (at, n int) {
	if v.due < 0 {
		return 0, 0
	}
	m := choiceRe.FindStringSubmatch(v.lines[v.due])
	if m == nil {
		return 0, 0
	}
	return atoi(m[1]) - 1, atoi(m[2])
}

// auction reports whether Hotel Tycoon's players table shows an auction
// under way: "Auction: the Waikiki (alice's debt)".
func (v *view) auction() bool { return v.has("Auction: the ") }

// bidRe: Hotel Tycoon's auction line, "Your bid for the Waikiki: at least
// $2,850, you have $3,300.".
var bidRe = regexp.MustCompile(`at least \$([\d,]+), you have \$([\d,]+)`)

// bidRoom reports the auction's least bid and the player's cash; ok is
// false if the decision line says neither.
func (v *view) bidRoom() (least, cash int, ok bool) {
	if v.due < 0 {
		return 0, 0, false
	}
	m := bidRe.FindStringSubmatch(v.lines[v.due])
	if m == nil {
		return 0, 0, false
	}
	return atoi(strings.ReplaceAll(m[1], ",", "")), atoi(strings.ReplaceAll(m[2], ",", "")), true
}

// watchKind says which part of the screen a watch waits on.
type watchKind int

const (
	onScreen watchKind = iota // any change of the text
	onArea                    // a change outside the status line: the game itself
	onStatus                  // a change of the status line
)

// watch waits, in the reader, for a change of the screen after a key was
// written. Until t0 is set (just before the write) a change is output that
// was already on its way: it becomes the new base.
type watch struct {
	kind   watchKind
	base   uint64
	status string
	t0     atomic.Int64 // UnixNano of the write; 0 until then
	done   chan struct{}
	at     time.Time // when the change arrived
	bytes  int       // size of the chunk that brought it
	// onFire, if set, runs in the reader (the term's lock held) when the
	// watch fires.
	onFire func(w *watch)
	// For a move's watch: the move, and whether this screen is a watcher's.
	rec     *moveRec
	watcher bool
}

func newWatch(kind watchKind) *watch {
	return &watch{kind: kind, done: make(chan struct{})}
}

func (w *watch) rebase(v *view) {
	switch w.kind {
	case onScreen:
		w.base = v.full
	case onArea:
		w.base = v.area
	case onStatus:
		w.status = v.status
	}
}

func (w *watch) changed(v *view) bool {
	switch w.kind {
	case onScreen:
		return v.full != w.base
	case onArea:
		return v.area != w.base
	}
	return v.status != w.status
}

// check fires w if v is a change; it reports whether w fired.
func (w *watch) check(v *view, now time.Time, n int) bool {
	if !w.changed(v) {
		return false
	}
	if w.t0.Load() == 0 {
		w.rebase(v)
		return false
	}
	w.at, w.bytes = now, n
	if w.onFire != nil {
		w.onFire(w)
	}
	close(w.done)
	return true
}

func (w *watch) fired() bool {
	select {
	case <-w.done:
		return true
	default:
		return false
	}
}

func (w *watch) started() time.Time { return time.Unix(0, w.t0.Load()) }
