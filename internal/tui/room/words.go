package room

import (
	"context"
	"errors"
	"strings"

	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// friendly words the room's refusals for the status line.
var friendly = []struct {
	err  error
	text string
}{
	{rooms.ErrNoRoom, "That room is gone."},
	{rooms.ErrRoomFull, "Every seat is taken: you can watch instead."},
	{rooms.ErrNotHost, "Only the host can do that."},
	{rooms.ErrNotSeated, "You have no seat at this table: you are watching."},
	{rooms.ErrStarted, "The game has already started."},
	{rooms.ErrNotStarted, "The game has not started yet."},
	{rooms.ErrSeatsEmpty, "Every seat must be filled first: press b to add a bot."},
	{rooms.ErrRoomClosed, "The room is closed."},
	{rooms.ErrChatTooFast, "You are chatting too fast: wait a few seconds."},
	{rooms.ErrActTooFast, "You are acting too fast: wait a moment, then try again."},
	{rooms.ErrSaveFailed, "The server could not save that. Nothing changed: try again."},
	{rooms.ErrNotAbandoned, "Everyone is back at the table: a game can be ended by vote only while the autopilot plays a seat."},
	{context.DeadlineExceeded, "The server did not answer in time. Try again."},
	{context.Canceled, "The server did not answer in time. Try again."},
}

// explain puts an error from the room into words for the player: a rule's
// refusal says why, not the rule's id, which is for the rules and the
// tests; nothing shows a Go error's wording.
func explain(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return Sentence(re.Reason)
	}
	for _, f := range friendly {
		if errors.Is(err, f.err) {
			return f.text
		}
	}
	// The room's other refusals ("seat 3 is empty") are written for players.
	return Sentence(err.Error())
}

// Sentence starts s with a capital and ends it with a full stop.
func Sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}

// List joins items as a sentence does, word before the last: "a, b or c".
func List(items []string, word string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + word + " " + items[len(items)-1]
}

// title starts s with a capital.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
