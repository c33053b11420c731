package server

import (
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/spf13/pflag"
)

// Config is how the server is run. Every field has a flag and an environment
// variable; a flag given on the command line wins over the environment.
type Config struct {
	Addr            string        // TCP address to listen on
	Data            string        // SQLite database file
	HostKey         string        // ed25519 host key file, made on first start
	LogLevel        string        // debug, info, warn or error
	ShutdownTimeout time.Duration // how long sessions get to close on SIGTERM
	Grace           time.Duration // how long a dropped player's seat is held
	BotDelay        time.Duration // how long a bot waits before each move
}

// env maps each flag to its environment variable, in --help order.
var env = []struct{ flag, name string }{
	{"addr", "HOTELS_ADDR"},
	{"data", "HOTELS_DATA"},
	{"host-key", "HOTELS_HOST_KEY"},
	{"log-level", "HOTELS_LOG_LEVEL"},
	{"shutdown-timeout", "HOTELS_SHUTDOWN_TIMEOUT"},
	{"grace", "HOTELS_GRACE"},
	{"bot-delay", "HOTELS_BOT_DELAY"},
}

// RegisterFlags adds a flag for every Config field to fs, with the defaults,
// bound to c. Each flag's help names its environment variable.
func (c *Config) RegisterFlags(fs *pflag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", ":2222", "address to listen on (env HOTELS_ADDR)")
	fs.StringVar(&c.Data, "data", "hotels.db", "SQLite database file (env HOTELS_DATA)")
	fs.StringVar(&c.HostKey, "host-key", ".ssh/hotels_ed25519",
		"ed25519 host key file, created with mode 0600 if missing (env HOTELS_HOST_KEY)")
	fs.StringVar(&c.LogLevel, "log-level", "info", "log level: debug, info, warn or error (env HOTELS_LOG_LEVEL)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 10*time.Second,
		"on SIGTERM or SIGINT, how long open sessions get before they are cut (env HOTELS_SHUTDOWN_TIMEOUT)")
	fs.DurationVar(&c.Grace, "grace", 2*time.Minute,
		"how long a dropped player's seat is held before it is freed or the autopilot plays it (env HOTELS_GRACE)")
	fs.DurationVar(&c.BotDelay, "bot-delay", 700*time.Millisecond,
		"how long a bot or the autopilot waits before each move, so that players can follow (env HOTELS_BOT_DELAY)")
}

// LoadEnv sets each flag that was not given on the command line from its
// environment variable, read through getenv (os.Getenv in production).
func (c *Config) LoadEnv(fs *pflag.FlagSet, getenv func(string) string) error {
	for _, e := range env {
		v := getenv(e.name)
		if v == "" || fs.Changed(e.flag) {
			continue
		}
		if err := fs.Set(e.flag, v); err != nil {
			return fmt.Errorf("server: %s=%q: %w", e.name, v, err)
		}
	}
	return nil
}

// Level parses LogLevel.
func (c Config) Level() (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(strings.TrimSpace(c.LogLevel))); err != nil {
		return 0, fmt.Errorf("server: log level %q: want debug, info, warn or error", c.LogLevel)
	}
	return l, nil
}
