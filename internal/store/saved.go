package store

import (
	"context"

	"hotels/internal/saved"
)

// The values the store keeps are package saved's, which links no driver,
// so that rooms and screens can name them without linking pgx and SQLite;
// the store names them as before.
type (
	AccountID    = saved.AccountID
	GameID       = saved.GameID
	Status       = saved.Status
	Seat         = saved.Seat
	Outcome      = saved.Outcome
	Game         = saved.Game
	NewGame      = saved.NewGame
	Room         = saved.Room
	WaitingRoom  = saved.WaitingRoom
	OpenRoom     = saved.OpenRoom
	Lease        = saved.Lease
	Seeker       = saved.Seeker
	Node         = saved.Node
	Rating       = saved.Rating
	RatingChange = saved.RatingChange
)

// The statuses a game passes through (saved.Status).
const (
	StatusWaiting  = saved.StatusWaiting
	StatusPlaying  = saved.StatusPlaying
	StatusFinished = saved.StatusFinished
	StatusAborted  = saved.StatusAborted
)

// The sentinels of package saved, under the names callers of the store
// test them by.
var (
	ErrNotFound = saved.ErrNotFound
	ErrConflict = saved.ErrConflict
	ErrFenced   = saved.ErrFenced
)

func fenceOf(ctx context.Context) (Lease, bool) { return saved.FenceOf(ctx) }
