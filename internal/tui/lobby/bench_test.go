package lobby_test

import (
	"context"
	"fmt"
	"testing"

	"hotels/internal/rooms"
	"hotels/internal/tui/lobby"
	"hotels/internal/tui/theme"
	"hotels/internal/tui/tuitest"
)

// BenchmarkView draws the lobby at 80×24 as the capacity runs see it
// (docs/capacity.md): every lobby session redraws once per lobby snapshot,
// so this cost is paid once per lobby session per publish.
func BenchmarkView(b *testing.B) {
	for _, c := range []struct{ rooms, online int }{{0, 1}, {250, 1000}, {250, 10000}} {
		b.Run(fmt.Sprintf("rooms=%d/online=%d", c.rooms, c.online), func(b *testing.B) {
			snap := &rooms.LobbySnapshot{Version: 1}
			for i := range c.rooms {
				snap.Rooms = append(snap.Rooms, rooms.Info{
					ID: fmt.Sprintf("r%03d", i), Name: fmt.Sprintf("table %d", i), Host: "alice",
					Game: "Acquire", Rules: "modern", Seats: 4, Taken: 4, Status: rooms.Playing,
				})
			}
			for i := range c.online {
				snap.Online = append(snap.Online, fmt.Sprintf("load%05d", i))
			}
			m := lobby.New(context.Background(), tuitest.NewLobby(b, nil), alice, theme.DefaultStyles())
			m.SetSize(80, 24)
			m, _ = m.Update(lobby.SnapshotMsg{Snapshot: snap})
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkNew makes a lobby screen, as every session does when it opens:
// its text input and key help are copies of ones made once (theme.NewInput),
// not built anew with their styles and key map.
func BenchmarkNew(b *testing.B) {
	svc := tuitest.NewLobby(b, nil)
	b.ReportAllocs()
	for b.Loop() {
		_ = lobby.New(context.Background(), svc, alice, theme.DefaultStyles())
	}
}
