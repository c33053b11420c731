package rooms

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"hotels/internal/engine"
	"hotels/internal/metrics"
	"hotels/internal/saved"
)

// The game in a room: dealing it, a move, chance, its end and places.

// Start deals the game once every seat is filled; only the host may.
func (r *Room) Start(ctx context.Context, p Player) error {
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opStart, Player: p})
}

// start is Start for the lobby itself: ranked tables.
func (r *Room) start(ctx context.Context, p Player) error {
	return r.call(ctx, func() error {
		if err := r.hostWaiting(p); err != nil {
			return err
		}
		names := make([]string, len(r.st.Seats))
		var players []Player
		for i, st := range r.st.Seats {
			if st.empty() {
				return ErrSeatsEmpty
			}
			if st.invited {
				return fmt.Errorf("%s has not answered the rematch yet: wait, or free the seat", st.name)
			}
			names[i] = st.name
			if st.human() {
				players = append(players, st.player)
			}
		}
		if err := r.lobby.freeToStart(ctx, players, r.ID); err != nil {
			return err
		}
		var b [8]byte
		rand.Read(b[:])
		g, header, err := r.kind.Deal(r.set.Rules, r.set.Options, names, binary.LittleEndian.Uint64(b[:]))
		if err != nil {
			return err
		}
		// The deal chooses who plays first (A7): seat the table in turn order.
		order := g.Seats()
		seats := make([]seat, len(order))
		stored := make([]saved.Seat, len(order))
		for i, name := range order {
			for _, st := range r.st.Seats {
				if st.name == name {
					seats[i] = st
				}
			}
			stored[i] = saved.Seat{Index: i, Account: seats[i].player.ID, Name: name, Bot: seats[i].level}
		}
		ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
		defer cancel()
		id, err := r.lobby.cfg.Journal.CreateGame(ctx, saved.NewGame{
			Game: r.kind.Name, Rules: r.set.Rules, Options: strings.Join(r.set.Options, " "),
			Clock: r.set.Clock.Text(), Ranked: r.set.Ranked, Chance: header, Seats: stored, Status: saved.StatusPlaying,
			Room: saved.Room{ID: r.ID, Code: r.code, Title: r.set.Name, Host: r.st.Host.ID},
		})
		if err != nil {
			r.lobby.saveFailed("create game", err, "room", r.ID)
			return ErrSaveFailed
		}
		r.lobby.saved()
		r.st.Seats, r.game, r.names, r.gameID, r.st.Status = seats, g, order, id, Playing
		r.startClocks()
		r.note(fmt.Sprintf("the game starts: %s plays first", order[0]))
		r.throw()
		return nil
	})
}

// Act applies p's action, written as in a record ("play 6D", "buy Tower").
// It returns once the action is saved, or with the reason it was refused.
func (r *Room) Act(ctx context.Context, p Player, text string) error {
	if !r.lobby.actions.Allow(p.ID) {
		return ErrActTooFast
	}
	return r.do(ctx, Intent{Op: opAct, Player: p, Text: text})
}

func (r *Room) act(ctx context.Context, p Player, text string) error {
	return r.call(ctx, func() error {
		if r.st.Status != Playing {
			return ErrNotStarted
		}
		i := r.seatOf(p)
		if i < 0 {
			return ErrNotSeated
		}
		return r.apply(engine.Seat(i), text, false)
	})
}

// apply validates seat s's action on a copy of the game, draws there
// every throw of chance it makes due, journals the action and the throws
// in one commit, and only then makes the copy the game (house rule 3).
// An autopilot's action is saved and shown as such.
func (r *Room) apply(s engine.Seat, text string, autopilot bool) error {
	next := r.copyGame()
	a, err := next.ParseAction(s, text)
	if err == nil {
		err = next.Apply(s, a)
	}
	if err != nil {
		r.spare = next
		return err
	}
	line, note := engine.JoinLine(r.names, s, a.String()), ""
	if autopilot {
		line += autopilotMark
		note = " (autopilot)"
	}
	var acts [2]acted // the action and the throw it makes due, if any
	acts[0].seat, acts[0].note = s, note
	acts[0].events.take(next, len(r.st.Seats))
	n := len(r.lines)
	r.lines = append(r.lines, line)
	err = r.commit(next, n, acts[:1])
	if err == nil || errors.Is(err, ErrMovedOn) {
		r.throw() // any throw due that commit did not journal
	}
	return err
}

// acted is an action applied to the copy of the game that a commit makes
// the room's: whose it was, and its events, taken as it was applied,
// before the next (Game.Log tells of the last action only).
type acted struct {
	seat   engine.Seat
	note   string
	events viewerLog
}

// commit journals in one commit (one wait for the journal) the lines
// added to r.lines from n on, which are those of the actions applied to
// next, a copy of the game, acts, together with every throw of chance they
// made due, drawn now on next (and added to acts, in its room to spare).
// Only once all are committed does next become the game and each action's
// events shown (house rule 3). If the commit fails none of it is applied
// and the lines are taken off again: the journal holds none of them
// (ErrSaveFailed), or lines the room lacks, which it applies (ErrMovedOn).
func (r *Room) commit(next engine.Game, n int, acts []acted) error {
	for {
		if seat, ok := next.ToMove(); !ok || seat != engine.Chance {
			break
		}
		outcomes := next.Legal(engine.Chance)
		a := outcomes[cryptoIntN(len(outcomes))]
		if err := next.Apply(engine.Chance, a); err != nil { // a game's own outcome: never
			r.lobby.cfg.Log.Error("a throw the game listed is refused", "room", r.ID, "game", r.gameID, "throw", a.String(), "err", err)
			break // the throw stays due: throw tries again
		}
		acts = append(acts, acted{seat: engine.Chance})
		acts[len(acts)-1].events.take(next, len(r.st.Seats))
		r.lines = append(r.lines, a.String())
	}
	lines := r.lines[n:]
	if len(lines) == 0 {
		r.spare = next
		return ErrSaveFailed // nothing to journal: no throw could be drawn
	}
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.link.Commit(ctx, r.gameID, n+1, lines...); err != nil {
		what := strings.Join(lines, " / ")
		clear(lines) // before movedOn appends the journal's lines there
		r.lines = r.lines[:n]
		if errors.Is(err, saved.ErrConflict) && r.movedOn(ctx) {
			return ErrMovedOn
		}
		r.lobby.saveFailed("save action", err, "room", r.ID, "game", r.gameID, "line", what)
		r.spare = next
		return ErrSaveFailed
	}
	r.lobby.saved()
	metrics.ActionsCommitted.WithLabelValues(r.kind.Name).Add(float64(len(lines)))
	r.game, r.spare = next, r.game // nothing holds the game before: views share nothing with it
	for i := range acts {
		r.chargeClock(acts[i].seat)
		r.logEvents(acts[i].seat, acts[i].note, acts[i].events.texts())
	}
	if _, ok := r.game.ToMove(); !ok {
		r.finish()
	}
	return nil
}

// copyGame returns an independent copy of the room's game to apply an action
// to: the spare made a copy in place where the engine can (engine.Copier),
// a clone otherwise.
func (r *Room) copyGame() engine.Game {
	if c, ok := r.spare.(engine.Copier); ok && c.CopyFrom(r.game) {
		next := r.spare
		r.spare = nil
		return next
	}
	return r.game.Clone()
}

// movedOn reads the journal after an append found its number taken: a
// commit whose answer was lost (the connection dropped as it committed)
// saved an action this room never applied. The journal is the truth, so
// the room applies what it lacks, as a restart would, and says whether
// there was any: then the action asked for was judged on a game that has
// moved on since, and is refused.
func (r *Room) movedOn(ctx context.Context) bool {
	n, err := r.readJournal(ctx)
	if err != nil {
		r.lobby.cfg.Log.Error("cannot read a room's journal after its action number was taken", "room", r.ID, "game", r.gameID, "err", err)
	}
	if n == 0 {
		return false
	}
	if _, ok := r.game.ToMove(); !ok {
		r.finish()
	}
	return true
}

// autopilotMark ends the journal line of an action the autopilot chose.
const autopilotMark = "  # autopilot"

// throw draws every chance outcome due (a die's throw) that no action
// made due with it (apply): at the start, after a restart, after the room
// learnt of actions it lacked (ErrMovedOn). Each is drawn uniformly among
// Legal(Chance) from crypto/rand and applied as Chance's action, journaled
// before anyone sees it, so a restart replays it and never throws again. A
// throw that cannot be saved is tried again after the bot delay; until
// then no seat's decision is due.
func (r *Room) throw() {
	for r.st.Status == Playing {
		if seat, ok := r.game.ToMove(); !ok || seat != engine.Chance {
			return
		}
		var acts [1]acted // the throw
		err := r.commit(r.copyGame(), len(r.lines), acts[:0])
		if err == nil || errors.Is(err, ErrMovedOn) {
			continue // the journal's throw stands; another may be due
		}
		// commit logged why
		r.lobby.cfg.After(r.lobby.cfg.BotDelay, func() {
			r.post(func() bool { r.throw(); return true })
		})
		return
	}
}

// cryptoIntN returns a uniform number in [0, n) from crypto/rand: players
// must not be able to predict a throw from the ones before it.
func cryptoIntN(n int) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n))) // never fails (crypto/rand.Read)
	return int(v.Int64())
}

// toMove returns the seat whose decision is due, never Chance: the room
// throws chance itself, at once, so clocks, bots and the autopilot never
// act for it.
func (r *Room) toMove() (engine.Seat, bool) {
	seat, ok := r.game.ToMove()
	return seat, ok && seat != engine.Chance
}

// logGame adds the events of seat's last action, in each viewer's words.
func (r *Room) logGame(seat engine.Seat, note string) {
	var l viewerLog
	l.take(r.game, len(r.st.Seats))
	r.logEvents(seat, note, l.texts())
}

// viewerLog is the events of an action in the words of each viewer of a
// room: the watcher's first, then each seat's.
type viewerLog struct {
	n    int
	few  [8][]string // most rooms' viewers', without an allocation
	many [][]string  // where they do not fit
}

// take takes the events of g's last action for a room of seats.
func (l *viewerLog) take(g engine.Game, seats int) {
	texts := l.few[:0]
	if l.n = 1 + seats; l.n > len(l.few) {
		l.many = make([][]string, l.n)
		texts = l.many
	}
	texts = texts[:l.n]
	texts[0] = g.Log(engine.Watcher)
	_, public := g.(engine.Public) // everyone reads the same: put in words once
	for i := range seats {
		if public {
			texts[1+i] = texts[0]
		} else {
			texts[1+i] = g.Log(engine.Seat(i))
		}
	}
}

// texts returns the events by viewer.
func (l *viewerLog) texts() [][]string {
	if l.many != nil {
		return l.many
	}
	return l.few[:l.n]
}

// logEvents adds the events of an action of seat, texts by viewer
// (viewerLog.texts).
func (r *Room) logEvents(seat engine.Seat, note string, texts [][]string) {
	for k, public := range texts[0] {
		// The note is the action's: the events after its first (another
		// seat's forced pass, the next throw) are no autopilot's doing.
		n := note
		if k > 0 {
			n = ""
		}
		r.addEvent(seat, func(v int) string {
			if t := texts[v][k]; t != public {
				return t + n
			}
			return public + n
		})
	}
}

func (r *Room) finish() {
	r.st.Status, r.ended = Over, r.lobby.cfg.Now()
	r.st.Places = r.finalPlaces()
	ctx, cancel := context.WithTimeout(context.Background(), saveTimeout)
	defer cancel()
	if err := r.lobby.cfg.Journal.FinishGame(ctx, r.gameID, result(r.game), placed(r.game, r.st.Places)); err != nil {
		// The actions are saved; the game can be finished again from them.
		r.lobby.saveFailed("finish game", err, "room", r.ID, "game", r.gameID)
		return
	}
	r.lobby.saved()
	r.rate()
}

// result writes a finished game's result as a record's `result` line does:
// each seat's final score, best first.
func result(g engine.Game) string {
	var parts []string
	for _, st := range g.Standings() {
		parts = append(parts, fmt.Sprintf("%s %d", st.Name, st.Score))
	}
	return strings.Join(parts, " ")
}

// Place is a ranked game's final place of a seat where it is not the
// place the game gave it: a player who left (the autopilot finished for
// them) or was removed is placed below every player who stayed.
type Place struct {
	Seat  engine.Seat
	Place int
	Why   string // "left" or "was removed"
}

// finalPlaces lists the seats of a finished ranked game whose place is
// not the game's: in a ranked game a player who left or was removed is
// placed after those who stayed, whatever their autopilot scored, so
// that leaving never pays. Among themselves each group keeps the game's
// order. Nil for an unranked game, or when no place moves. One place per
// seat: the store, the ratings and the final screen all read these.
func (r *Room) finalPlaces() []Place {
	if !r.set.Ranked {
		return nil
	}
	return rankedPlaces(r.game, func(i int) string {
		switch st := r.st.Seats[i]; {
		case st.removed.ID != 0:
			return "was removed"
		case st.human() && st.away && st.autopilot: // not one who dropped a moment ago
			return "left"
		}
		return ""
	})
}

// rankedPlaces is finalPlaces for a finished game g whose seats gone says
// why they are placed below the others ("" for none).
func rankedPlaces(g engine.Game, gone func(i int) string) []Place {
	game := outcomes(g)
	var out []Place
	for i := range game {
		place := 1
		for j := range game {
			ahead := game[j].Place < game[i].Place
			if (gone(j) == "") != (gone(i) == "") {
				ahead = gone(j) == ""
			}
			if ahead {
				place++
			}
		}
		if place != game[i].Place {
			out = append(out, Place{Seat: engine.Seat(i), Place: place, Why: gone(i)})
		}
	}
	return out
}

// placed is outcomes with the places of a ranked game's finalPlaces.
func placed(g engine.Game, places []Place) []saved.Outcome {
	out := outcomes(g)
	for _, p := range places {
		out[p.Seat].Place = p.Place
	}
	return out
}

// outcomes lists how each seat finished a game, by seat, as the game
// decided it: stored, so that nothing derives places from scores again.
func outcomes(g engine.Game) []saved.Outcome {
	out := make([]saved.Outcome, len(g.Seats()))
	for _, st := range g.Standings() {
		out[st.Seat] = saved.Outcome{Place: st.Place, Score: st.Score}
	}
	return out
}

// startClocks gives every seat its game time.
func (r *Room) startClocks() {
	r.clock = clockState{}
	r.st.Left, r.st.Deadline = make([]time.Duration, len(r.st.Seats)), time.Time{}
	for i := range r.st.Left {
		r.st.Left[i] = r.set.Clock.Game
	}
}
