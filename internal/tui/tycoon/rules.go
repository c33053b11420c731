package tycoon

import (
	"hotels/internal/engine/tycoon"
	"hotels/internal/tui/room"
)

// Rules returns Hotel Tycoon's rules for a newcomer, for the rules page.
func (s Screen) Rules() room.Rules { return room.Rules{Text: rules, Kind: tycoon.Kind} }

// rules is written for someone who has never played: what to aim for, a
// turn, building, stays and how players go out.
const rules = `GOAL
Buy land along a road, build hotels on it, and put entrances on the road
so that the other players stay in them and pay you. A player who cannot
pay is out; the last player left wins (or the richest after a set number of
rounds, if the room says so).

THE BOARD
Eight hotels - Boomerang, Fujiyama, L'Etoile, President, Royal, Waikiki,
Taj Mahal and Safari - stand on plots beside a road of 31 spaces that runs
round in a loop. Each space borders a plot on each side and says what a car
stopping there may do: Buy, Build, Free entrance or Free phase.

A TURN
1. Roll the die and drive that many spaces (past any car in the way).
   Crossing the Bank line pays you $2,000.
2. If you stop at an entrance of another player's hotel, you are a guest:
   roll the die for the nights and pay the nightly rent times the nights.
3. Do what your space offers, if you want to:
   - Buy: buy a vacant plot beside the space, from the bank, or from the
     player who holds it (they cannot refuse).
   - Build: name one of your plots and how many buildings to put up, then
     roll the permission die: green builds at the listed price, red builds
     nothing, H builds at half price, double builds at double the price (or
     not at all, as you choose). A hotel whose buildings are all up can instead get its
     facilities, with no roll.
   - Free phase: the next building (or the facilities) of a hotel, free.
   - Free entrance: one entrance on one of your hotels, free.
4. Crossing the Town Hall line lets you buy one entrance for each of your
   hotels at the end of the turn.
A hotel's first entrance goes on its own reserved space; a road space holds
one entrance at most. The more a hotel has been built, the higher its rent.

DEBTS AND THE END
Buying and building need cash in hand; only a stay can put you in debt. A
guest who cannot pay auctions their hotels, one whole plot at a time: the
other players bid in turn, each more than the last, or pass. A guest still
short after selling everything pays what they have and is out. The last
player left wins; the others are placed by how long they lasted. A player's
worth is their cash plus what their land, buildings and entrances cost.

TIPS
Entrances earn the money, buildings only raise the rent: a tall hotel with
no entrance earns nothing. Keep enough cash for a bad night's stay.`
