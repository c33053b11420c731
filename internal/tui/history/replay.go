package history

import (
	"errors"
	"fmt"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/games"
	"hotels/internal/tui/screens"
)

// A step is the game after one action of its record: steps[0] is the
// deal.
type step struct {
	line string   // the record line ("carol buy Tower Tower", "roll 4"); "" for the deal
	auto bool     // the autopilot chose it
	view any      // the game after it, as a watcher saw it (the game's view type)
	log  []string // what it did, as a watcher read it
}

// replay is a game rebuilt from its record, one step an action.
type replay struct {
	game  Game
	steps []step
	// stop says, for a player, why the replay ends before the record does;
	// "" if it reached the end.
	stop string
	at   int // the step shown
}

// errInPlay refuses to replay a game that is not over.
var errInPlay = errors.New("the game is still being played")

// newReplay rebuilds g from its record lines by replaying them one by one
// with its game's engine, keeping each position as a watcher saw it. Chance
// lines ("roll 4") are applied as Chance's. A line the engine refuses ends
// the replay there, and stop says where.
func newReplay(g Game, lines []string) (*replay, error) {
	// The record holds every hand and what is drawn next: a game in play
	// is never replayed, so nobody can read what is still to come.
	if !g.Status.done() {
		return nil, fmt.Errorf("history: replay game %d: %w", g.ID, errInPlay)
	}
	kind, ok := games.ByName(g.Game)
	if !ok || !screens.Has(g.Game) {
		return nil, fmt.Errorf("history: replay game %d: no replay for %q games", g.ID, g.Game)
	}
	game, err := kind.Resume(g.Chance, nil)
	if err != nil {
		return nil, fmt.Errorf("history: replay game %d: deal: %w", g.ID, err)
	}
	seats := game.Seats()
	r := &replay{game: g}
	r.steps = append(r.steps, step{
		view: game.View(engine.Watcher),
		log:  []string{"the game starts: " + seats[0] + " plays first"},
	})
	for i, line := range lines {
		text, comment, _ := strings.Cut(line, "#")
		text = strings.TrimSpace(text)
		seat, action := engine.SplitLine(seats, text)
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
			view: game.View(engine.Watcher),
			log:  game.Log(engine.Watcher),
		})
	}
	return r, nil
}

// moves is how many actions the replay holds.
func (r *replay) moves() int { return len(r.steps) - 1 }

// goTo shows step i, kept within the replay.
func (r *replay) goTo(i int) { r.at = max(0, min(i, r.moves())) }
