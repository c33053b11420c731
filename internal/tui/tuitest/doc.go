// Package tuitest holds what the screens' tests share: positions replayed
// from fixed game records, room and lobby snapshots built from them,
// fakes of the room and lobby services that record what a screen asked
// for, helpers for golden files and key names (tuitest registers their
// -update flag), and a Bubble Tea program that shows the frames it is sent.
// Nothing outside tests imports it.
//
// tuitest imports the engine, rooms and the store's types, never a screen.
package tuitest
