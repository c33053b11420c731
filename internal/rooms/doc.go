// Package rooms holds the lobby and the game rooms: seats, watchers, chat,
// bots, turn clocks, reconnects and restarts, and the ranked matchmaking
// queue. Each Room is an actor: one goroutine owns its state,
// its methods send commands in and wait for the answer, and it publishes
// immutable Snapshots into small per-subscriber mailboxes where the latest
// wins, so a slow client never blocks a room.
//
// A room commits every action to its Journal before anyone sees its effect,
// the dice too: when the game's Chance seat is due the room draws an outcome
// from crypto/rand, journals it as a line with no seat and applies it, so
// that a restart replays the throws and never throws again. A finished
// game's places and scores are stored as the game decided them. A room
// waiting for players is stored at every change of its seats, so that a
// restart reopens it with its id and invite code (waiting.go). Rooms host
// any game of Config.Kinds; bots come from Config.Bots by game and level.
// The clock times whoever the game says is to decide, in turn or not (a
// bidder in an auction), and the autopilot decides for a seat out of time,
// except that a decision the game lets a player give up (engine.Yielder: a
// bid) is given up for them.
// A ranked table plays its kind's fixed options (engine.Kind.Ranked).
// A store that refuses writes is logged once per change of state and bots
// retry with backoff (saving.go). Every request a player makes passes a
// rate limit before it reaches a room (intents.go). Once a game is over
// its players may ask for a rematch: a new waiting room with the same
// settings and bots, seats rotated, the other players invited
// (rematch.go). The lobby's snapshots list the public rooms with who sits
// where, count the games in progress and the ranked queue by game, and
// keep a game that ended listed with its winners for FinishedShown;
// Listed adds the private rooms a player sits in or hosts.
//
// A room's lasting state beyond its settings and its game (who hosts and
// sits where, its status, votes, clocks, ratings, places and rematch) is
// one plain value, its State, as a game is: waiting rooms are stored from
// it, restarts rebuild it, and the nodes that follow a room copy it.
// A room's one port to the outside is its Link (link.go): the journal its
// actions are committed to, the nodes that follow it told of each change,
// and the node a request is forwarded to when another node runs the room.
// A single server's is the journal alone. Several servers (nodes) sharing
// one PostgreSQL database are internal/replica's business, which the lobby
// knows as its Cluster (cluster.go): each room run by the node holding its
// lease, followed by the others whose sessions are in it (follow.go is
// what they do to a room), their lobbies listing each other's rooms
// (shared.go) and their ranked queue one (SharedQueue).
// The lobby's gauges (rooms by game and state, players seated, the ranked
// queue) are computed when scraped
// (metrics.go); actions committed, bots' decision times and failovers are
// counted as they happen (internal/metrics).
// rooms imports the engine, the store's types and metrics, never the TUI,
// the server or internal/replica.
package rooms
