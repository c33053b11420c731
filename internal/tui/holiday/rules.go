package holiday

import (
	"hotels/internal/engine/holiday"
	"hotels/internal/tui/room"
)

// Rules returns Holiday AG's rules for a newcomer, for the rules page.
func (s Screen) Rules() room.Rules { return room.Rules{Text: rules, Kind: holiday.Kind} }

// rules is written for someone who has never played: what to aim for, a
// turn, the grand coup and the score.
const rules = `GOAL
Five holiday companies - Alps, Mediterranean, Tropics, Cities and USA -
each sell trips to twenty destinations, numbered 1 to 20. Take shares in
the companies whose trips will join up into long chains. Shares cost nothing:
the score is in points, and the most points wins.

THE CARDS
Each player holds ten hidden cards. Most are destinations (Alps-7 is the
seventh Alps destination); playing one puts a suitcase there. There are
also two Exchange cards and two Raise cards, and each player gets one or two
option cards at the start.

A TURN
1. Take two shares from the bank: two of one company, or one each of two.
2. Play two cards, one after the other:
   - a destination card puts a suitcase on it;
   - an Exchange card lets you give back one of your shares for a share of
     another company (or swap nothing);
   - a Raise card goes beside a company and adds 1 to its value.
3. Draw back up to ten cards while the stock lasts.
During your turn you may also use an option card: it gives two more shares.

WHAT A COMPANY IS WORTH
Suitcases on neighbouring numbers of one company form a chain (the track does
not wrap round: 20 and 1 are not neighbours). A company is worth the length
of its longest chain if that is 5 or more, otherwise nothing; each Raise card
beside a company worth something adds 1. Keeping the card 5, 10 or 15 of a
company in your hand holds its chains short for as long as you keep it.

THE GRAND COUP AND THE END
The first player to make a chain of 10 or more scores a grand coup: 10 points,
and the end begins. That player finishes the turn; the players after them
in the round take their shares once more; then, starting after the coup
player, everyone may play one last destination or Raise card, or pass.
If nobody makes a coup, the game ends when every hand is down to four cards.

SCORING
For each company, each player scores its value times the shares they hold;
the coup player adds 10. The most points wins; equal totals share the place.

TIPS
Shares are free, so what matters is which company you hold when the chains
close: play cards that lengthen your companies' chains, and keep the cards
that would lengthen the others'.`
