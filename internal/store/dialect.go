package store

import (
	"context"
	"strconv"
	"strings"
	"sync"
)

// dialect is what differs between the two databases a Store runs on: how a
// connection is opened, how the portable SQL of the methods and migrations
// is spelled for it, and what a write transaction begins with. Everything
// else (every query, the migrations, the error sentinels, the group commit)
// is written once. sqlite.go and postgres.go hold the two.
type dialect interface {
	// name is the database's name in messages: "SQLite", "PostgreSQL".
	name() string
	// rebind spells a query written with SQLite's ? and ?N placeholders
	// for this database.
	rebind(query string) string
	// migration spells one migration file's SQL for this database.
	migration(file, sql string) string
	// prepare runs before the migrations, in their first transaction:
	// what the migrations need that SQLite has built in.
	prepare(ctx context.Context, q querier) error
	// locking returns clause ("FOR UPDATE", "FOR UPDATE SKIP LOCKED",
	// "FOR SHARE"), to end a SELECT whose rows must hold until its
	// transaction ends: PostgreSQL's transactions run side by side, and
	// lock what they read that a write depends on. SQLite's take the
	// database's one write lock as they begin, and need none ("").
	locking(clause string) string
	// lockRooms holds rooms' fences until the transaction ends: shared by
	// the journal appends fenced by their leases, exclusive by a node
	// taking a lease, so that the node sees every append made under the
	// lease it replaces, and no append begun after it is made under that
	// lease. Rooms do not wait on each other's.
	lockRooms(ctx context.Context, q querier, rooms []string, exclusive bool) error
	// lockMigrations runs first in each transaction of the migrations, so
	// that two servers starting together migrate one after the other.
	lockMigrations(ctx context.Context, q querier) error
	// clock is an SQL expression for the database's time now, in seconds
	// since 1970: leases lapse by it, never by a node's clock (leases.go).
	clock() string
	// renumber makes the database number a table's new rows (its id
	// INTEGER PRIMARY KEY) after the highest id in it, once rows were
	// written with their ids (Copy).
	renumber(ctx context.Context, q querier, table string) error
}

// IsPostgres tells a PostgreSQL URL from a SQLite file path: several
// servers may share the one, never the other.
func IsPostgres(data string) bool {
	return strings.HasPrefix(data, "postgres://") || strings.HasPrefix(data, "postgresql://")
}

// dollars spells ? and ?N placeholders as PostgreSQL's $N, leaving quoted
// text, quoted names and comments as they are. Each query's spelling is
// kept, since the methods' queries are few and run many times.
type dollars struct {
	cache sync.Map // query -> spelled query
}

func (d *dollars) rebind(query string) string {
	if s, ok := d.cache.Load(query); ok {
		return s.(string)
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"', c == '-' && strings.HasPrefix(query[i:], "--"):
			// Copied to its end: the closing quote, or the comment's line.
			closer := string(c)
			if c == '-' {
				closer = "\n"
			}
			end := strings.Index(query[i+1:], closer)
			if end < 0 {
				b.WriteString(query[i:])
				i = len(query)
				continue
			}
			b.WriteString(query[i : i+1+end+1])
			i += end + 1
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			if j > i+1 { // ?N keeps its number
				b.WriteString("$" + query[i+1:j])
				i = j - 1
				continue
			}
			n++
			b.WriteString("$" + strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	s := b.String()
	d.cache.Store(query, s)
	return s
}
