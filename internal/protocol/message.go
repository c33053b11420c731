package protocol

import (
	"time"

	"hotels/internal/engine"
)

// The messages a stream sends, one JSON object a line; Type names each
// kind and Room the room it is about (docs/protocol.md has an example of
// every one).

// Hello opens a room's stream: the game and the table.
type Hello struct {
	Type    string      `json:"type"` // "hello"
	Room    string      `json:"room"`
	Game    string      `json:"game"` // acquire, holiday, tycoon
	Title   string      `json:"title"`
	Rules   string      `json:"rules"`
	Options []string    `json:"options"`
	Clock   string      `json:"time_control"` // "30s a decision", "10m + 5s"; "" for none
	Seats   []Seat      `json:"seats"`
	You     engine.Seat `json:"you"`
	Status  string      `json:"status"` // waiting, playing, over
}

// Seat is one seat of a table.
type Seat struct {
	Name  string `json:"name"`
	State string `json:"state"` // empty, ready, away, bot, autopilot, invited
	Level string `json:"level,omitempty"`
	Host  bool   `json:"host,omitempty"`
	// BotAccount marks a bot account's seat.
	BotAccount bool `json:"bot_account,omitempty"`
}

// State is the game as the seat sees it, in its game's shape.
type State struct {
	Type   string      `json:"type"` // "state"
	Room   string      `json:"room"`
	Status string      `json:"status"`
	Seats  []Seat      `json:"seats"` // in turn order once the game starts
	You    engine.Seat `json:"you"`   // your seat among them`
	Game   any         `json:"game"`
}

// Event is one line of the room's log, as the seat reads it.
type Event struct {
	Type string      `json:"type"` // "event"
	Room string      `json:"room"`
	Seq  uint64      `json:"seq"`
	Seat engine.Seat `json:"seat"` // whose action; -1 the room's news, -2 the dice
	Text string      `json:"text"`
}

// Chat is a chat message said in the room.
type Chat struct {
	Type string    `json:"type"` // "chat"
	Room string    `json:"room"`
	From string    `json:"from"`
	Text string    `json:"text"`
	At   time.Time `json:"at"`
}

// Turn says the seat must decide, and what it may send.
type Turn struct {
	Type  string      `json:"type"` // "turn"
	Room  string      `json:"room"`
	Seat  engine.Seat `json:"seat"` // whose decision: yours
	Due   string      `json:"due"`
	Legal []string    `json:"legal"`
	// Range and Entrances are decisions too wide to list: a Hotel Tycoon
	// bid, and its Town Hall's sets of entrances.
	Range     *Range     `json:"range,omitempty"`
	Entrances *Entrances `json:"entrances,omitempty"`
	Clock     *Clock     `json:"clock,omitempty"`
}

// Range is every `VERB N` with N a multiple of Step from Min to Max.
type Range struct {
	Verb string `json:"verb"`
	Min  int    `json:"min"`
	Max  int    `json:"max"`
	Step int    `json:"step"`
}

// Entrances is every `entrance H1 S1 H2 S2 ...` the Town Hall allows: one
// or more pairs, each of a hotel listed and one of its spaces, no hotel
// and no space twice, the prices together at most Cash (Hotel Tycoon's
// rule D5).
type Entrances struct {
	Cash   int             `json:"cash"`
	Hotels []EntranceHotel `json:"hotels"`
}

// EntranceHotel is one hotel's entrance on offer: its price and the
// spaces it may go on.
type EntranceHotel struct {
	Hotel  string `json:"hotel"`
	Price  int    `json:"price"`
	Spaces []int  `json:"spaces"`
}

// Clock is a timed decision: when it runs out, and each seat's game time.
type Clock struct {
	Deadline time.Time `json:"deadline"`
	LeftMS   int64     `json:"left_ms"`
	GameMS   []int64   `json:"game_ms,omitempty"` // each seat's game time left (a game clock)
}

// Over ends a stream: the game's final standings and its id for export.
type Over struct {
	Type      string     `json:"type"` // "over"
	Room      string     `json:"room"`
	GameID    int64      `json:"game_id"`
	Standings []Standing `json:"standings"`
}

// Standing is one seat's final result.
type Standing struct {
	Seat  engine.Seat `json:"seat"`
	Name  string      `json:"name"`
	Score int         `json:"score"`
	Place int         `json:"place"`
}

// Closed ends a stream whose room closed or dropped the seat.
type Closed struct {
	Type   string `json:"type"` // "closed"
	Room   string `json:"room"`
	Reason string `json:"reason"`
}

// Reply answers each line received: ok, or error with why.
type Reply struct {
	Type  string `json:"type"` // "ok" or "error"
	Room  string `json:"room,omitempty"`
	Sent  string `json:"sent,omitempty"` // the action or chat answered
	Code  string `json:"code,omitempty"` // an error's kind (CodeTooFast...)
	Error string `json:"error,omitempty"`
}

// Invitation announces a room a waiting bot account was seated in.
type Invitation struct {
	Type string `json:"type"` // "invitation"
	Room string `json:"room"`
	Game string `json:"game"`
	Host string `json:"host"`
}

// Waiting opens `bot wait`: the games the account waits for.
type Waiting struct {
	Type  string   `json:"type"` // "waiting"
	Name  string   `json:"name"`
	Games []string `json:"games"`
}
