package history

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/store"
)

// A step is the game after one action of its record: steps[0] is the
// deal.
type step struct {
	line string        // the record line ("carol buy Tower Tower"); "" for the deal
	auto bool          // the autopilot chose it
	view *acquire.View // the game after it, as a watcher saw it
	log  []string      // what it did, as a watcher read it
}

// replay is a game rebuilt from its record, one step an action.
type replay struct {
	game  store.Game
	steps []step
	// stop says, for a player, why the replay ends before the record does;
	// "" if it reached the end.
	stop string
	at   int // the step shown
}

// errInPlay refuses to replay a game that is not over.
var errInPlay = errors.New("the game is still being played")

// newReplay rebuilds g from its record lines by replaying them one by one
// with the engine, keeping each position as a watcher saw it. A line the
// engine refuses ends the replay there, and stop says where.
func newReplay(g store.Game, lines []string) (*replay, error) {
	// The record holds every rack and the order of the bag: a game in play
	// is never replayed, so nobody can read the tiles still to come.
	if !g.Status.Done() {
		return nil, fmt.Errorf("history: replay game %d: %w", g.ID, errInPlay)
	}
	if g.Game != acquire.GameName {
		return nil, fmt.Errorf("history: replay game %d: no replay for %q games", g.ID, g.Game)
	}
	game, err := acquire.Kind.Resume(g.Chance, nil)
	if err != nil {
		return nil, fmt.Errorf("history: replay game %d: deal: %w", g.ID, err)
	}
	seats := game.Seats()
	r := &replay{game: g}
	r.steps = append(r.steps, step{
		view: watch(game),
		log:  []string{"the game starts: " + seats[0] + " plays first"},
	})
	for i, line := range lines {
		text, comment, _ := strings.Cut(line, "#")
		text = strings.TrimSpace(text)
		name, action, _ := strings.Cut(text, " ")
		seat := engine.Seat(slices.Index(seats, name))
		if seat < 0 {
			r.stop = fmt.Sprintf("The record stops at move %d: %q is not at this table.", i+1, name)
			break
		}
		a, err := game.ParseAction(seat, action)
		if err == nil {
			err = game.Apply(seat, a)
		}
		if err != nil {
			r.stop = fmt.Sprintf("The record stops at move %d: the rules refuse %q.", i+1, text)
			break
		}
		r.steps = append(r.steps, step{
			line: text,
			auto: strings.TrimSpace(comment) == "autopilot",
			view: watch(game),
			log:  game.Log(engine.Watcher),
		})
	}
	return r, nil
}

// watch is the game as a watcher sees it: an independent value, so the
// game may go on.
func watch(g engine.Game) *acquire.View { return g.View(engine.Watcher).(*acquire.View) }

// moves is how many actions the replay holds.
func (r *replay) moves() int { return len(r.steps) - 1 }

// goTo shows step i, kept within the replay.
func (r *replay) goTo(i int) { r.at = max(0, min(i, r.moves())) }
