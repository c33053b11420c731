package server

import (
	"context"
	"hotels/internal/cputime"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
	"unsafe"

	tea "charm.land/bubbletea/v2"
)

// deepen uses about n KB of stack.
//
//go:noinline
func deepen(n int) byte {
	var frame [1024]byte
	frame[n%1024] = byte(n)
	if n <= 1 {
		return frame[0]
	}
	return deepen(n-1) + frame[1]
}

// A deep Update or View runs on a shared goroutine: the session's own
// stack is not grown (a grown stack is copied elsewhere, so a local
// variable's address changes).
func TestOnSharedLeavesTheCallersStack(t *testing.T) {
	moved := make(chan bool)
	go func() {
		deepen(8) // room for onShared's own calls, under -race too
		var here byte
		before := uintptr(unsafe.Pointer(&here))
		done := newSharedDone()
		for range 3 {
			onShared(&done, func() { deepen(64) })
		}
		moved <- uintptr(unsafe.Pointer(&here)) != before
	}()
	if <-moved {
		t.Error("64 KB of calls in onShared grew the caller's stack")
	}
}

// A panic in a shared goroutine is raised again on the caller's, with
// where it happened, and the shared goroutines go on serving.
func TestOnSharedPanics(t *testing.T) {
	done := newSharedDone()
	func() {
		defer func() {
			p, ok := recover().(sharedPanic)
			if !ok {
				t.Fatalf("recovered %#v, want a sharedPanic", p)
			}
			if s := p.String(); !strings.HasPrefix(s, "boom\n") || !strings.Contains(s, "TestOnSharedPanics") {
				t.Errorf("the panic reads %q, want boom and its stack", s)
			}
		}()
		onShared(&done, func() { panic("boom") })
		t.Error("onShared returned after a panic")
	}()
	ran := false
	onShared(&done, func() { ran = true })
	if !ran {
		t.Error("a call after the panic did not run")
	}
}

// The shared goroutines that the calls of a busy moment needed end once
// none needs them, and not while they are needed.
func TestIdleSharedGoroutinesEnd(t *testing.T) {
	before := runtime.NumGoroutine()
	release := make(chan struct{})
	var started, ended sync.WaitGroup
	for range 3 { // three calls at once: three goroutines
		started.Add(1)
		ended.Add(1)
		go func() {
			defer ended.Done()
			done := newSharedDone()
			onShared(&done, func() { started.Done(); <-release })
		}()
	}
	started.Wait()
	if reapIdle(); pool.n < 3 {
		t.Fatalf("%d shared goroutines left while three calls run", pool.n)
	}
	close(release)
	ended.Wait()
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines, want %d: the idle shared goroutines did not end (%d left)", runtime.NumGoroutine(), before, pool.n)
		}
		reapIdle()
		time.Sleep(time.Millisecond)
	}
}

// BenchmarkOnShared is what handing a session's Update or View to a shared
// goroutine costs, on top of the call itself.
func BenchmarkOnShared(b *testing.B) {
	done := newSharedDone()
	n := 0
	b.ReportAllocs()
	cpu := cputime.Used(b)
	for b.Loop() {
		onShared(&done, func() { n++ })
	}
	cputime.Report(b, cpu, time.Nanosecond, "cpu-ns/op")
}

// BenchmarkAppOnShared is a session's message and frame, Update then View
// of its app (on the sign-up screen, which does little with a window size),
// each handed to a shared goroutine: what the handing costs beside the
// screen's own work, in allocations a message and frame.
func BenchmarkAppOnShared(b *testing.B) {
	a := newApp(&session{ctx: context.Background()}, identity{})
	msg := tea.WindowSizeMsg{Width: 80, Height: 24}
	b.ReportAllocs()
	cpu := cputime.Used(b)
	for b.Loop() {
		a.Update(msg)
		_ = a.View()
	}
	cputime.Report(b, cpu, time.Nanosecond, "cpu-ns/op")
}
