// Package tallies is the registry of what a player's profile counts in
// their games of each game (profile.Tally), beside the profile. It is one
// of the registries a game is added to (see internal/games).
package tallies

import (
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
	"hotels/internal/profile"
)

// All lists the games' profile tallies, in the order of games.All; a game
// whose games count nothing has none.
var All = []profile.Tally{
	{Game: acquire.GameName, Title: "Favourite chains", What: "founded", None: "none founded yet",
		Count: acquire.Founded},
	{Game: holiday.GameName, Title: "Favourite companies", What: "shares taken", None: "no share taken yet",
		Count: holiday.Taken},
	{Game: tycoon.GameName, Title: "Favourite hotels", What: "bought", None: "no plot bought yet",
		Count: tycoon.Bought},
}
