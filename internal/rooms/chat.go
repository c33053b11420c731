package rooms

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"hotels/internal/sanitize"
)

// Chat adds p's message to the room's chat.
func (r *Room) Chat(ctx context.Context, p Player, text string) error {
	text, err := sanitize.Message(text, MaxChat)
	switch {
	case errors.Is(err, sanitize.ErrBlank):
		return errors.New("say something: a message needs a character that shows")
	case err != nil:
		return fmt.Errorf("a message is at most %d characters wide", MaxChat)
	}
	if err := r.lobby.allow(p); err != nil {
		return err
	}
	return r.do(ctx, Intent{Op: opChat, Player: p, Text: text})
}

// chatLine adds p's sanitised message, within the chat's rate.
func (r *Room) chatLine(ctx context.Context, p Player, text string) error {
	return r.call(ctx, func() error {
		now := time.Now()
		recent := r.chatted[p.ID][:0]
		for _, t := range r.chatted[p.ID] {
			if now.Sub(t) < chatWindow {
				recent = append(recent, t)
			}
		}
		if len(recent) >= chatBurst {
			r.chatted[p.ID] = recent
			return ErrChatTooFast
		}
		r.chatted[p.ID] = append(recent, now)
		line := ChatLine{At: now, From: p.Name, Text: text, Bot: p.Bot}
		r.addChat(line)
		r.news.Chat = append(r.news.Chat, line)
		return nil
	})
}

// addChat keeps line. What the room's chat held stays as it was, never
// written over, since snapshots share it (snapshotWith): an append writes
// past them, and the trim to chatKeep copies.
func (r *Room) addChat(line ChatLine) {
	r.chat = append(r.chat, line)
	if len(r.chat) > chatKeep {
		r.chat = slices.Clone(r.chat[len(r.chat)-chatKeep:])
	}
}
