package rooms_test

import (
	"context"
	"strings"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/rooms/roomstest"
	"hotels/internal/sanitize"
)

// F5: a chat message or a room title needs a character that shows, and is
// as wide as the renderer draws it, not as many characters as it has.
func TestF5ChatAndTitleNeedVisibleText(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	for _, title := range []string{"\u3164\u3164", "\u00AD", "\U000E0041\U000E0042", "\u2800", strings.Repeat("漢", rooms.MaxTitle/2+1)} {
		if _, err := l.Create(ctx, ann, rooms.Settings{Seats: 2, Name: title}); err == nil {
			t.Errorf("Create(title %+q) = nil error, want a refusal", title)
		}
	}
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2, Name: " \u115Fann's\u00AD game "})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Info().Name; got != "ann's game" {
		t.Errorf("title = %+q, want %+q", got, "ann's game")
	}
	for _, text := range []string{"\u3164", "\u115F\u1160\uFFA0", "\u00AD\u200B\u2060", "\U000E0020\U000E007F", "\u2800 \u3000", strings.Repeat("🎲", rooms.MaxChat/2+1)} {
		if err := r.Chat(ctx, ann, text); err == nil {
			t.Errorf("Chat(%+q) = nil error, want a refusal", text)
		}
	}
	if err := r.Chat(ctx, ann, strings.Repeat("🎲", rooms.MaxChat/2)); err != nil {
		t.Errorf("Chat(%d dice, %d cells) = %v, want it sent", rooms.MaxChat/2, rooms.MaxChat, err)
	}
	if err := r.Chat(ctx, ann, "g\u00ADg"); err != nil {
		t.Errorf("Chat(gg with a soft hyphen) = %v", err)
	}
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(in.Chat); n != 2 || in.Chat[1].Text != "gg" {
		t.Errorf("chat = %+v, want the dice and \"gg\"", in.Chat)
	}
}

// Issue 27, N10: a letter under 20 combining marks reaches the others
// with no more than sanitize.MaxMarks, in chat and in a room's title.
func TestN10_ChatMarksLimited(t *testing.T) {
	ctx := context.Background()
	l := newLobby(t, newJournal(), &roomstest.Timers{})
	pile := "h" + strings.Repeat("\u0336", 20) + "i"
	want := "h" + strings.Repeat("\u0336", sanitize.MaxMarks) + "i"
	r, err := l.Create(ctx, ann, rooms.Settings{Seats: 2, Name: pile})
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Info().Name; got != want {
		t.Errorf("title = %+q, want %+q", got, want)
	}
	if err := r.Chat(ctx, ann, pile); err != nil {
		t.Fatal(err)
	}
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(in.Chat) != 1 || in.Chat[0].Text != want {
		t.Errorf("chat = %#v, want %+q", in.Chat, want)
	}
}
