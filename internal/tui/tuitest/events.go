package tuitest

import (
	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// Events numbers texts as a room's log from 1, each made by seat.
func Events(seat engine.Seat, texts ...string) []rooms.Event {
	out := make([]rooms.Event, len(texts))
	for i, t := range texts {
		out[i] = rooms.Event{Seq: uint64(i + 1), Seat: seat, Text: t}
	}
	return out
}

// PlayUntil applies the action next chooses for each seat due, until
// viewer's decision is due or the game is over, and returns the events as
// viewer read them, as a room logs them: numbered from 1, each naming the
// seat whose action made it.
func PlayUntil(g engine.Game, viewer engine.Seat, next func(seat engine.Seat) engine.Action) []rooms.Event {
	var out []rooms.Event
	for {
		seat, ok := g.ToMove()
		if !ok || seat == viewer {
			return out
		}
		if err := g.Apply(seat, next(seat)); err != nil {
			panic(err) // next chose an illegal action: the test is wrong
		}
		for _, text := range g.Log(viewer) {
			out = append(out, rooms.Event{Seq: uint64(len(out) + 1), Seat: seat, Text: text})
		}
	}
}
