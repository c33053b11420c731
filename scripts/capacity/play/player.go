package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Keys as a terminal sends them.
const (
	keyEnter    = "\r"
	keyDown     = "\x1b[B"
	keyUp       = "\x1b[A"
	keyRight    = "\x1b[C"
	keyF2       = "\x1bOQ" // bound to nothing: it only clears the status line
	keyTakeOver = "\x14"   // ctrl+t
	// keyIdle is the harmless key that sets the status line of a player
	// who is not to decide: "Waiting for bob.". It is no chain's
	// letter, no tile's, and opens nothing (room/keys.go gameKey).
	keyIdle = "z"
)

// player plays one seat from its screen.
type player struct {
	run  *runner
	t    *term
	room *room
	rng  *rand.Rand
}

// jitter is d × uniform(0.5, 1.5).
func (p *player) jitter(d time.Duration) time.Duration {
	return time.Duration(float64(d) * (0.5 + p.rng.Float64()))
}

func (p *player) sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// loop plays until ctx ends or the game is over: it decides when the
// screen says the decision is the player's, and otherwise sends an idle
// key now and then.
func (p *player) loop(ctx context.Context) {
	cfg := p.run.cfg
	nextIdle := time.Now().Add(p.jitter(cfg.IdleEvery))
	tries := 0
	for ctx.Err() == nil && !p.t.ended() {
		v := p.t.view()
		if v.over() {
			p.room.setOver()
			return
		}
		if p.t == p.room.players[0] {
			p.room.sawAuction(v.auction())
		}
		if ph := v.mine(); ph != phaseNone {
			if !p.decide(ctx, ph) {
				tries++
				if tries >= 5 { // something the tool does not understand: look again later
					p.run.stats.events.inc("decision_given_up")
					if !p.sleep(ctx, cfg.Think) {
						return
					}
					tries = 0
				}
			} else {
				tries = 0
			}
			nextIdle = time.Now().Add(p.jitter(cfg.IdleEvery))
			continue
		}
		wait := time.Hour
		if cfg.IdleKeys && v.game() {
			wait = max(0, time.Until(nextIdle))
		}
		timer := time.NewTimer(wait)
		select {
		case <-p.t.changed:
			timer.Stop()
		case <-timer.C:
			p.idle(ctx)
			nextIdle = time.Now().Add(p.jitter(cfg.IdleEvery))
		case <-ctx.Done():
			timer.Stop()
			return
		case <-p.t.done:
			timer.Stop()
			return
		}
	}
}

// idle sends the idle key, or F2 to clear the status line it left, and
// measures how soon the status line changes.
func (p *player) idle(ctx context.Context) {
	v := p.t.view()
	if !v.game() || v.mine() != phaseNone {
		return
	}
	k := keyIdle
	if v.status != "" {
		k = keyF2
	}
	d, err := p.t.press(ctx, k, onStatus, p.run.cfg.KeyTimeout)
	if v := p.t.view(); errors.Is(err, errTimeout) && v.mine() != phaseNone {
		// The turn came to this player as the key went: an idle key
		// rightly answers nothing on one's own decision.
		p.run.stats.idleOnTurn.Add(1)
		return
	}
	p.run.stats.key(d, err, false)
	if errors.Is(err, errTimeout) {
		p.run.logf("%s: idle key %q changed nothing: %s", p.t.name, k, screenText(p.t.view()))
	}
}

// key presses k as part of a decision, waits for the screen to change,
// then pauses -key-gap before the decision's next key.
func (p *player) key(ctx context.Context, k string) error {
	d, err := p.t.press(ctx, k, onScreen, p.run.cfg.KeyTimeout)
	p.run.stats.key(d, err, true)
	if errors.Is(err, errTimeout) {
		p.run.logf("%s: key %q changed nothing: %s", p.t.name, k, screenText(p.t.view()))
	}
	if err == nil && !p.sleep(ctx, p.run.cfg.KeyGap) {
		return ctx.Err()
	}
	return err
}

// decide thinks, then answers the decision due with keys the screen
// offers; it reports whether a move was made.
func (p *player) decide(ctx context.Context, ph phase) bool {
	cfg := p.run.cfg
	if ph == phaseAutopilot { // only with a clock; take the seat back
		_ = p.key(ctx, keyTakeOver)
		return true
	}
	if !p.sleep(ctx, p.jitter(cfg.Think)) {
		return false
	}
	v := p.t.view()
	if v.mine() != ph {
		return false
	}
	switch ph {
	case phasePlay:
		return p.play(ctx)
	case phaseFound, phaseSurvivor, phaseNext:
		// The first choice is under the cursor: enter takes it.
		return p.move(ctx, keyEnter, ph.String())
	case phaseDispose:
		// Keep them all, sell one, or trade two (the screen refuses a trade
		// the bank or the holding cannot cover, and says so).
		switch p.rng.IntN(3) {
		case 1:
			if p.key(ctx, "s") != nil {
				return false
			}
		case 2:
			if p.key(ctx, "t") != nil {
				return false
			}
		}
		return p.move(ctx, keyEnter, ph.String())
	case phaseTake:
		// Two shares the bank holds, at random; a take names them in any
		// order. The recap of the others' moves, if shown, is under the
		// tracks, where the bank's shares are (it never covers the game).
		bank := v.bank()
		for range 2 {
			if len(bank) == 0 {
				break
			}
			i := p.rng.IntN(len(bank))
			if p.key(ctx, bank[i]) != nil {
				return false
			}
			bank = append(bank[:i], bank[i+1:]...)
		}
		return p.move(ctx, keyEnter, ph.String())
	case phaseCard, phaseLast:
		// The card under the cursor: a Raise goes on Alps, an Exchange swaps
		// nothing, and the final round passes rather than exchange.
		switch v.chosenCard() {
		case "Raise":
			if p.key(ctx, keyEnter) != nil {
				return false
			}
			return p.move(ctx, "a", ph.String())
		case "Exchange":
			if ph == phaseLast {
				return p.move(ctx, "p", ph.String())
			}
			if p.key(ctx, keyEnter) != nil {
				return false
			}
		}
		return p.move(ctx, keyEnter, ph.String())
	case phaseBuy:
		if cfg.EndGame && v.canDeclare() {
			return p.move(ctx, "e", "declare")
		}
		if chains := v.chainsOnBoard(); len(chains) > 0 && p.rng.Float64() < cfg.Buy {
			// A share of a chain on the board; the screen refuses one the
			// player cannot afford and says so, which is a change too.
			if p.key(ctx, chains[p.rng.IntN(len(chains))]) != nil {
				return false
			}
		}
		return p.move(ctx, keyEnter, ph.String())
	case phaseMenu:
		return p.menu(ctx)
	case phaseBid:
		// The least bid (b) with chance -bid while the cash covers it, else
		// a pass: every auction ends.
		least, cash, ok := v.bidRoom()
		if !ok {
			return false
		}
		if least <= cash && p.rng.Float64() < cfg.Bid {
			return p.move(ctx, "b", "bid")
		}
		return p.move(ctx, "p", "bid_pass")
	}
	return false
}

// menu moves Hotel Tycoon's cursor to one of the legal actions listed,
// chosen at random, and does it. A debtor picking the complex to auction
// is counted apart, as "pick_auction" (a debtor with one complex has no
// choice: the server picks it).
func (p *player) menu(ctx context.Context) bool {
	v := p.t.view()
	cur, n := v.choice()
	if n == 0 {
		p.run.stats.events.inc("menu_unreadable")
		p.run.logf("%s: no choice read from the screen: %s", p.t.name, screenText(v))
		return false
	}
	what := phaseMenu.String()
	if strings.Contains(v.lines[v.due], "auction which complex") {
		what = "pick_auction"
	}
	target := p.rng.IntN(n)
	for range n {
		if cur == target {
			break
		}
		if p.key(ctx, keyDown) != nil {
			return false
		}
		cur, _ = p.t.view().choice()
	}
	if cur != target {
		return false
	}
	return p.move(ctx, keyEnter, what)
}

// play moves the rack cursor to a playable tile chosen at random and
// plays it.
func (p *player) play(ctx context.Context) bool {
	v := p.t.view()
	tiles, cur := v.rack()
	var ok []int
	for i, t := range tiles {
		if t.playable {
			ok = append(ok, i)
		}
	}
	if len(ok) == 0 || cur < 0 {
		p.run.stats.events.inc("rack_unreadable")
		p.run.logf("%s: no playable tile read from the screen: %s", p.t.name, screenText(v))
		return false
	}
	target := ok[p.rng.IntN(len(ok))]
	for range len(tiles) {
		if cur == target {
			break
		}
		k := keyDown
		if (cur-target+len(tiles))%len(tiles) < (target-cur+len(tiles))%len(tiles) {
			k = keyUp
		}
		if p.key(ctx, k) != nil {
			return false
		}
		_, cur = p.t.view().rack()
	}
	if cur != target {
		return false
	}
	return p.move(ctx, keyEnter, phasePlay.String())
}

// move presses the key that sends a decision. Before the write it arms, on
// every other screen of the room (opponents and watchers), a watch for
// the game part of the screen to change: nothing else changes it while the
// room waits for this decision, so its first change is this move arriving.
// Then it waits for the move to show on the player's own screen, or for the
// room's refusal in the status line.
func (p *player) move(ctx context.Context, k string, what string) bool {
	cfg, st := p.run.cfg, p.run.stats
	viewers := p.room.viewers(p.t)
	watches := make([]*watch, 0, len(viewers))
	rec := &moveRec{}
	for _, vw := range viewers {
		if vw.watcher {
			rec.leftWatch++
		} else {
			rec.leftOpp++
		}
	}
	now := time.Now()
	for _, vw := range viewers {
		w := newWatch(onArea)
		w.rec, w.watcher = rec, vw.watcher
		w.onFire = st.arrived
		if late := vw.t.armMove(w); late != nil {
			st.gaveUp(late, now, true)
		}
		watches = append(watches, w)
	}
	self := newWatch(onArea)
	p.t.arm(self)
	press := newWatch(onScreen)
	p.t.arm(press)

	t0 := time.Now()
	for _, w := range watches {
		w.t0.Store(t0.UnixNano())
	}
	self.t0.Store(t0.UnixNano())
	press.t0.Store(t0.UnixNano())
	cancel := func() {
		for i, w := range watches {
			viewers[i].t.disarm(w)
		}
		p.t.disarm(self)
		p.t.disarm(press)
	}
	if err := p.t.write([]byte(k)); err != nil {
		cancel()
		return false
	}
	p.room.moved(what)
	at, err := p.t.waitWatch(ctx, press, cfg.KeyTimeout)
	if err == nil {
		st.keyAll.addDur(at.Sub(t0))
		st.keyDecision.addDur(at.Sub(t0))
	} else {
		st.key(0, err, true)
	}

	// The move is in when the game part of the own screen changes; the
	// room's refusal shows in the status line instead.
	deadline := time.NewTimer(cfg.MoveTimeout)
	defer deadline.Stop()
	var refusedAt time.Time
	for {
		select {
		case <-self.done:
			st.moveSelf.addDur(self.at.Sub(t0))
			return true
		case <-p.t.changed:
			v := p.t.view()
			if !self.fired() && refusedAt.IsZero() && v.status != "" && v.status != "Sending..." {
				refusedAt = time.Now()
				p.run.logf("%s: %s refused? %q", p.t.name, what, v.status)
			}
		case <-time.After(100 * time.Millisecond):
		case <-deadline.C:
			cancel()
			p.room.unmoved(what)
			st.events.inc("move_timeout")
			p.run.logf("%s: %s sent, no change in %v: %s", p.t.name, what, cfg.MoveTimeout, screenText(p.t.view()))
			return false
		case <-ctx.Done():
			// The run is over; the watches stay armed for the drain.
			p.t.disarm(self)
			return true
		case <-p.t.done:
			cancel()
			return false
		}
		if !refusedAt.IsZero() && time.Since(refusedAt) > 500*time.Millisecond && !self.fired() {
			cancel()
			p.room.unmoved(what)
			st.events.inc("move_refused")
			return false
		}
	}
}

// keyErr names a key's failure for the counters.
func keyErr(err error) string {
	switch {
	case errors.Is(err, errTimeout):
		return "no_change"
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return "cancelled"
	case errors.Is(err, errEnded):
		return "session_ended"
	}
	return fmt.Sprint("error: ", err)
}
