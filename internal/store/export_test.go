package store

import "context"

// Exec runs one statement on s, written as the methods write theirs, for a
// test to set up what no method does (an expired code, a newer schema).
func Exec(s *Store, query string, args ...any) error {
	_, err := s.q.ExecContext(context.Background(), query, args...)
	return err
}

// Columns returns a table's columns in order, from s's own catalogue.
func Columns(s *Store, table string) ([]string, error) {
	query := `SELECT name FROM pragma_table_info(?) ORDER BY cid`
	if _, ok := s.d.(*postgresDialect); ok {
		query = `SELECT column_name FROM information_schema.columns
			WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position`
	}
	rows, err := s.q.QueryContext(context.Background(), query, table)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var cols []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, err
		}
		cols = append(cols, c)
	}
	return cols, rows.Err()
}

// Batched is one AppendAction for Commit: its actions from Seq, one a
// line of Lines.
type Batched struct {
	Ctx   context.Context
	Game  GameID
	Seq   int
	Lines []string
}

// Commit commits AppendActions as one batch of a's, as if they had all
// arrived while the previous batch was being written, and returns each
// one's answer.
func Commit(a *Appender, actions []Batched) []error {
	batch := make([]appendReq, len(actions))
	for i, x := range actions {
		batch[i] = appendReq{ctx: x.Ctx, id: x.Game, seq: x.Seq, lines: x.Lines, reply: make(chan error, 1)}
	}
	a.commit(batch)
	errs := make([]error, len(batch))
	for i, r := range batch {
		errs[i] = <-r.reply
	}
	return errs
}

// Kept returns how many statements a keeps prepared (ExecKeptContext) on
// its own connection (SQLite's).
func Kept(a *Appender) int {
	if a.own == nil {
		return 0
	}
	a.own.kept.mu.Lock()
	defer a.own.kept.mu.Unlock()
	return len(a.own.kept.stmts)
}

// BreakOwn closes the connection a commits on (SQLite's) under it, as a
// connection that fails would be: its next commit fails.
func BreakOwn(a *Appender) {
	if a.own != nil {
		_ = a.own.c.Close()
	}
}

// ForeignKeys returns PRAGMA foreign_keys on each of the connections s's
// pool holds open (SQLite's), taken all at once, or on a new one.
func ForeignKeys(s *Store) ([]int, error) {
	ctx := context.Background()
	var on []int
	for range max(s.db.Stats().OpenConnections, 1) {
		c, err := s.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		defer func() { _ = c.Close() }()
		var fk int
		if err := c.QueryRowContext(ctx, "PRAGMA foreign_keys").Scan(&fk); err != nil {
			return nil, err
		}
		on = append(on, fk)
	}
	return on, nil
}

// Unsynced has a commit on its own connection (SQLite's), once it has
// one, without syncing the log: for a benchmark of what a commit costs
// besides the disk's sync, which is most of it and varies with the disk.
func Unsynced(a *Appender) error {
	_, err := a.own.c.ExecContext(context.Background(), "PRAGMA synchronous = OFF")
	return err
}
