package server_test

import (
	"testing"
	"time"

	"github.com/spf13/pflag"

	"hotels/internal/server"
)

func TestConfigPrecedence(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want server.Config
	}{
		{"defaults", nil, nil,
			server.Config{Addr: ":2222", Data: "hotels.db", HostKey: ".ssh/hotels_ed25519", LogLevel: "info", ShutdownTimeout: 10 * time.Second, Grace: 2 * time.Minute, BotDelay: 700 * time.Millisecond}},
		{"env", nil, map[string]string{"HOTELS_ADDR": ":3000", "HOTELS_DATA": "/var/lib/hotels.db", "HOTELS_HOST_KEY": "/k", "HOTELS_LOG_LEVEL": "debug", "HOTELS_SHUTDOWN_TIMEOUT": "3s", "HOTELS_GRACE": "30s", "HOTELS_BOT_DELAY": "5ms"},
			server.Config{Addr: ":3000", Data: "/var/lib/hotels.db", HostKey: "/k", LogLevel: "debug", ShutdownTimeout: 3 * time.Second, Grace: 30 * time.Second, BotDelay: 5 * time.Millisecond}},
		{"flag beats env", []string{"--addr", ":4000"}, map[string]string{"HOTELS_ADDR": ":3000"},
			server.Config{Addr: ":4000", Data: "hotels.db", HostKey: ".ssh/hotels_ed25519", LogLevel: "info", ShutdownTimeout: 10 * time.Second, Grace: 2 * time.Minute, BotDelay: 700 * time.Millisecond}},
	}
	for _, tt := range tests {
		var c server.Config
		fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
		c.RegisterFlags(fs)
		if err := fs.Parse(tt.args); err != nil {
			t.Fatal(err)
		}
		if err := c.LoadEnv(fs, func(k string) string { return tt.env[k] }); err != nil {
			t.Fatalf("%s: LoadEnv = %v", tt.name, err)
		}
		if c != tt.want {
			t.Errorf("%s: config = %+v, want %+v", tt.name, c, tt.want)
		}
	}
}

func TestConfigRejectsBadValues(t *testing.T) {
	var c server.Config
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	c.RegisterFlags(fs)
	if err := c.LoadEnv(fs, func(k string) string {
		if k == "HOTELS_SHUTDOWN_TIMEOUT" {
			return "soon"
		}
		return ""
	}); err == nil {
		t.Error("LoadEnv(HOTELS_SHUTDOWN_TIMEOUT=soon) = nil error")
	}
	for _, lvl := range []string{"debug", "INFO", "warn", "error"} {
		if _, err := (server.Config{LogLevel: lvl}).Level(); err != nil {
			t.Errorf("Level(%q) = %v", lvl, err)
		}
	}
	if _, err := (server.Config{LogLevel: "loud"}).Level(); err == nil {
		t.Error("Level(loud) = nil error")
	}
}
