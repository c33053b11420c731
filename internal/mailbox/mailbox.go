// Package mailbox holds the one-slot mailbox where the latest value wins:
// how rooms hand snapshots to sessions and the server hands notices to
// them, without a sender ever waiting on a slow reader.
package mailbox

// Put puts v in ch, a channel of capacity 1, replacing an unread value. It
// never blocks, however many goroutines put at once.
func Put[T any](ch chan T, v T) {
	for {
		select {
		case ch <- v:
			return
		default:
		}
		select {
		case <-ch:
		default:
		}
	}
}
