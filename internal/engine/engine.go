package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Seat is a seat's index in turn order, from 0.
type Seat int

// Watcher is the seat of someone who sits at no seat: views for it hide
// everything private to the seats.
const Watcher Seat = -1

// Chance is the seat of the dice (and any other chance the rules draw in
// play). When ToMove returns Chance, Legal(Chance) lists the equally likely
// outcomes, one action per outcome (a face twice on the die is listed twice);
// whoever runs the game draws one and applies it as Chance's action, so a
// record journals each throw as a line with no seat ("roll 4").
const Chance Seat = -2

// Action is one decision of a game. Its String is the decision as a record
// writes it after the seat's name ("buy Tower Tower Luxor").
type Action interface {
	String() string
}

// Standing is one seat's final result.
type Standing struct {
	Seat Seat
	Name string
	// Score is the seat's result in the game's unit (Kind.Unit): money in
	// Acquire, points in Holiday AG, worth in Hotel Tycoon.
	Score int
	// Place is decided by the game: 1 for the winners, and seats the rules
	// cannot tell apart share a place.
	Place int
}

// Rank orders standings best first by Score and gives each its Place,
// equal scores sharing one: the ranking of a game whose result is its score
// alone. Equal scores keep their order.
func Rank(standings []Standing) {
	slices.SortStableFunc(standings, func(a, b Standing) int { return b.Score - a.Score })
	for i := range standings {
		standings[i].Place = i + 1
		if i > 0 && standings[i].Score == standings[i-1].Score {
			standings[i].Place = standings[i-1].Place
		}
	}
}

// Game is a game in progress or over. Implementations are pure state
// machines: the same actions applied to the same game give the same game.
type Game interface {
	// Seats returns the seats' names in turn order.
	Seats() []string
	// ToMove returns the seat whose decision is due; ok is false once the
	// game is over.
	ToMove() (seat Seat, ok bool)
	// Legal lists the actions seat may take now (none if it is not its turn).
	Legal(seat Seat) []Action
	// ParseAction reads an action from its record text ("play 6D"). Text
	// that is no action returns an error wrapping ErrIllegal.
	ParseAction(seat Seat, text string) (Action, error)
	// Apply applies seat's action and every forced step that follows it.
	// An illegal action returns an error wrapping ErrIllegal and changes
	// nothing.
	Apply(seat Seat, a Action) error
	// Log returns what the last Apply did, in words, as viewer may see it.
	Log(viewer Seat) []string
	// View returns the game as viewer may see it: an immutable value of the
	// game's own view type.
	View(viewer Seat) any
	// Standings returns the final results, best first, or nil until the
	// game is over.
	Standings() []Standing
	// Due says in words whose decision is due and what it is ("alice is to
	// play a tile"), or how the game ended.
	Due() string
	// Clone returns an independent copy.
	Clone() Game
}

// Section is one part of what a game hides, shown whole to admins who ask
// for the full view: a title (a seat's name, "Bag") and its lines.
type Section struct {
	Title string   `json:"title"`
	Lines []string `json:"lines"`
}

// Pile returns the Section of a draw pile for Reveal: how many are left, and
// the next few that will be drawn, in order.
func Pile[T fmt.Stringer](title string, left []T) Section {
	const shown = 6 // the next draws an admin is shown
	line := fmt.Sprintf("%d left", len(left))
	if len(left) > 0 {
		next := make([]string, 0, shown)
		for _, x := range left[:min(shown, len(left))] {
			next = append(next, x.String())
		}
		line += "; next " + strings.Join(next, " ")
	}
	return Section{Title: title, Lines: []string{line}}
}

// Revealer is a Game that can show admins everything it hides — every
// hand, the next draws — in sections; the server adds them to the view
// every game has (seats, whose decision, the record).
type Revealer interface {
	Reveal() []Section
}

// A Yielder is a game some of whose decisions the rules let a player give
// up with a move of their own: a bidder passes. The room makes that move for
// a player who is absent or out of time, where the autopilot would otherwise
// spend their money on a decision they never saw (issue 15).
type Yielder interface {
	// Yield returns the move that gives up seat's decision now due, if the
	// decision has one.
	Yield(seat Seat) (Action, bool)
}

// Public is a game that hides nothing: View and Log return the same for
// every viewer, so a room asks for them once a change and shares them
// among its seats and watchers rather than build one for each (issue 22).
type Public interface {
	// SameForEveryone marks the game; it does nothing.
	SameForEveryone()
}

// A Copier is a game that can be made a copy of another game of its kind
// in place: a room copies its game before every action (house rule 3),
// and with a Copier it uses the copy it no longer needs again rather than
// allocate a new one (issue 22).
type Copier interface {
	// CopyFrom makes the game an independent copy of src and reports
	// whether it could: false, and nothing changed, if src is of another
	// kind.
	CopyFrom(src Game) bool
}

// CopyValue is CopyFrom for a game whose value holds no slice or map that
// a copy would share: it sets *dst to *src where src is of dst's type.
func CopyValue[T any, P interface {
	*T
	Game
}](dst P, src Game) bool {
	s, ok := src.(P)
	if ok {
		*dst = *s
	}
	return ok
}

// ErrIllegal is wrapped by every error that refuses an action.
var ErrIllegal = errors.New("illegal action")

// RuleError refuses an action and says which rule forbids it.
type RuleError struct {
	Action string // the refused action as text, with the seat's name
	Rule   string // the rule's id ("A20"), if one rule decides
	Reason string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return fmt.Sprintf("%s: %s", e.Action, e.Reason)
	}
	return fmt.Sprintf("%s: %s (%s)", e.Action, e.Reason, e.Rule)
}

// Unwrap makes errors.Is(err, ErrIllegal) true.
func (e *RuleError) Unwrap() error { return ErrIllegal }

// Kind is a game the server can host: its stable key and how to create and
// rebuild one.
type Kind struct {
	// Name is the game's key in records and the database ("acquire").
	Name string
	// Title is how players see it ("Acquire").
	Title              string
	MinSeats, MaxSeats int
	// Rules lists the rule set keys, the default first; none for a game
	// with one way to play.
	Rules []string
	// RulesHelp tells players the rule sets apart, for the forms that
	// choose one ("modern is the 2008 rulebook; ...").
	RulesHelp string
	// Options describes the options key=value a game may be created with.
	Options []Option
	// Presets are named sets of options that a form fills in one choice
	// (Hotel Tycoon's European edition), the rulebook's first; none for a
	// game whose options come one by one.
	Presets []Preset
	// Ranked is the options every ranked game is played with, the same
	// for all so that ratings compare like with like; none plays the
	// defaults.
	Ranked []string
	// Deal creates a new game for seats named clockwise, its chance drawn
	// from seed, and returns it with its record header (which holds the
	// seats in turn order and the chance).
	Deal func(rules string, options []string, seats []string, seed uint64) (g Game, header string, err error)
	// Resume rebuilds a game from its record header and action lines.
	Resume func(header string, lines []string) (Game, error)
	// Replay replays a whole record, its checks included (records.md); an
	// error is a *LineError naming the line.
	Replay func(rec *Record) (Game, error)
	// Unit is what a Standing's Score counts.
	Unit Unit
}

// RuleSet returns the rule set a game is played by when rules is asked for:
// the default for "", and "" for a game with no rule sets, whose ratings
// and leaderboards then form one pool.
func (k Kind) RuleSet(rules string) (string, error) {
	switch {
	case len(k.Rules) == 0 && rules == "":
		return "", nil
	case len(k.Rules) == 0:
		return "", fmt.Errorf("%s has no rule sets to choose from (asked for %q)", k.Title, rules)
	case rules == "":
		return k.Rules[0], nil
	case !slices.Contains(k.Rules, rules):
		return "", fmt.Errorf("%s has no rules %q: choose %s", k.Title, rules, strings.Join(k.Rules, " or "))
	}
	return rules, nil
}

// Unit is what a game's scores count.
type Unit int

const (
	Dollars Unit = iota // "$6,300"
	Points              // "150 points"
)

// Format writes n in the unit, with thousands separated by commas.
func (u Unit) Format(n int) string { return string(u.Append(nil, n)) }

// Append appends n to b as Format writes it, for a line built in one
// buffer (the screens' tables write every seat's money at every move).
func (u Unit) Append(b []byte, n int) []byte {
	m := uint64(n)
	if n < 0 {
		b, m = append(b, '-'), -m
	}
	if u == Dollars {
		b = append(b, '$')
	}
	var digits [20]byte
	d := strconv.AppendUint(digits[:0], m, 10)
	for i, c := range d {
		if i > 0 && (len(d)-i)%3 == 0 {
			b = append(b, ',')
		}
		b = append(b, c)
	}
	switch {
	case u != Points:
	case n == 1 || n == -1:
		b = append(b, " point"...)
	default:
		b = append(b, " points"...)
	}
	return b
}

// Option is a game option and its values, the default first.
type Option struct {
	Key    string
	Values []string
	Help   string
	// Label names the option for players where its key is terse ("Permit
	// die" for permit); "" for the key itself.
	Label string
	// Words says what each value means where the value alone does not
	// ("3 green, 1 red, H, double" for GGGRHD); a value with none is
	// shown alone.
	Words map[string]string
}

// Preset is a named set of options, key=value as in Kind.Options; the
// options it does not name are left as they are.
type Preset struct {
	Name    string
	Options []string
	Help    string
}

// Preset names the first of the kind's presets whose options options all
// hold, and returns the options besides its own ("European edition",
// [rounds=30]); "" and options themselves if they hold none whole. A room's
// header says the name rather than the four options.
func (k Kind) Preset(options []string) (name string, rest []string) {
	for _, p := range k.Presets {
		if !containsAll(options, p.Options) {
			continue
		}
		for _, o := range options {
			if !slices.Contains(p.Options, o) {
				rest = append(rest, o)
			}
		}
		return p.Name, rest
	}
	return "", options
}

func containsAll(set, some []string) bool {
	for _, o := range some {
		if !slices.Contains(set, o) {
			return false
		}
	}
	return true
}

// Cited is an error that names the rule behind it: its text ends with the
// rule's id, "(H4)", for records, logs and tests; Refusal gives players
// the reason alone.
type Cited struct {
	Rule string
	Err  error
}

// Cite returns err citing rule.
func Cite(rule string, err error) error { return &Cited{Rule: rule, Err: err} }

func (c *Cited) Error() string { return c.Err.Error() + " (" + c.Rule + ")" }

func (c *Cited) Unwrap() error { return c.Err }

// Refusal refuses action (its text, with the seat's name) for err, an
// error of reading it: the rule err cites, if any, goes in the
// RuleError's Rule, and its reason without it.
func Refusal(action string, err error) *RuleError {
	re := &RuleError{Action: action, Reason: err.Error()}
	var c *Cited
	if errors.As(err, &c) {
		re.Rule = c.Rule
		re.Reason = strings.Replace(re.Reason, " ("+c.Rule+")", "", 1)
	}
	return re
}
