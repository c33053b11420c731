package theme

import "sync"

// Drawn holds looks drawn once for every session, by what they depend on
// (the styles, a width, a rule set): drawn for each session, they were
// live objects a player for the collector to mark (issue 22). What it
// holds is never changed, and never let go: a key must come from a small
// set.
type Drawn[K comparable, V any] struct{ m sync.Map }

// Get returns the looks for k, drawing them with draw the first time.
func (d *Drawn[K, V]) Get(k K, draw func() V) V {
	if v, ok := d.m.Load(k); ok {
		return v.(V)
	}
	v, _ := d.m.LoadOrStore(k, draw())
	return v.(V)
}
