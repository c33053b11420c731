package tui_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"hotels/internal/rooms"
	"hotels/internal/tui"
	"hotels/internal/tui/room"
	"hotels/internal/tui/tuitest"
)

// bells keeps players' bell settings as the store does; fail makes saving
// fail.
type bells struct {
	mu   sync.Mutex
	on   map[string]bool
	fail bool
}

func (b *bells) Bell(_ context.Context, p rooms.Player) (bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	on, ok := b.on[p.Name]
	return on || !ok, nil
}

func (b *bells) SetBell(_ context.Context, p rooms.Player, on bool) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.fail {
		return errors.New("disk full")
	}
	b.on[p.Name] = on
	return nil
}

func (b *bells) get(name string) (on, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	on, ok = b.on[name]
	return on, ok
}

// rings reports whether the session rings the bell for its room's alert.
func rings(m tea.Model) bool {
	_, cmd := m.Update(room.AlertMsg{Alert: room.YourTurn})
	if cmd == nil {
		return false
	}
	raw, ok := cmd().(tea.RawMsg)
	return ok && raw.Msg == "\a"
}

// The session rings the bell as the player's setting says; B in the lobby
// turns it on and off and the setting is saved; a setting that cannot be
// saved leaves the bell as it was.
func TestBell(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	saved := &bells{on: map[string]bool{"alice": false}}
	d := newDriver(t, tui.New(ctx, tuitest.NewLobby(t, tuitest.LobbySnapshot()), alice, tui.Entry{}, tui.WithBell(saved)))
	d.until("friday night")
	if !d.handle(func() bool { return !rings(d.m) }) {
		t.Fatal("alice turned her bell off, but the session rings it")
	}
	d.key("B")
	d.until("The bell is on")
	if on, _ := saved.get("alice"); !on || !rings(d.m) {
		t.Errorf("after B: saved %v, rings %v; want the bell on and saved", on, rings(d.m))
	}
	saved.mu.Lock()
	saved.fail = true
	saved.mu.Unlock()
	d.key("B")
	d.until("could not be saved")
	if !rings(d.m) {
		t.Error("a change that could not be saved turned the bell off")
	}

	// A new player's bell rings.
	fresh := newDriver(t, tui.New(ctx, tuitest.NewLobby(t, tuitest.LobbySnapshot()), rooms.Player{ID: 2, Name: "bob"}, tui.Entry{}, tui.WithBell(saved)))
	fresh.until("friday night")
	if !rings(fresh.m) {
		t.Error("a new player's bell does not ring")
	}
}
