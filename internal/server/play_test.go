package server_test

import (
	"bufio"
	"encoding/json"
	"io"
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
	sess, err := sshtest.Connect(t, addr, key).NewSession()
	if err != nil {
		t.Fatal(err)
	}
	in, err := sess.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := sess.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.Start(cmd); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	return in, sc, sess
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
