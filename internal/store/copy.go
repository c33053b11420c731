package store

import (
	"context"
	"fmt"
	"strings"
)

// TableCount is how many rows a table holds.
type TableCount struct {
	Table string
	Rows  int64
}

// Copy copies every row of every table of the SQLite store from into the
// empty store to (PostgreSQL, or SQLite), as `sshd migrate` does to move a
// server from SQLite to PostgreSQL: both are at this binary's schema once
// opened, so the tables and their columns are the same. Rows keep their
// ids, and the target numbers new rows after them. It copies in one
// transaction on each side (from's write lock held: nothing changes it
// meanwhile), refuses a target that holds any row, and then counts every
// table on both sides, returning the counts, or an error naming a table
// whose counts differ.
func Copy(ctx context.Context, from, to *Store) ([]TableCount, error) {
	if _, ok := from.d.(sqliteDialect); !ok {
		return nil, fmt.Errorf("store: copy: the source must be a SQLite database")
	}
	tables, err := from.tables(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	err = from.WithTx(ctx, func(src *Tx) error {
		return to.WithTx(ctx, func(dst *Tx) error {
			for _, t := range tables {
				var n int64
				if err := dst.q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quote(t.name)).Scan(&n); err != nil {
					return fmt.Errorf("count %s in the target: %w", t.name, mapError(err))
				}
				if n > 0 {
					return fmt.Errorf("the target already holds %d rows in %s: copy into an empty database", n, t.name)
				}
			}
			for _, t := range tables {
				if err := copyTable(ctx, src, dst, t); err != nil {
					return err
				}
			}
			return nil
		})
	})
	if err != nil {
		return nil, fmt.Errorf("store: copy: %w", err)
	}
	counts := make([]TableCount, len(tables))
	for i, t := range tables {
		var a, b int64
		q := `SELECT COUNT(*) FROM ` + quote(t.name)
		if err := from.q.QueryRowContext(ctx, q).Scan(&a); err != nil {
			return nil, fmt.Errorf("store: copy: count %s: %w", t.name, mapError(err))
		}
		if err := to.q.QueryRowContext(ctx, q).Scan(&b); err != nil {
			return nil, fmt.Errorf("store: copy: count %s in the target: %w", t.name, mapError(err))
		}
		if a != b {
			return nil, fmt.Errorf("store: copy: %s has %d rows but the target %d", t.name, a, b)
		}
		counts[i] = TableCount{Table: t.name, Rows: a}
	}
	return counts, nil
}

// table is a table's name and columns, as SQLite describes it.
type table struct {
	name     string
	columns  []string
	numbered bool     // its id is numbered by the database
	refers   []string // the tables its foreign keys point to
}

// tables lists the SQLite database's tables but its schema_version (which
// the target has of its own), each after those it refers to.
func (s *Store) tables(ctx context.Context) ([]table, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT name FROM sqlite_master
		WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_version' ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", mapError(err))
	}
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			_ = rows.Close()
			return nil, fmt.Errorf("list tables: %w", mapError(err))
		}
		names = append(names, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list tables: %w", mapError(err))
	}
	_ = rows.Close()
	byName := map[string]*table{}
	for _, n := range names {
		t := &table{name: n}
		if err := s.describe(ctx, t); err != nil {
			return nil, err
		}
		byName[n] = t
	}
	// Depth-first, each table after those it refers to, so that every
	// foreign key finds its row.
	var out []table
	done := map[string]bool{}
	var visit func(n string)
	visit = func(n string) {
		if done[n] || byName[n] == nil {
			return
		}
		done[n] = true
		for _, r := range byName[n].refers {
			visit(r)
		}
		out = append(out, *byName[n])
	}
	for _, n := range names {
		visit(n)
	}
	return out, nil
}

// describe reads t's columns and foreign keys.
func (s *Store) describe(ctx context.Context, t *table) error {
	rows, err := s.q.QueryContext(ctx, `SELECT name, type, pk FROM pragma_table_info(?) ORDER BY cid`, t.name)
	if err != nil {
		return fmt.Errorf("describe %s: %w", t.name, mapError(err))
	}
	for rows.Next() {
		var name, typ string
		var pk int
		if err := rows.Scan(&name, &typ, &pk); err != nil {
			_ = rows.Close()
			return fmt.Errorf("describe %s: %w", t.name, mapError(err))
		}
		t.columns = append(t.columns, name)
		t.numbered = t.numbered || name == "id" && pk == 1 && strings.EqualFold(typ, "INTEGER")
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("describe %s: %w", t.name, mapError(err))
	}
	_ = rows.Close()
	rows, err = s.q.QueryContext(ctx, `SELECT DISTINCT "table" FROM pragma_foreign_key_list(?)`, t.name)
	if err != nil {
		return fmt.Errorf("describe %s: %w", t.name, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return fmt.Errorf("describe %s: %w", t.name, mapError(err))
		}
		if r != t.name {
			t.refers = append(t.refers, r)
		}
	}
	return mapError(rows.Err())
}

// copyBatch is how many rows one INSERT carries: far under PostgreSQL's
// 65535 parameters for any of the tables.
const copyBatch = 500

// copyTable copies t's rows from src to dst, in batches.
func copyTable(ctx context.Context, src, dst *Tx, t table) error {
	cols := make([]string, len(t.columns))
	for i, c := range t.columns {
		cols[i] = quote(c)
	}
	list := strings.Join(cols, ", ")
	rows, err := src.q.QueryContext(ctx, `SELECT `+list+` FROM `+quote(t.name))
	if err != nil {
		return fmt.Errorf("read %s: %w", t.name, mapError(err))
	}
	defer func() { _ = rows.Close() }()
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	var batch []any
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n := len(batch) / len(cols)
		values := strings.Repeat(one+", ", n-1) + one
		if _, err := dst.q.ExecContext(ctx, `INSERT INTO `+quote(t.name)+` (`+list+`) VALUES `+values, batch...); err != nil {
			return fmt.Errorf("write %s: %w", t.name, mapError(err))
		}
		batch = batch[:0]
		return nil
	}
	for rows.Next() {
		row := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range row {
			ptrs[i] = &row[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return fmt.Errorf("read %s: %w", t.name, mapError(err))
		}
		batch = append(batch, row...)
		if len(batch) >= copyBatch*len(cols) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read %s: %w", t.name, mapError(err))
	}
	if err := flush(); err != nil {
		return err
	}
	if t.numbered {
		if err := dst.d.renumber(ctx, dst.q, t.name); err != nil {
			return fmt.Errorf("number %s after its copied rows: %w", t.name, mapError(err))
		}
	}
	return nil
}

// quote spells a table's or column's name as a quoted identifier, which
// both databases read.
func quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}
