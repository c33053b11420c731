package tycoon

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// Kind is Hotel Tycoon as the server hosts it.
var Kind = engine.Kind{
	Name:     GameName,
	Title:    "Hotel Tycoon",
	MinSeats: MinSeats,
	MaxSeats: MaxSeats,
	Options: []engine.Option{
		{Key: "h", Label: "H face", Values: []string{"half", "free"}, Words: map[string]string{"half": "builds at half price", "free": "builds free"},
			Help: "the permission die's H face halves the building prices, or makes them free"}, // T16
		{Key: "landbuy", Label: "Land price", Values: []string{"full", "half"}, Words: map[string]string{"full": "another's vacant plot at full price", "half": "another's vacant plot at half price"},
			Help: "another player's vacant plot costs its land price, or half"}, // T15
		{Key: "six", Label: "Roll of 6", Values: []string{"none", "again"}, Words: map[string]string{"none": "nothing more", "again": "another whole turn"},
			Help: "a move roll of 6 gives nothing more, or another whole turn"},
		{Key: "deeds", Label: "Deeds", Values: []string{"rulebook", "european"}, Words: map[string]string{"european": "the European edition's Royal"},
			Help: "the rulebook's title deeds, or the European edition's Royal"},
		{Key: "permit", Label: "Permit die", Values: []string{DefaultDie, "GGRRHD", "GGGGHD"}, Words: dieWords(DefaultDie, "GGRRHD", "GGGGHD"),
			Help: "the permission die's faces: G green (build), R red (no building), H half price or free, D double (pay double or build nothing)"},
		{Key: "claim", Label: "Rent", Values: []string{"auto", "manual"}, Words: map[string]string{"auto": "charged at once", "manual": "only if the owner claims it"},
			Help: "stays are charged at once, or only when the owner claims them"},
		{Key: "rounds", Label: "Rounds", Values: []string{"0", "10", "20", "30"}, Words: map[string]string{"0": "until one player is left", "10": "then the richest wins", "20": "then the richest wins", "30": "then the richest wins"},
			Help: "0 plays until one player is left; N ends after N rounds, richest wins"},
	},
	// The editions set the four options where they differ (T28); the die,
	// the claims and the rounds are the players' choice in either.
	Presets: []engine.Preset{
		{Name: "rulebook", Options: []string{"h=half", "landbuy=full", "six=none", "deeds=rulebook"},
			Help: "the rulebook's game: H halves the building prices, full land price, nothing more for a 6, the rulebook's deeds"},
		{Name: "European edition", Options: []string{"h=free", "landbuy=half", "six=again", "deeds=european"},
			Help: "the European edition: H builds free, another's vacant plot for half, a 6 gives another turn, its Royal deed"}, // T28
	},
	Ranked: []string{"rounds=" + strconv.Itoa(RankedRounds)},
	// The seed picks nothing: the room has shuffled the seats, and the
	// dice are thrown in play.
	Deal: engine.Dealer(func(rules string, options, seats []string, _ *rand.Rand) (Setup, error) {
		return NewSetup(rules, options, seats)
	}, New),
	Resume: engine.Resumer(replayGame),
	Replay: replayGame,
	Unit:   engine.Dollars,
}

// RankedRounds ends a ranked game after so many rounds, so that a table of
// four people finishes in about half an hour: the normal bots, playing
// without a limit, make 4.5 decisions a round at four seats (19,705 in
// 4,343 rounds of 100 games: 197 in 43 rounds a game; in another 200, p90
// 279 decisions, the longest 771), so 80 rounds are about 360 decisions,
// 30 minutes at 5 s a decision. Most games end sooner, with one player
// left; the limit cuts the long tail. TestRankedRounds in
// internal/bot/tycoon measures it again. Otherwise ranked games are the
// rulebook's.
const RankedRounds = 80

// replayGame is Kind.Replay: the game a whole record ends in.
var replayGame = engine.Replayer(ReadRecord)

// NewSetup checks a room's rules (Hotel Tycoon has one rule set: "") and
// options, and returns the setup for seats in turn order.
func NewSetup(rules string, options []string, seats []string) (Setup, error) {
	if rules != "" {
		return Setup{}, fmt.Errorf("tycoon: rules %q: Hotel Tycoon has one rule set, chosen by its options", rules)
	}
	s := Setup{Seats: seats}
	for _, o := range options {
		if err := s.Options.Set(o); err != nil {
			return Setup{}, fmt.Errorf("tycoon: %w", err)
		}
	}
	return s, nil
}

// dieWords says each permission die's faces in words: "3 green, 1 red,
// H, double" for GGGRHD.
func dieWords(dice ...string) map[string]string {
	out := make(map[string]string, len(dice))
	for _, d := range dice {
		var parts []string
		for _, f := range []struct {
			letter rune
			word   string
		}{{'G', "green"}, {'R', "red"}, {'H', "H"}, {'D', "double"}} {
			if n := strings.Count(d, string(f.letter)); n > 0 {
				parts = append(parts, strconv.Itoa(n)+" "+f.word)
			}
		}
		out[d] = strings.Join(parts, ", ")
	}
	return out
}
