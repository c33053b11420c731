package server

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/store"
)

// Player is the signed-in person behind an interactive session.
type Player struct {
	Account store.Account
	Key     store.Key // the key this session signed with
	New     bool      // the account was created in this session
	// Command is what the player asked for on the ssh command line, such
	// as ["join", "k3vq"]; empty for the lobby.
	Command []string
}

// Lobby builds the screen a player reaches once signed in; set it in Options.
// It is called once per session, after signup or straight away for a known
// key. ctx ends when the player disconnects. The model receives the current
// tea.WindowSizeMsg right after Init, and every message after that; its View
// decides alt-screen and mouse modes. Services (rooms, store) are given to
// the function that builds the Lobby, not carried in ctx.
type Lobby func(ctx context.Context, p Player) tea.Model
