// Package metrics is what Hotels counts for its operators, in the
// Prometheus format (issue 26): the events counted where they happen
// (sessions refused, actions committed, frames sent, commit and bot
// times), as package-level counters and histograms that cost an atomic
// add, and the gauges a scrape computes from the server's own state
// (sessions open, rooms by game and state, the ranked queue), through
// Func. Handler serves them at /metrics, with /healthz beside them.
//
// The event metrics are package-level, as Prometheus' own client and
// soft-serve keep theirs: a hook where an event happens is one line that
// needs nothing passed down to it, and every server in one process (the
// tests run several) counts into the same ones. The gauges are per server:
// each package that has a state to show offers its Funcs, and the command
// registers them with NewRegistry.
//
// metrics imports nothing of Hotels: every other package may import it.
package metrics
