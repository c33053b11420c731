// Package holiday holds the computer players of Holiday AG, in the three
// levels a lobby offers: easy (random legal moves), normal (sound
// heuristics) and hard (Monte Carlo search over sampled hidden hands).
//
// Every bot has the shape of bot.Bot, Choose(g, seat), and plays fair: it
// reads its own hand and what is public (H25), and the hard bot plays ahead
// only on copies from Determinize, where the other hands and the stock have
// been drawn again at random. Each bot owns its random source, so a bot made
// from a seed plays the same way every time (the hard bot when it is capped
// by playouts rather than by time).
//
// It imports internal/bot (for the Bot interface), internal/engine and
// internal/engine/holiday only.
package holiday
