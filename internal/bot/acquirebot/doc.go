// Package acquirebot holds Acquire's computer players, in three levels a
// lobby can offer: easy (random legal moves), normal (sound heuristics) and
// hard (a Monte Carlo tree search over sampled hidden information).
//
// Every bot has the shape rooms expects, Choose(g, seat), and plays fair: it
// looks at the game only through what seat may see, either through a copy
// from acquire's Determinize, where everything hidden from seat has been
// drawn again at random, or through seat's own legal actions. Each bot owns
// its random source, so a bot made from a seed plays the same way every
// time (the hard bot when it is capped by iterations rather than by time).
//
// acquirebot imports internal/engine, internal/engine/acquire and
// internal/bot only, never rooms, the store or the TUI.
package acquirebot
