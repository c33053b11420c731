package server_test

import (
	"testing"
	"time"

	"github.com/spf13/pflag"

	"hotels/internal/rate"
	"hotels/internal/rooms"
	"hotels/internal/server"
)

// defaults is the Config of a server run with no flags and no environment.
var defaults = server.Config{
	Addr: ":2222", Data: "hotels.db", HostKey: ".ssh/hotels_ed25519", LogLevel: "info", LogFormat: "text",
	ShutdownTimeout: 10 * time.Second, Grace: 2 * time.Minute, BotDelay: 700 * time.Millisecond, FPS: 60,
	AdminKeys: ".ssh/admin_keys", HandshakeTimeout: 30 * time.Second,
	MaxHandshakes: 256, MaxHandshakesPerNet: 32, ConnIdleTimeout: time.Minute, IdleTimeout: time.Hour,
	MaxConnsPerIP: 60, ConnRate: 60, ConnBurst: 60, MaxSessionsPerKey: 3, SessionRate: 10, SessionBurst: 20, ActionRate: 20, IntentRate: 60,
}

// with returns the defaults changed by f.
func with(f func(*server.Config)) server.Config {
	c := defaults
	f(&c)
	return c
}

func TestConfigPrecedence(t *testing.T) {
	tests := []struct {
		name string
		args []string
		env  map[string]string
		want server.Config
	}{
		{"defaults", nil, nil, defaults},
		{"env", nil, map[string]string{
			"HOTELS_ADDR": ":3000", "HOTELS_DATA": "/var/lib/hotels.db", "HOTELS_HOST_KEY": "/k", "HOTELS_LOG_LEVEL": "debug",
			"HOTELS_SHUTDOWN_TIMEOUT": "3s", "HOTELS_GRACE": "30s", "HOTELS_BOT_DELAY": "5ms", "HOTELS_FPS": "20",
			"HOTELS_ADMIN_KEYS": "/etc/hotels/admins", "HOTELS_HANDSHAKE_TIMEOUT": "5s", "HOTELS_MAX_CONNS_PER_IP": "4",
			"HOTELS_MAX_SESSIONS_PER_KEY": "2", "HOTELS_SESSION_RATE": "6", "HOTELS_SESSION_BURST": "3", "HOTELS_ACTION_RATE": "0", "HOTELS_INTENT_RATE": "30",
			"HOTELS_MAX_HANDSHAKES": "9", "HOTELS_CONN_IDLE_TIMEOUT": "20s", "HOTELS_IDLE_TIMEOUT": "0",
			"HOTELS_LOG_FORMAT": "json", "HOTELS_METRICS_ADDR": "127.0.0.1:9090", "HOTELS_BACKUP_DIR": "/var/backups/hotels",
			"HOTELS_MAX_HANDSHAKES_PER_NET": "5", "HOTELS_CONN_RATE": "12", "HOTELS_CONN_BURST": "8",
			"HOTELS_PROXY_FROM": "10.0.0.0/8,192.0.2.7",
		}, server.Config{
			Addr: ":3000", Data: "/var/lib/hotels.db", HostKey: "/k", LogLevel: "debug",
			LogFormat: "json", MetricsAddr: "127.0.0.1:9090", BackupDir: "/var/backups/hotels",
			ShutdownTimeout: 3 * time.Second, Grace: 30 * time.Second, BotDelay: 5 * time.Millisecond, FPS: 20,
			AdminKeys: "/etc/hotels/admins", HandshakeTimeout: 5 * time.Second, MaxConnsPerIP: 4,
			MaxHandshakes: 9, MaxHandshakesPerNet: 5, ConnIdleTimeout: 20 * time.Second, IdleTimeout: 0,
			ConnRate: 12, ConnBurst: 8, ProxyFrom: "10.0.0.0/8,192.0.2.7",
			MaxSessionsPerKey: 2, SessionRate: 6, SessionBurst: 3, ActionRate: 0, IntentRate: 30,
		}},
		{"flag beats env", []string{"--addr", ":4000", "--max-conns-per-ip", "7"}, map[string]string{"HOTELS_ADDR": ":3000", "HOTELS_MAX_CONNS_PER_IP": "4"},
			with(func(c *server.Config) { c.Addr, c.MaxConnsPerIP = ":4000", 7 })},
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

// The limits read as rates; zero turns each off.
func TestConfigLimits(t *testing.T) {
	if got, want := defaults.SessionLimit(), (rate.Limit{Every: 6 * time.Second, Burst: 20}); got != want {
		t.Errorf("SessionLimit() = %+v, want %+v", got, want)
	}
	if got, want := defaults.ConnLimit(), (rate.Limit{Every: time.Second, Burst: 60}); got != want {
		t.Errorf("ConnLimit() = %+v, want %+v", got, want)
	}
	if got, want := defaults.ActionLimit(), (rate.Limit{Every: 50 * time.Millisecond, Burst: 20}); got != want {
		t.Errorf("ActionLimit() = %+v, want %+v", got, want)
	}
	if got, want := defaults.IntentLimit(), rooms.DefaultIntentRate; got != want {
		t.Errorf("IntentLimit() = %+v, want rooms.DefaultIntentRate %+v", got, want)
	}
	if got, want := with(func(c *server.Config) { c.IntentRate = 30 }).IntentLimit(), (rate.Limit{Every: 2 * time.Second, Burst: 10}); got != want {
		t.Errorf("IntentLimit() at 30 a minute = %+v, want %+v", got, want)
	}
	off := with(func(c *server.Config) { c.SessionRate, c.ConnRate, c.ActionRate, c.IntentRate = 0, 0, 0, 0 })
	if !off.SessionLimit().Unlimited() || !off.ConnLimit().Unlimited() || !off.ActionLimit().Unlimited() || !off.IntentLimit().Unlimited() {
		t.Errorf("with rates 0: limits %+v, %+v and %+v, want none", off.SessionLimit(), off.ActionLimit(), off.IntentLimit())
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
