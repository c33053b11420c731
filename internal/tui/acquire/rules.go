package acquire

import (
	"hotels/internal/engine/acquire"
	"hotels/internal/tui/room"
)

// Rules returns Acquire's rules for a newcomer, for the rules page.
func (s Screen) Rules() room.Rules { return room.Rules{Text: rules, Kind: acquire.Kind} }

// rules is written for someone who has never played: what to aim for, a
// turn, mergers, the end and the score. The engine's rule ids are the
// reference; this is the short way in.
const rules = `GOAL
You are investors in a growing city of hotels. Found hotel chains, grow
them, buy their shares, and cash in when bigger chains swallow them. Whoever
has the most money at the end wins.

THE BOARD
A grid of 108 squares, columns 1-12 and rows A-I. Every square has exactly
one tile (6D, 12I), and each player holds a rack of six hidden tiles.

A TURN
1. Play one tile from your rack onto its square.
   - Touching nothing: it is a lone tile.
   - Touching lone tiles only: you found a chain. Pick any chain not yet on
     the board; you get one share of it free (modern rules).
   - Touching one chain: that chain grows by the tile and any lone tiles
     it joins up with.
   - Touching two or more chains: a merger (below).
2. Buy up to three shares of chains on the board (one a turn in the classic
   rules). A share's price rises with the chain's size; bigger, dearer
   chains cost more per tile. Press P at the buy step to see the price
   table.
3. Draw back up to six tiles.

MERGERS
The biggest chain survives and takes over the others; if they are equal in
size, the player who joined them chooses. A chain of 11 tiles or more is
safe: it can never be taken over, and a tile that would join two safe
chains can never be played.
The two biggest shareholders of each chain taken over are paid a bonus:
ten times its share price for the most shares, five times for the second
most (players who tie share the bonuses). Then every holder, starting with
the player who merged, decides what to do with those shares: sell them at
the old price, trade two of them for one share of the survivor, or keep
them in case the chain is founded again.

THE END
On your turn you may end the game when a chain has 41 tiles or more, or
when every chain on the board is safe. It also ends when the tiles run out.
Then the bonuses of every chain on the board are paid, everyone sells all
their shares at the current prices, and the richest player wins.

TIPS
Cash runs out quickly: keep some for the shares of the next merger. Being
second-biggest holder of a small chain that is about to be swallowed pays
well. Watch the other racks' chances: a chain you cannot reach may grow
safe before you can merge it.`
