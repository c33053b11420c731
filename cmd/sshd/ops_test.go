package main

import (
	"bufio"
	"context"
	"database/sql"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Issue 26, as an operator sees it: /metrics scraped during a real SSH
// game finds the counters moving and the gauges right; /healthz is 200,
// 503 while the store does not answer, 200 when it is back, and 503 while
// the server shuts down; a backup made mid-game with `sshd backup` holds
// every action acknowledged before it; and no chat reaches the log.
func TestOperatorsView(t *testing.T) {
	t.Parallel()
	h := startHotelsWith(t, func(c *server.Config) { c.MetricsAddr = "127.0.0.1:0" })
	base := "http://" + waitLogged(t, h.log, `msg="metrics and health check" addr=(\S+)`)
	if code, body := get(t, base+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("/healthz before play: %d %q, want 200 ok", code, body)
	}
	before := scrape(t, base)

	ann := signUp(t, h.addr, "ann", 80, 24, "")
	hostRoom(t, ann)
	const chat = "code word zebra"
	ann.term.Type("/" + chat + "\r")
	ann.term.WaitFor(t, chat)
	fillWithBots(t, ann, 1)
	ann.playMoves(t, 2) // ann's third turn is due: the bots have moved too
	after := scrape(t, base)
	for _, name := range []string{
		`hotels_actions_committed_total{game="acquire"}`,
		"hotels_store_commit_seconds_count",
		"hotels_frames_sent_total",
		"hotels_bytes_sent_total",
		"hotels_key_to_frame_seconds_count",
		`hotels_bot_decision_seconds_count{game="acquire",level="easy"}`,
	} {
		if after[name] <= before[name] {
			t.Errorf("%s did not move during the game: %v, then %v", name, before[name], after[name])
		}
	}
	for name, want := range map[string]float64{
		`hotels_sessions{kind="terminal"}`:             1,
		`hotels_sessions{kind="command"}`:              0,
		`hotels_rooms{game="acquire",state="playing"}`: 1,
		`hotels_rooms{game="acquire",state="waiting"}`: 0,
		`hotels_players_seated{game="acquire"}`:        1,
		`hotels_ranked_queue{game="acquire"}`:          0,
		`hotels_refused_total{reason="per_address"}`:   0,
		"hotels_handshakes":                            0,
	} {
		if got, ok := after[name]; !ok || got != want {
			t.Errorf("%s = %v (listed: %v), want %v", name, got, ok, want)
		}
	}
	// With PostgreSQL the server holds the lease of the room it runs.
	if leases, want := after["hotels_cluster_leases_held"], map[bool]float64{false: 0, true: 1}[storetest.Postgres()]; leases != want {
		t.Errorf("hotels_cluster_leases_held = %v, want %v", leases, want)
	}
	if after["go_goroutines"] == 0 || after["process_resident_memory_bytes"] == 0 {
		t.Error("the Go runtime's and the process's metrics are missing")
	}

	if !storetest.Postgres() {
		// A backup mid-game holds every action acknowledged before it:
		// those the file holds now, ann's turn being due.
		acked := actionsIn(t, h.cfg.Data)
		file := filepath.Join(t.TempDir(), "backup.db")
		root := newRootCmd()
		root.SetArgs([]string{"backup", "--data", h.cfg.Data, file})
		root.SetOut(io.Discard)
		if err := root.ExecuteContext(context.Background()); err != nil {
			t.Fatalf("sshd backup: %v", err)
		}
		if got := actionsIn(t, file); got < acked || acked == 0 {
			t.Errorf("the backup holds %d actions, want the %d acknowledged before it at least", got, acked)
		}
	}

	// The store stops answering, then comes back.
	back := storeAway(t, h.cfg.Data)
	if code, body := get(t, base+"/healthz"); code != http.StatusServiceUnavailable || body == "ok\n" {
		t.Errorf("/healthz with the store away: %d %q, want 503 and why", code, body)
	}
	back()
	waitHealth(t, base, http.StatusOK)

	// A connection in its handshake is counted.
	c, err := net.Dial("tcp", h.addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	waitMetric(t, base, "hotels_handshakes", 1)
	// A connection with no session holds the shutdown open (up to its
	// timeout): meanwhile /healthz says the server is going. The reply to
	// a global request comes from the connection's loop, which runs once
	// the server counts the connection as one to wait for; without it the
	// shutdown could begin between the client's end of the handshake and
	// the server's.
	idle := sshtest.Connect(t, h.addr, ann.key)
	if _, _, err := idle.SendRequest("keepalive@openssh.com", true, nil); err != nil {
		t.Fatal(err)
	}
	ann.term.Close()
	h.stop()
	if body := waitHealth(t, base, http.StatusServiceUnavailable); !strings.Contains(body, "shutting down") {
		t.Errorf("/healthz while shutting down: %q", body)
	}

	if strings.Contains(h.log.String(), "zebra") {
		t.Error("the log holds a chat message")
	}
}

// waitLogged waits for a line of log matching pattern and returns its
// first group.
func waitLogged(t *testing.T, log *syncBuffer, pattern string) string {
	t.Helper()
	re := regexp.MustCompile(pattern)
	deadline := time.Now().Add(sshtest.Timeout)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(log.String()); m != nil {
			return m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("no log line matches %s:\n%s", pattern, log.String())
	return ""
}

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, string(body)
}

// scrape reads /metrics: each sample by its name and labels as written.
func scrape(t *testing.T, base string) map[string]float64 {
	t.Helper()
	code, body := get(t, base+"/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d %s", code, body)
	}
	out := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("/metrics: %q: %v", line, err)
		}
		out[line[:i]] = v
	}
	return out
}

// waitHealth polls /healthz until it answers code, and returns its body.
func waitHealth(t *testing.T, base string, code int) string {
	t.Helper()
	deadline := time.Now().Add(sshtest.Timeout)
	for {
		got, body := get(t, base+"/healthz")
		if got == code {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("/healthz answers %d %q, not %d", got, body, code)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// waitMetric polls /metrics until name has value want.
func waitMetric(t *testing.T, base, name string, want float64) {
	t.Helper()
	deadline := time.Now().Add(sshtest.Timeout)
	for scrape(t, base)[name] != want {
		if time.Now().After(deadline) {
			t.Fatalf("%s never reached %v", name, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// actionsIn counts the actions stored in the SQLite file data.
func actionsIn(t *testing.T, data string) int {
	t.Helper()
	st, err := store.Open(context.Background(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	games, err := st.UnfinishedGames(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range games {
		lines, err := st.Actions(context.Background(), g.ID)
		if err != nil {
			t.Fatal(err)
		}
		n += len(lines)
	}
	return n
}

// storeAway makes the store at data stop answering until back is called:
// PostgreSQL cut off (storetest.Outage), or SQLite's write lock held by
// another connection for longer than /healthz waits.
func storeAway(t *testing.T, data string) (back func()) {
	t.Helper()
	if storetest.Postgres() {
		return storetest.Outage(t, data)
	}
	db, err := sql.Open("sqlite", data+"?_pragma=busy_timeout(5000)")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	return func() {
		_, _ = conn.ExecContext(context.Background(), "ROLLBACK")
		_ = conn.Close()
		_ = db.Close()
	}
}
