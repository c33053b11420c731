package main

import (
	"bytes"
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
