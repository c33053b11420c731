package main

import (
	"bytes"
	"net"
	"strings"
	"testing"
)

func TestHelpDocumentsEnvironment(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"serve", "--help"}} {
		root := newRootCmd()
		var out bytes.Buffer
		root.SetOut(&out)
		root.SetArgs(args)
		if err := root.Execute(); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		for _, want := range []string{"HOTELS_ADDR", "HOTELS_DATA", "HOTELS_HOST_KEY", "HOTELS_LOG_LEVEL", "HOTELS_GRACE", "HOTELS_BOT_DELAY", "--addr", `":2222"`} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("%v output lacks %q:\n%s", args, want, out.String())
			}
		}
	}
}

func TestServeIsDefault(t *testing.T) {
	root := newRootCmd()
	if root.RunE == nil {
		t.Fatal("root command has no RunE; serve should be the default")
	}
	if root.Flags().Lookup("addr") == nil {
		t.Error("root command lacks serve's --addr flag")
	}
}

func TestUnknownArgumentFails(t *testing.T) {
	root := newRootCmd()
	root.SetArgs([]string{"bogus"})
	var out bytes.Buffer
	root.SetOut(&out)
	root.SetErr(&out)
	if err := root.Execute(); err == nil {
		t.Error(`"sshd bogus" = nil error`)
	}
}

func TestBadLogLevelFails(t *testing.T) {
	root := newRootCmd()
	root.SetArgs([]string{"--log-level", "loud", "--data", t.TempDir() + "/h.db"})
	err := root.Execute()
	if err == nil || !strings.Contains(err.Error(), "log level") {
		t.Errorf("--log-level loud: %v, want a log level error", err)
	}
}

// Issue 18: --data with a postgres:// URL selects PostgreSQL; a server that
// is not there stops the start with an error that names it, without the
// password.
func TestDataPostgresUnreachableFails(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := ln.Addr().String()
	_ = ln.Close()
	root := newRootCmd()
	root.SetArgs([]string{"--addr", "127.0.0.1:0", "--host-key", t.TempDir() + "/key",
		"--data", "postgres://hotels:s3cret@" + closed + "/hotels"})
	err = root.Execute()
	if err == nil || !strings.Contains(err.Error(), "PostgreSQL at postgres://hotels:xxxxx@"+closed) || strings.Contains(err.Error(), "s3cret") {
		t.Errorf("--data postgres://...@%s: %v, want an error naming the server without the password", closed, err)
	}
}
