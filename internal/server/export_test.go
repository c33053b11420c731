package server_test

import (
	"context"
	"strings"
	"testing"

	"hotels/internal/replay"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

func TestExport(t *testing.T) {
	ts := startServer(t, server.Options{})
	ctx := context.Background()
	header := "hotels-record 1\ngame acquire\nrules modern\nseat ann\nseat bob\nbag 1A 12I 2A 3A 4A 5A 6A 7A 8A 9A 10A 11A 12A 1B\n"
	id, err := ts.store.CreateGame(ctx, store.NewGame{Game: "acquire", Rules: "modern", Chance: header, Status: store.StatusPlaying,
		Seats: []store.Seat{{Index: 0, Name: "ann"}, {Index: 1, Name: "bob"}}})
	if err != nil {
		t.Fatal(err)
	}
	if err := ts.store.AppendAction(ctx, id, 1, "ann play 2A"); err != nil {
		t.Fatal(err)
	}
	key := sshtest.NewKey(t)

	// In play, the record would show the bag and every rack.
	_, stderr, status := sshtest.Exec(t, ts.addr, key, "export 1")
	if status == 0 || !strings.Contains(stderr, "still being played") {
		t.Errorf("export of a game in play: status %d, stderr %q", status, stderr)
	}
	if err := ts.store.FinishGame(ctx, id, "ann 6000 bob 6000", []store.Outcome{{Place: 1, Score: 6000}, {Place: 1, Score: 6000}}); err != nil {
		t.Fatal(err)
	}
	out, stderr, status := sshtest.Exec(t, ts.addr, key, "export 1")
	if status != 0 {
		t.Fatalf("export: status %d, stderr %q", status, stderr)
	}
	res := replay.Read("export", strings.NewReader(out))
	// The result line is checked by replay: this game is not over, so a
	// finished record of it must be refused, which shows replay read it all.
	if res.OK || !strings.Contains(res.Error, "not over") {
		t.Errorf("replay of the export = %+v\n%s", res, out)
	}
	for _, bad := range []string{"export", "export x", "export 99"} {
		if _, stderr, status := sshtest.Exec(t, ts.addr, key, bad); status == 0 || stderr == "" {
			t.Errorf("%q: status %d, stderr %q; want a clear error", bad, status, stderr)
		}
	}
}
