package server

import (
	"fmt"
	"log/slog"
	"net/netip"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"hotels/internal/rate"
	"hotels/internal/rooms"
)

// Config is how the server is run. Every field has a flag and an environment
// variable; a flag given on the command line wins over the environment.
type Config struct {
	Addr            string        // TCP address to listen on
	Data            string        // SQLite database file, or a postgres:// URL
	Node            string        // this server's name among those sharing a PostgreSQL database
	HostKey         string        // ed25519 host key file, made on first start
	LogLevel        string        // debug, info, warn or error
	LogFormat       string        // text or json
	MetricsAddr     string        // where /metrics and /healthz are served; off if ""
	BackupDir       string        // the folder `admin backup` writes in; off if ""
	ShutdownTimeout time.Duration // how long sessions get to close on SIGTERM
	Grace           time.Duration // how long a dropped player's seat is held
	BotDelay        time.Duration // how long a bot waits before each move
	FPS             int           // frames a second each session's screen is sent at most

	// AdminKeys is an authorized_keys file of the admins' keys, read again
	// whenever it changes; a missing file means no admins.
	AdminKeys string

	// Abuse limits. Zero turns a limit off (the flags' defaults turn them
	// on), except HandshakeTimeout, which is never off.
	HandshakeTimeout    time.Duration // a connection must authenticate within this (default 30s)
	MaxHandshakes       int           // connections still in their handshake, from all addresses together
	MaxHandshakesPerNet int           // ... from one IPv4 /24 or IPv6 /48
	ConnIdleTimeout     time.Duration // how long a connection may keep no session open
	IdleTimeout         time.Duration // how long a session may go without a keypress, outside a seat in a running game
	MaxConnsPerIP       int           // open connections from one address, before the handshake
	ConnRate            int           // new connections an address may open a minute ...
	ConnBurst           int           // ... after a burst of this many
	MaxSessionsPerKey   int           // open sessions of one key, interactive and exec together
	SessionRate         int           // new sessions a key may open a minute ...
	SessionBurst        int           // ... after a burst of this many
	ActionRate          int           // game actions a player may make a second (and in a burst)
	IntentRate          int           // other requests of the lobby and rooms a player may make a minute, after a burst

	// ProxyFrom lists, comma-separated, the load balancers (addresses or
	// CIDR blocks) whose connections start with a PROXY protocol header
	// (v1 or v2) naming the player's address; from anyone else a header
	// is refused. Empty: none.
	ProxyFrom string
}

// env maps each flag to its environment variable, in --help order.
var env = []struct{ flag, name string }{
	{"addr", "HOTELS_ADDR"},
	{"data", "HOTELS_DATA"},
	{"node", "HOTELS_NODE"},
	{"host-key", "HOTELS_HOST_KEY"},
	{"log-level", "HOTELS_LOG_LEVEL"},
	{"log-format", "HOTELS_LOG_FORMAT"},
	{"metrics-addr", "HOTELS_METRICS_ADDR"},
	{"backup-dir", "HOTELS_BACKUP_DIR"},
	{"shutdown-timeout", "HOTELS_SHUTDOWN_TIMEOUT"},
	{"grace", "HOTELS_GRACE"},
	{"bot-delay", "HOTELS_BOT_DELAY"},
	{"fps", "HOTELS_FPS"},
	{"admin-keys", "HOTELS_ADMIN_KEYS"},
	{"handshake-timeout", "HOTELS_HANDSHAKE_TIMEOUT"},
	{"max-handshakes", "HOTELS_MAX_HANDSHAKES"},
	{"max-handshakes-per-net", "HOTELS_MAX_HANDSHAKES_PER_NET"},
	{"conn-idle-timeout", "HOTELS_CONN_IDLE_TIMEOUT"},
	{"idle-timeout", "HOTELS_IDLE_TIMEOUT"},
	{"max-conns-per-ip", "HOTELS_MAX_CONNS_PER_IP"},
	{"conn-rate", "HOTELS_CONN_RATE"},
	{"conn-burst", "HOTELS_CONN_BURST"},
	{"max-sessions-per-key", "HOTELS_MAX_SESSIONS_PER_KEY"},
	{"session-rate", "HOTELS_SESSION_RATE"},
	{"session-burst", "HOTELS_SESSION_BURST"},
	{"action-rate", "HOTELS_ACTION_RATE"},
	{"intent-rate", "HOTELS_INTENT_RATE"},
	{"proxy-from", "HOTELS_PROXY_FROM"},
}

// RegisterFlags adds a flag for every Config field to fs, with the defaults,
// bound to c. Each flag's help names its environment variable.
func (c *Config) RegisterFlags(fs *pflag.FlagSet) {
	fs.StringVar(&c.Addr, "addr", ":2222", "address to listen on (env HOTELS_ADDR)")
	fs.StringVar(&c.Data, "data", "hotels.db", "SQLite database file, or a postgres:// URL (env HOTELS_DATA)")
	fs.StringVar(&c.Node, "node", "",
		"with a postgres:// --data, this server's name, unique among the servers sharing the database; the host's name and the port if empty (env HOTELS_NODE)")
	fs.StringVar(&c.HostKey, "host-key", ".ssh/hotels_ed25519",
		"ed25519 host key file, created with mode 0600 if missing (env HOTELS_HOST_KEY)")
	fs.StringVar(&c.LogLevel, "log-level", "info", "log level: debug, info, warn or error (env HOTELS_LOG_LEVEL)")
	fs.StringVar(&c.LogFormat, "log-format", "text", "log format: text, or json for log collectors (env HOTELS_LOG_FORMAT)")
	fs.StringVar(&c.MetricsAddr, "metrics-addr", "",
		"serve Prometheus metrics at /metrics and a health check at /healthz on this address (e.g. :9090); off if empty (env HOTELS_METRICS_ADDR)")
	fs.StringVar(&c.BackupDir, "backup-dir", "",
		"folder where `admin backup` writes SQLite backups, named by the time; admin backup is off if empty (env HOTELS_BACKUP_DIR)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 10*time.Second,
		"on SIGTERM or SIGINT, how long open sessions get before they are cut (env HOTELS_SHUTDOWN_TIMEOUT)")
	fs.DurationVar(&c.Grace, "grace", 2*time.Minute,
		"how long a dropped player's seat is held before it is freed or the autopilot plays it (env HOTELS_GRACE)")
	fs.DurationVar(&c.BotDelay, "bot-delay", 700*time.Millisecond,
		"how long a bot or the autopilot waits before each move, so that players can follow (env HOTELS_BOT_DELAY)")
	fs.IntVar(&c.FPS, "fps", DefaultFPS,
		"frames a second each session's screen is sent at most, 1 to 120: a change is sent at once, then the next waits at least a frame; fewer frames coalesce more changes into one (env HOTELS_FPS)")
	fs.StringVar(&c.AdminKeys, "admin-keys", ".ssh/admin_keys",
		"authorized_keys file of the admins' SSH keys, reread when it changes; a missing file means no admins (env HOTELS_ADMIN_KEYS)")
	fs.DurationVar(&c.HandshakeTimeout, "handshake-timeout", defaultHandshakeTimeout,
		"how long a connection may take to authenticate before it is dropped (env HOTELS_HANDSHAKE_TIMEOUT)")
	fs.IntVar(&c.MaxHandshakes, "max-handshakes", 256,
		"connections allowed in their handshake (not yet authenticated) at once, from all addresses together; past half of it, new ones are refused at random, more often as it fills; 0 for no limit (env HOTELS_MAX_HANDSHAKES)")
	fs.IntVar(&c.MaxHandshakesPerNet, "max-handshakes-per-net", 32,
		"connections allowed in their handshake at once from one IPv4 /24 or IPv6 /48; 0 for no limit (env HOTELS_MAX_HANDSHAKES_PER_NET)")
	fs.DurationVar(&c.ConnIdleTimeout, "conn-idle-timeout", time.Minute,
		"how long a connection may keep no session open (ssh -N, or one that only authenticates) before it is closed; 0 for no limit (env HOTELS_CONN_IDLE_TIMEOUT)")
	fs.DurationVar(&c.IdleTimeout, "idle-timeout", time.Hour,
		"how long a session may go without a keypress before it is closed, except a player's seated in a running game; 0 for no limit (env HOTELS_IDLE_TIMEOUT)")
	fs.IntVar(&c.MaxConnsPerIP, "max-conns-per-ip", 60,
		"open connections allowed from one IP address (an IPv6 /64), counted before the handshake: enough for twenty players behind one NAT; 0 for no limit (env HOTELS_MAX_CONNS_PER_IP)")
	fs.IntVar(&c.ConnRate, "conn-rate", 60,
		"new connections one IP address may open a minute once its burst is spent; 0 for no limit (env HOTELS_CONN_RATE)")
	fs.IntVar(&c.ConnBurst, "conn-burst", 60,
		"new connections one IP address may open at once (env HOTELS_CONN_BURST)")
	fs.IntVar(&c.MaxSessionsPerKey, "max-sessions-per-key", 3,
		"open sessions allowed for one SSH key, interactive and commands together; 0 for no limit (env HOTELS_MAX_SESSIONS_PER_KEY)")
	fs.IntVar(&c.SessionRate, "session-rate", 10,
		"new sessions one SSH key may open a minute once its burst is spent; 0 for no limit (env HOTELS_SESSION_RATE)")
	fs.IntVar(&c.SessionBurst, "session-burst", 20,
		"new sessions one SSH key may open at once (env HOTELS_SESSION_BURST)")
	fs.IntVar(&c.ActionRate, "action-rate", 20,
		"game actions one player may make a second, and at once; 0 for no limit (env HOTELS_ACTION_RATE)")
	fs.IntVar(&c.IntentRate, "intent-rate", defaultIntentRate,
		fmt.Sprintf("other requests one player may make of the lobby and rooms (sit, stand, bots, start, votes, chat, entering a room) a minute, after a burst of %d; 0 for no limit (env HOTELS_INTENT_RATE)", rooms.DefaultIntentRate.Burst))
	fs.StringVar(&c.ProxyFrom, "proxy-from", "",
		"comma-separated addresses or CIDR blocks of load balancers that send a PROXY protocol header (v1 or v2) with each connection, whose address then counts as the player's; a header from anyone else is refused (env HOTELS_PROXY_FROM)")
}

// defaultIntentRate is rooms.DefaultIntentRate a minute.
var defaultIntentRate = int(time.Minute / rooms.DefaultIntentRate.Every)

// DefaultFPS caps the frames a second a session is drawn at unless --fps
// says otherwise. Frames are drawn only when the screen changed (see
// third_party/bubbletea/HOTELS.md), so an idle session costs nothing at any
// rate.
const DefaultFPS = 60

// SessionLimit is the new-session rate of one key as a rate.Limit.
func (c Config) SessionLimit() rate.Limit { return perMinute(c.SessionRate, c.SessionBurst) }

// ConnLimit is the new-connection rate of one address as a rate.Limit.
func (c Config) ConnLimit() rate.Limit { return perMinute(c.ConnRate, c.ConnBurst) }

// perMinute is n a minute after a burst, as a rate.Limit; none if n <= 0.
func perMinute(n, burst int) rate.Limit {
	if n <= 0 {
		return rate.Limit{}
	}
	return rate.Limit{Every: time.Minute / time.Duration(n), Burst: max(burst, 1)}
}

// proxies parses ProxyFrom into the networks it names.
func (c Config) proxies() ([]netip.Prefix, error) {
	var nets []netip.Prefix
	for _, f := range strings.Split(c.ProxyFrom, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			nets = append(nets, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(f)
		if err != nil {
			return nil, fmt.Errorf("server: --proxy-from %q: want an address or a CIDR block", f)
		}
		nets = append(nets, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return nets, nil
}

// ActionLimit is the game-action rate of one player as a rate.Limit, which
// cmd/sshd gives the rooms.
func (c Config) ActionLimit() rate.Limit {
	if c.ActionRate <= 0 {
		return rate.Limit{}
	}
	return rate.Limit{Every: time.Second / time.Duration(c.ActionRate), Burst: c.ActionRate}
}

// IntentLimit is the rate of a player's other requests of the lobby and
// rooms as a rate.Limit, which cmd/sshd gives the rooms: --intent-rate a
// minute, after rooms.DefaultIntentRate's burst.
func (c Config) IntentLimit() rate.Limit {
	if c.IntentRate <= 0 {
		return rate.Limit{}
	}
	return rate.Limit{Every: time.Minute / time.Duration(c.IntentRate), Burst: rooms.DefaultIntentRate.Burst}
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
