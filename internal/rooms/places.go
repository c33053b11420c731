package rooms

import (
	"context"
	"fmt"

	"hotels/internal/saved"
)

// Placer is what placing games finished before places were stored needs
// of the store.
type Placer interface {
	UnplacedGames(ctx context.Context) ([]saved.Game, error)
	Actions(ctx context.Context, id saved.GameID) ([]string, error)
	PlaceSeats(ctx context.Context, id saved.GameID, seats []saved.Outcome) error
}

// PlaceFinished stores each seat's place and score in the finished games
// that have none (finished before they were stored), replaying each with
// its game's engine once, so that rankings, profiles and history read them
// as they read every other game's. A game that cannot be replayed is
// logged and left as it is. It returns how many games it placed.
func (l *Lobby) PlaceFinished(ctx context.Context, p Placer) (int, error) {
	games, err := p.UnplacedGames(ctx)
	if err != nil {
		return 0, fmt.Errorf("rooms: place finished games: %w", err)
	}
	n := 0
	for _, sg := range games {
		k, err := l.Kind(sg.Game)
		if err != nil {
			l.cfg.Log.Warn("cannot place a finished game's seats", "game", sg.ID, "err", err)
			continue
		}
		lines, err := p.Actions(ctx, sg.ID)
		if err != nil {
			return n, fmt.Errorf("rooms: place game %d: %w", sg.ID, err)
		}
		g, err := k.Resume(sg.Chance, lines)
		if err != nil || g.Standings() == nil {
			l.cfg.Log.Warn("cannot place a finished game's seats", "game", sg.ID, "err", err)
			continue
		}
		if err := p.PlaceSeats(ctx, sg.ID, outcomes(g)); err != nil {
			return n, fmt.Errorf("rooms: place game %d: %w", sg.ID, err)
		}
		n++
	}
	return n, nil
}
