package rooms

// Halt stops l's part in its cluster without a word to the other nodes,
// as a node that was killed: its leases lapse.
func Halt(l *Lobby) { l.cluster.halt() }
