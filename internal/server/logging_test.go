package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
)

// Issue 26: a password in a URL never reaches the log, whatever carries
// it (an error from a driver, a value, the message), in either format;
// JSON lines are JSON.
func TestLoggerRedactsPasswords(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		var buf bytes.Buffer
		log, err := server.Config{LogLevel: "info", LogFormat: format}.Logger(&buf)
		if err != nil {
			t.Fatal(err)
		}
		log.Error("cannot reach postgres://hotels:s3cret@db:5432/hotels",
			"err", errors.New(`dial postgres://hotels:s3cret@db:5432/hotels?sslmode=disable: connection refused`),
			"data", "postgresql://admin:hunter2@10.0.0.1/hotels", "help", "https://example.com/docs")
		out := buf.String()
		if strings.Contains(out, "s3cret") || strings.Contains(out, "hunter2") {
			t.Errorf("%s: a password was logged:\n%s", format, out)
		}
		if !strings.Contains(out, "hotels:xxxxx@db:5432") || !strings.Contains(out, "https://example.com/docs") {
			t.Errorf("%s: the URLs are not there without their passwords:\n%s", format, out)
		}
		if format == "json" && !json.Valid(bytes.TrimSpace(buf.Bytes())) {
			t.Errorf("json: not a JSON line: %s", out)
		}
	}
	if _, err := (server.Config{LogLevel: "info", LogFormat: "xml"}).Logger(&bytes.Buffer{}); err == nil {
		t.Error("log format xml: no error")
	}
}

// Issue 26: every line about a session says whose it is, the session and
// the account, and a refusal says why.
func TestLogLinesSayWhose(t *testing.T) {
	logs := &lockedBuffer{}
	log, err := server.Config{LogLevel: "info", LogFormat: "json"}.Logger(logs)
	if err != nil {
		t.Fatal(err)
	}
	ts := startServer(t, server.Options{Logger: log})
	annKey, bobKey := sshtest.NewKey(t), sshtest.NewKey(t)
	ann := signUp(t, ts, "ann", annKey)
	bob := signUp(t, ts, "bob", bobKey)
	if _, err := ts.store.Ban(context.Background(), store.NewBan{Account: bob.ID, Target: "bob", Reason: "spam", By: "test"}); err != nil {
		t.Fatal(err)
	}
	if _, errOut, status := sshtest.Exec(t, ts.addr, annKey, "whoami"); status != 0 {
		t.Fatalf("whoami: exit %d, %q", status, errOut)
	}
	if _, _, status := sshtest.Exec(t, ts.addr, bobKey, "whoami"); status == 0 {
		t.Fatal("a banned account's command ran")
	}
	ts.stop()
	seen := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var l map[string]any
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatalf("not a JSON line: %s", line)
		}
		msg, _ := l["msg"].(string)
		want := map[string]store.AccountID{"session start": 0, "session end": 0, "session refused: banned": bob.ID}
		id, ok := want[msg]
		if !ok {
			continue
		}
		if id == 0 {
			id = ann.ID
			if l["name"] == "bob" {
				id = bob.ID
			}
		}
		if s, _ := l["session"].(string); len(s) < 8 || l["account"] != float64(id) {
			t.Errorf("%q does not say whose (session, account %d): %s", msg, id, line)
		}
		seen[msg] = true
	}
	for _, msg := range []string{"session start", "session end", "session refused: banned"} {
		if !seen[msg] {
			t.Errorf("no %q line in:\n%s", msg, logs.String())
		}
	}
}
