package roomstest_test

import (
	"slices"
	"testing"
	"time"

	"hotels/internal/rooms/roomstest"
)

// A callback waits for Fire and runs once, unless stopped first; with
// BotNow, a bot's move runs at once and other callbacks still wait.
func TestTimers(t *testing.T) {
	var tm roomstest.Timers
	var ran []string
	tm.After(time.Minute, func() { ran = append(ran, "kept") })
	stop := tm.After(time.Minute, func() { ran = append(ran, "stopped") })
	if !stop() || stop() {
		t.Error("stop reports true once, for a callback that had not run")
	}
	tm.After(roomstest.BotDelay, func() { ran = append(ran, "bot") })
	if len(ran) != 0 {
		t.Fatalf("ran %q before Fire", ran)
	}
	tm.Fire()
	tm.Fire()
	if want := []string{"kept", "bot"}; !slices.Equal(ran, want) {
		t.Errorf("Fire twice ran %q, want %q", ran, want)
	}

	tm.SetBotNow(true)
	bot := make(chan struct{})
	tm.After(roomstest.BotDelay, func() { close(bot) })
	later := tm.After(time.Minute, func() { t.Error("a callback that is no bot's move ran without Fire") })
	select {
	case <-bot:
	case <-time.After(roomstest.Timeout):
		t.Fatal("with BotNow, a bot's move did not run at once")
	}
	if !later() {
		t.Error("the other callback does not wait")
	}
}
