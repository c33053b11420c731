package store_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

// Issue 26: a backup taken while games are played holds every action
// acknowledged before it began, and reopens as a database of its own (a
// restore is putting the file in the database's place): what an operator
// restores loses nothing a player was told was done.
func TestBackupWhileGamesArePlayed(t *testing.T) {
	storetest.SkipOnPostgres(t, "a SQLite file's backup; PostgreSQL's is pg_dump")
	ctx := context.Background()
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ids := newGames(t, s, 6)
	const moves = 120
	acked := make([]atomic.Int64, len(ids)) // actions acknowledged, by game
	half := make(chan struct{})             // when a third of the moves are acknowledged
	var total atomic.Int64
	var once sync.Once
	var wg sync.WaitGroup
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= moves; seq++ {
				if err := a.AppendAction(ctx, id, seq, fmt.Sprintf("ann play %d", seq)); err != nil {
					t.Error(err)
					return
				}
				acked[i].Store(int64(seq))
				if total.Add(1) >= int64(len(ids)*moves/3) {
					once.Do(func() { close(half) })
				}
			}
		}()
	}
	<-half
	before := make([]int64, len(ids))
	for i := range acked {
		before[i] = acked[i].Load()
	}
	file := filepath.Join(t.TempDir(), "backup.db")
	if err := s.Backup(ctx, file); err != nil {
		t.Fatal(err)
	}
	wg.Wait()
	if err := s.Backup(ctx, file); !errors.Is(err, fs.ErrExist) {
		t.Errorf("a second backup to the same file: %v, want fs.ErrExist", err)
	}

	restored, err := store.Open(ctx, file)
	if err != nil {
		t.Fatal(err)
	}
	defer restored.Close()
	played := 0
	for i, id := range ids {
		got, err := restored.Actions(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want, err := s.Actions(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if int64(len(got)) < before[i] || !slices.Equal(got, want[:len(got)]) {
			t.Errorf("game %d restored with %d actions, want the first %d at least (acknowledged before the backup)",
				id, len(got), before[i])
		}
		played += len(got)
	}
	t.Logf("the backup holds %d of the %d actions", played, len(ids)*moves)
}

func TestBackupRefusesPostgres(t *testing.T) {
	if !storetest.Postgres() {
		t.Skip("PostgreSQL only (" + storetest.Env + ")")
	}
	s, _ := open(t)
	if err := s.Backup(context.Background(), filepath.Join(t.TempDir(), "b.db")); !errors.Is(err, store.ErrBackupPostgres) {
		t.Errorf("Backup on PostgreSQL: %v, want ErrBackupPostgres", err)
	}
}
