package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"hotels/internal/store"
	"hotels/internal/store/storetest"
)

func newGames(t testing.TB, s *store.Store, n int) []store.GameID {
	ids := make([]store.GameID, n)
	for i := range ids {
		id, err := s.CreateGame(context.Background(), store.NewGame{Game: "acquire", Rules: "modern", Status: store.StatusPlaying})
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	return ids
}

func TestAppenderCommitsEachAction(t *testing.T) {
	s, _ := open(t)
	a := store.NewAppender(s)
	defer a.Close()
	ctx := context.Background()
	ids := newGames(t, s, 8)
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := 1; seq <= 50; seq++ {
				if err := a.AppendAction(ctx, id, seq, fmt.Sprintf("ann play %dA", seq)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	for _, id := range ids {
		lines, err := s.Actions(ctx, id)
		if err != nil || len(lines) != 50 || lines[49] != "ann play 50A" {
			t.Fatalf("game %d: %d lines, %v", id, len(lines), err)
		}
	}
	// A refused action fails alone.
	if err := a.AppendAction(ctx, ids[0], 52, "gap"); !errors.Is(err, store.ErrConflict) {
		t.Errorf("a gap: %v, want ErrConflict", err)
	}
	if err := a.AppendAction(ctx, ids[0], 51, "ann end"); err != nil {
		t.Errorf("the next action: %v", err)
	}
	a.Close()
	if err := a.AppendAction(ctx, ids[0], 52, "late"); !errors.Is(err, store.ErrClosed) {
		t.Errorf("after Close: %v, want ErrClosed", err)
	}
}

// BenchmarkDurableActions appends actions from 64 concurrent games, each
// waiting for its commit like a room does: the durable actions per second
// the server sustains.
func BenchmarkDurableActions(b *testing.B) {
	for _, mode := range []string{"appender", "direct"} {
		b.Run(mode, func(b *testing.B) {
			s, err := store.Open(context.Background(), storetest.Data(b))
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			a := store.NewAppender(s)
			defer a.Close()
			appendAction := s.AppendAction
			if mode == "appender" {
				appendAction = a.AppendAction
			}
			ids := newGames(b, s, 64)
			var next atomic.Int64
			b.SetParallelism(32) // 64 goroutines on 2 cores
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				id := ids[next.Add(1)-1]
				seq := 0
				for pb.Next() {
					seq++
					if err := appendAction(context.Background(), id, seq, "ann buy Tower Tower Luxor"); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "actions/s")
		})
	}
}
