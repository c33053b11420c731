// Package rate limits how often each of many keys (a remote address, a
// player) may do something, with one token bucket per key: a key may act
// in a burst of up to Burst times, and then once every Every.
//
// Buckets that have filled up again are forgotten, so memory follows the
// keys active now, not every key ever seen. rate imports nothing of ours.
package rate
