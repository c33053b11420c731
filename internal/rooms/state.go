package rooms

import (
	"encoding/json"
	"maps"
	"slices"
	"time"

	"hotels/internal/saved"
)

// State is a room's lasting state beyond its settings and its game, a
// plain value: who hosts and sits where, whether it waits, plays or is
// over, the votes to end it, its clocks and, once over, its ratings,
// places and rematch. The node running a room announces it to the nodes
// that follow it, which make their room the same (Room.Mirror); a restart
// and a waiting room build it from the store.
type State struct {
	Host   Player
	Seats  []seat
	Status Status
	Votes  map[saved.AccountID]bool // who voted to end an abandoned game
	// Left is each seat's game time, Deadline when the decision now timed
	// runs out: by the owner's clock, which the nodes' are assumed close
	// enough to for a countdown on screen, and decide nothing.
	Left     []time.Duration
	Deadline time.Time
	Ratings  []RatingChange // a ranked game's rating changes
	Places   []Place        // a ranked game's places that are not the game's
	Offer    *Rematch       // who asked for a rematch and who answered
}

// clone is a copy of s that shares nothing the room changes in place.
func (s State) clone() State {
	s.Seats, s.Left = slices.Clone(s.Seats), slices.Clone(s.Left)
	s.Ratings, s.Places = slices.Clone(s.Ratings), slices.Clone(s.Places)
	s.Votes = maps.Clone(s.Votes)
	if s.Offer != nil {
		s.Offer = s.Offer.clone()
	}
	return s
}

// chair is a seat as a State's JSON has it: its lasting fields.
type chair struct {
	Player    Player
	Removed   Player
	Name      string
	Bot       bool
	Level     string
	Away      bool
	Autopilot bool
	Invited   bool
}

func (s seat) MarshalJSON() ([]byte, error) {
	return json.Marshal(chair{Player: s.player, Removed: s.removed, Name: s.name, Bot: s.bot, Level: s.level,
		Away: s.away, Autopilot: s.autopilot, Invited: s.invited})
}

func (s *seat) UnmarshalJSON(b []byte) error {
	var c chair
	if err := json.Unmarshal(b, &c); err != nil {
		return err
	}
	*s = seat{player: c.Player, removed: c.Removed, name: c.Name, bot: c.Bot, level: c.Level,
		away: c.Away, autopilot: c.Autopilot, invited: c.Invited}
	return nil
}
