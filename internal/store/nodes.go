package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
	"unicode/utf8"
)

// Clock returns the database's clock. The nodes of a cluster judge each
// other's beats by it, so that their own clocks need not agree.
func (s *Store) Clock(ctx context.Context) (time.Time, error) {
	var sec float64
	if err := s.q.QueryRowContext(ctx, `SELECT `+s.d.clock()).Scan(&sec); err != nil {
		return time.Time{}, fmt.Errorf("store: read the database's clock: %w", mapError(err))
	}
	return time.UnixMilli(int64(sec * 1000)).UTC(), nil
}

// Beat records that node id, listening at addr, is alive now by the
// database's clock, adding its row if it has none, and reports whether it
// had to: the node has just joined, or joined again after it lapsed.
func (s *Store) Beat(ctx context.Context, id, addr string) (joined bool, err error) {
	now, err := s.Clock(ctx)
	if err != nil {
		return false, err
	}
	var started, beat int64
	err = s.q.InsertRowContext(ctx, `
		INSERT INTO nodes (id, addr, started, beat) VALUES (?, ?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET beat = excluded.beat, addr = excluded.addr
		RETURNING started, beat`,
		id, addr, now.UnixMilli(), now.UnixMilli()).Scan(&started, &beat)
	if err != nil {
		return false, fmt.Errorf("store: beat of node %s: %w", id, mapError(err))
	}
	return started == beat, nil
}

// LapseNodes deletes the nodes whose last beat is older than lapse by the
// database's clock, with their sessions and seekers, and returns their ids.
// The other nodes' seekers whose tables they took but never opened wait
// again (releaseTables).
func (s *Store) LapseNodes(ctx context.Context, lapse time.Duration) ([]string, error) {
	now, err := s.Clock(ctx)
	if err != nil {
		return nil, err
	}
	var gone []string
	err = s.WithTx(ctx, func(tx *Tx) error {
		rows, err := tx.q.QueryContext(ctx, `DELETE FROM nodes WHERE beat < ? RETURNING id`, now.Add(-lapse).UnixMilli())
		if err != nil {
			return mapError(err)
		}
		defer func() { _ = rows.Close() }()
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				return mapError(err)
			}
			gone = append(gone, id)
		}
		if err := rows.Err(); err != nil {
			return mapError(err)
		}
		_ = rows.Close() // before the next statement on the transaction's connection
		for _, id := range gone {
			if err := tx.releaseTables(ctx, id); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("store: lapse nodes: %w", err)
	}
	return gone, nil
}

// LeaveNode deletes node id, with its sessions and seekers, and lets the
// other nodes' seekers of the tables it took but did not open wait again:
// it is shutting down.
func (s *Store) LeaveNode(ctx context.Context, id string) error {
	err := s.WithTx(ctx, func(tx *Tx) error {
		if _, err := tx.q.ExecContext(ctx, `DELETE FROM nodes WHERE id = ?`, id); err != nil {
			return mapError(err)
		}
		return tx.releaseTables(ctx, id)
	})
	if err != nil {
		return fmt.Errorf("store: node %s leaves: %w", id, err)
	}
	return nil
}

// releaseTables puts the seekers of the tables node took (TakeTables) and
// never gave a room back in the queue: the node is gone, and no room will
// come for them.
func (s *Store) releaseTables(ctx context.Context, node string) error {
	mark := pendingTable + node + " "
	_, err := s.q.ExecContext(ctx, `UPDATE seekers SET room = '' WHERE substr(room, 1, ?) = ?`,
		utf8.RuneCountInString(mark), mark) // substr counts characters

	return mapError(err)
}

// Nodes returns the nodes alive, by id.
func (s *Store) Nodes(ctx context.Context) ([]Node, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT id, addr, started, beat, lobby FROM nodes ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("store: nodes: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var nodes []Node
	for rows.Next() {
		var n Node
		var started, beat int64
		if err := rows.Scan(&n.ID, &n.Addr, &started, &beat, &n.Lobby); err != nil {
			return nil, fmt.Errorf("store: nodes: %w", mapError(err))
		}
		n.Started, n.Beat = time.UnixMilli(started).UTC(), time.UnixMilli(beat).UTC()
		nodes = append(nodes, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: nodes: %w", mapError(err))
	}
	return nodes, nil
}

// SetNodeLobby stores node id's share of the lobby. A node that lapsed
// has no row to set: ErrNotFound.
func (s *Store) SetNodeLobby(ctx context.Context, id, lobby string) error {
	res, err := s.q.ExecContext(ctx, `UPDATE nodes SET lobby = ? WHERE id = ?`, lobby, id)
	if err != nil {
		return fmt.Errorf("store: lobby of node %s: %w", id, mapError(err))
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("store: lobby of node %s: %w", id, ErrNotFound)
	}
	return nil
}

// NodeSession is one open SSH session of a node.
type NodeSession struct {
	Node        string
	Session     int64 // the node's own number for it
	Fingerprint string
	Account     AccountID // 0: a key with no account yet
	Name        string
	Admin       bool
	Remote      string
	Started     time.Time
	Terminal    bool
	Command     string
	Bot         bool // the account is a bot account (read from accounts, not stored)
}

// AddNodeSession records an open session. Its node must be alive
// (ErrNotFound otherwise).
func (s *Store) AddNodeSession(ctx context.Context, ns NodeSession) error {
	_, err := s.q.ExecContext(ctx, `
		INSERT INTO node_sessions (node, session, fingerprint, account_id, name, admin, remote, started, terminal, command)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		ns.Node, ns.Session, ns.Fingerprint, nullAccount(ns.Account), ns.Name, flag(ns.Admin),
		ns.Remote, timestamp(ns.Started), flag(ns.Terminal), ns.Command)
	if err != nil {
		return fmt.Errorf("store: session %d of node %s: %w", ns.Session, ns.Node, mapError(err))
	}
	return nil
}

// DropNodeSession forgets a session that ended.
func (s *Store) DropNodeSession(ctx context.Context, node string, session int64) error {
	if _, err := s.q.ExecContext(ctx, `DELETE FROM node_sessions WHERE node = ? AND session = ?`, node, session); err != nil {
		return fmt.Errorf("store: drop session %d of node %s: %w", session, node, mapError(err))
	}
	return nil
}

// KeySessions counts the open sessions of the key with fingerprint on the
// nodes other than node, and how many of them are terminals.
func (s *Store) KeySessions(ctx context.Context, fingerprint, node string) (all, terminals int, err error) {
	err = s.q.QueryRowContext(ctx, `
		SELECT COUNT(*), COALESCE(SUM(terminal), 0) FROM node_sessions WHERE fingerprint = ? AND node <> ?`,
		fingerprint, node).Scan(&all, &terminals)
	if err != nil {
		return 0, 0, fmt.Errorf("store: sessions of key %s: %w", fingerprint, mapError(err))
	}
	return all, terminals, nil
}

// NodeSessions returns every node's open sessions, oldest first.
func (s *Store) NodeSessions(ctx context.Context) ([]NodeSession, error) {
	rows, err := s.q.QueryContext(ctx, `
		SELECT n.node, n.session, n.fingerprint, n.account_id, n.name, n.admin, n.remote, n.started, n.terminal, n.command,
		       COALESCE(a.bot, 0)
		FROM node_sessions n LEFT JOIN accounts a ON a.id = n.account_id
		ORDER BY n.started, n.node, n.session`)
	if err != nil {
		return nil, fmt.Errorf("store: sessions: %w", mapError(err))
	}
	defer func() { _ = rows.Close() }()
	var list []NodeSession
	for rows.Next() {
		var (
			ns              NodeSession
			account         sql.NullInt64
			admin, terminal int64
			bot             int64
			started         string
		)
		if err := rows.Scan(&ns.Node, &ns.Session, &ns.Fingerprint, &account, &ns.Name, &admin,
			&ns.Remote, &started, &terminal, &ns.Command, &bot); err != nil {
			return nil, fmt.Errorf("store: sessions: %w", mapError(err))
		}
		ns.Account, ns.Admin, ns.Terminal, ns.Bot = AccountID(account.Int64), admin != 0, terminal != 0, bot != 0
		if ns.Started, err = parseTime(started); err != nil {
			return nil, fmt.Errorf("store: sessions: %w", err)
		}
		list = append(list, ns)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("store: sessions: %w", mapError(err))
	}
	return list, nil
}
