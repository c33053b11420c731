package server_test

import (
	"bufio"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

// waitForGames starts `bot wait` for key's bot account on a connection
// of its own that stays open for the test, and returns once it waits.
func waitForGames(t *testing.T, addr string, key gossh.Signer) {
	t.Helper()
	_, out, _ := stream(t, addr, key, "bot wait")
	if m := readLine(t, out); m["type"] != "waiting" {
		t.Fatalf("bot wait began with %v, want waiting", m)
	}
}

// stream runs cmd on a connection of its own and returns its stdin and
// its stdout's lines.
func stream(t *testing.T, addr string, key gossh.Signer, cmd string) (io.Writer, *bufio.Scanner, *gossh.Session) {
	t.Helper()
	in, out, sess, _ := streamOn(t, addr, key, cmd)
	return in, out, sess
}

// streamOn is stream, with the connection it runs on.
func streamOn(t *testing.T, addr string, key gossh.Signer, cmd string) (io.Writer, *bufio.Scanner, *gossh.Session, *gossh.Client) {
	t.Helper()
	in, out, sess, client := sshtest.Stream(t, addr, key, cmd)
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	return in, sc, sess, client
}

// readLine reads one JSON line, failing if none comes.
func readLine(t *testing.T, sc *bufio.Scanner) map[string]any {
	t.Helper()
	got := make(chan map[string]any, 1)
	go func() {
		var m map[string]any
		if sc.Scan() {
			_ = json.Unmarshal(sc.Bytes(), &m)
		}
		got <- m
	}()
	select {
	case m := <-got:
		if m == nil {
			t.Fatal("the stream ended or sent a line that is not JSON")
		}
		return m
	case <-time.After(sshtest.Timeout):
		t.Fatal("no line came")
	}
	return nil
}

// `play ROOM` over SSH: the host opens a room with `new`, a server bot in
// the other seat, starts it, and plays its seat to the end from the
// stream; chat goes to the room; the stream ends with exit status 0 and
// `over` carries the game's id and standings.
func TestPlayOverSSH(t *testing.T) {
	var lobby *rooms.Lobby
	a := startServerWith(t, nil, server.Options{}, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{Journal: st, Kinds: []engine.Kind{acquire.Kind}, Grace: time.Minute, BotDelay: time.Millisecond})
		t.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
	})
	annKey := sshtest.NewKey(t)
	signUp(t, a, "ann", annKey)
	out, errOut, status := sshtest.Exec(t, a.addr, annKey, "new --json --bot random --start")
	if status != 0 {
		t.Fatalf("new: exit %d: %s", status, errOut)
	}
	var room struct{ Room string }
	mustJSON(t, out, &room)

	in, lines, sess := stream(t, a.addr, annKey, "play "+room.Room)
	if m := readLine(t, lines); m["type"] != "hello" || m["room"] != room.Room || m["game"] != "acquire" {
		t.Fatalf("first line %v, want hello", m)
	}
	send := func(s string) { b, _ := json.Marshal(s); in.Write(append(b, '\n')) }
	send("chat hello from a script")
	chatted, oks := false, 0
	for {
		m := readLine(t, lines)
		switch m["type"] {
		case "chat":
			chatted = chatted || m["text"] == "hello from a script" && m["from"] == "ann"
		case "ok":
			oks++
		case "error":
			if m["code"] != "too_fast" {
				t.Fatalf("refused: %v", m)
			}
			time.Sleep(50 * time.Millisecond) // as docs/protocol.md says: then send it again
			send(m["sent"].(string))
		case "turn":
			if m["seat"] == nil || m["due"] == "" {
				t.Errorf("turn %v lacks its seat or what is due", m)
			}
			send(m["legal"].([]any)[0].(string))
		case "over":
			if m["game_id"].(float64) < 1 || len(m["standings"].([]any)) != 2 {
				t.Errorf("over = %v, want the game id and two standings", m)
			}
			if !chatted || oks < 2 {
				t.Errorf("chat seen %v, %d oks", chatted, oks)
			}
			if lines.Scan() {
				t.Errorf("a line after over: %s", lines.Text())
			}
			if err := sess.Wait(); err != nil {
				t.Errorf("play ended with %v, want exit status 0", err)
			}
			return
		}
	}
}

// A bot account is one for good, waits with `bot wait`, is seated by a
// host's `invite`, and is marked as a bot wherever its name shows: the
// rooms, the admins' lists, its profile, the leaderboard's filter.
func TestBotAccount(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	annKey, roboKey := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, a.testServer, "ann", annKey)
	signUp(t, a.testServer, "robo", roboKey)
	if _, errOut, status := sshtest.Exec(t, a.addr, roboKey, "account bot"); status != 1 || !strings.Contains(errOut, "--yes") {
		t.Errorf("account bot without --yes: exit %d, %q; want 1 asking for --yes", status, errOut)
	}
	if _, _, status := sshtest.Exec(t, a.addr, roboKey, "bot wait"); status != 1 {
		t.Errorf("bot wait before account bot: exit %d, want 1", status)
	}
	if _, errOut, status := sshtest.Exec(t, a.addr, roboKey, "account bot --yes"); status != 0 {
		t.Fatalf("account bot --yes: exit %d: %s", status, errOut)
	}
	out, _, _ := sshtest.Exec(t, a.addr, annKey, "new --json")
	var room struct{ Room string }
	mustJSON(t, out, &room)
	if _, errOut, status := sshtest.Exec(t, a.addr, annKey, "invite "+room.Room+" robo"); status != 1 || !strings.Contains(errOut, "waiting") {
		t.Errorf("invite before robo waits: exit %d, %q", status, errOut)
	}
	_, lines, _ := stream(t, a.addr, roboKey, "bot wait --game acquire")
	if m := readLine(t, lines); m["type"] != "waiting" || m["name"] != "robo" {
		t.Fatalf("bot wait began %v", m)
	}
	// Waiting, it is online: the lobby lists it, as a bot account.
	online, stop := a.lobby.Subscribe()
	for listed := false; !listed; {
		select {
		case snap := <-online:
			listed = slices.Equal(snap.Bots, []string{"robo"}) && slices.Contains(snap.Online, "robo")
		case <-time.After(sshtest.Timeout):
			t.Fatal("the lobby never listed robo online as a bot account")
		}
	}
	stop()
	if _, _, status := sshtest.Exec(t, a.addr, roboKey, "invite "+room.Room+" robo"); status != 1 {
		t.Errorf("robo, not the host, invited: exit %d, want 1", status)
	}
	if _, errOut, status := sshtest.Exec(t, a.addr, annKey, "invite "+room.Room+" ROBO"); status != 0 {
		t.Fatalf("invite: exit %d: %s", status, errOut)
	}
	if m := readLine(t, lines); m["type"] != "invitation" || m["room"] != room.Room || m["host"] != "ann" {
		t.Errorf("after invite robo read %v, want the invitation", m)
	}
	if m := readLine(t, lines); m["type"] != "hello" || m["room"] != room.Room {
		t.Errorf("then %v, want the room's hello", m)
	}
	text, _, _ := sshtest.Exec(t, a.addr, annKey, "rooms")
	js, _, _ := sshtest.Exec(t, a.addr, annKey, "rooms --json")
	if !strings.Contains(text, "robo BOT") || !strings.Contains(js, `"bot_account": true`) {
		t.Errorf("rooms does not mark robo a bot account:\n%s\n%s", text, js)
	}
	// The admins' lists of names mark it too: rooms, a room, who is on.
	for _, cmd := range []string{"admin rooms", "admin room " + room.Room, "admin players"} {
		text, _, _ := sshtest.Exec(t, a.addr, a.admin, cmd)
		js, _, _ := sshtest.Exec(t, a.addr, a.admin, cmd+" --json")
		if !strings.Contains(text, "robo BOT") || !strings.Contains(js, `"bot_account": true`) && !strings.Contains(js, `"bot": true`) {
			t.Errorf("%s does not mark robo a bot account:\n%s\n%s", cmd, text, js)
		}
	}
	if out, _, _ := sshtest.Exec(t, a.addr, annKey, "profile robo --json"); !strings.Contains(out, `"bot": true`) {
		t.Errorf("robo's profile: %s", out)
	}
	if out, _, _ := sshtest.Exec(t, a.addr, annKey, "profile robo"); !strings.Contains(out, "robo BOT") {
		t.Errorf("robo's profile: %s", out)
	}
	if _, _, status := sshtest.Exec(t, a.addr, annKey, "leaderboard --players bots --json"); status != 0 {
		t.Errorf("leaderboard --players bots: exit %d", status)
	}
	if _, _, status := sshtest.Exec(t, a.addr, annKey, "leaderboard --players robots"); status != 1 {
		t.Errorf("leaderboard --players robots: exit %d, want 1", status)
	}
	if _, errOut, status := sshtest.Exec(t, a.addr, annKey, "start "+room.Room); status != 0 {
		t.Errorf("start with robo seated: exit %d: %s", status, errOut)
	}
}

// On shutdown a waiting bot account's stream is told, with a `closed`
// line, and ends with exit status 1, rather than holding the shutdown.
func TestShutdownEndsBotWait(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	roboKey := sshtest.NewKey(t)
	signUp(t, a.testServer, "robo", roboKey)
	sshtest.Exec(t, a.addr, roboKey, "account bot --yes")
	_, lines, sess, client := streamOn(t, a.addr, roboKey, "bot wait")
	readLine(t, lines) // waiting
	stopped := make(chan error, 1)
	go func() { stopped <- a.stop() }()
	if m := readLine(t, lines); m["type"] != "closed" || !strings.Contains(m["reason"].(string), "shutting down") {
		t.Errorf("on shutdown bot wait read %v, want closed", m)
	}
	var exit *gossh.ExitError
	if err := sess.Wait(); !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("bot wait ended with %v, want exit status 1", err)
	}
	_ = client.Close() // as ssh(1) does once its session ends
	if err := <-stopped; err != nil {
		t.Errorf("Serve = %v", err)
	}
}
