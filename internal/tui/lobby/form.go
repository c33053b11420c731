package lobby

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"hotels/internal/engine"
	"hotels/internal/rooms"
)

// field is one line of the new-room form: a name and its values, the
// chosen one first until the player changes it.
type field struct {
	label  string
	key    string // the option's key, for option fields
	values []string
	at     int
	help   string
	words  map[string]string // what a value means, shown beside it
}

func (f field) value() string { return f.values[f.at] }

// form is the new-room form: the game (when the server hosts several),
// then, built from the game's kind, its rule set (when it has several),
// its seat counts, each of its options, the clock and privacy.
type form struct {
	kinds  []engine.Kind // the games hosted, the default first
	kind   engine.Kind   // the game chosen
	fields []field
	at     int // the focused field
}

// Labels of the fields the form reads by name.
const (
	gameField   = "Game"
	rulesField  = "Rules"
	seatsField  = "Seats"
	presetField = "Preset"
)

// custom is the preset field's value when the options match no preset.
const custom = "custom"

// newForm returns the form for kinds[game], focused on its first field.
func newForm(kinds []engine.Kind, game int) form {
	k := kinds[game]
	f := form{kinds: kinds, kind: k}
	if len(kinds) > 1 {
		g := field{label: gameField, at: game, help: "the game to play: each has its own rules, seats and options"}
		for _, k := range kinds {
			g.values = append(g.values, k.Title)
		}
		f.fields = append(f.fields, g)
	}
	if len(k.Rules) > 1 {
		f.fields = append(f.fields, field{label: rulesField, values: k.Rules, help: k.RulesHelp})
	}
	seats := field{label: seatsField, help: fmt.Sprintf("%d to %d players; bots can fill seats", k.MinSeats, k.MaxSeats)}
	for n := k.MinSeats; n <= k.MaxSeats; n++ {
		seats.values = append(seats.values, strconv.Itoa(n))
	}
	seats.at = min(max(0, 4-k.MinSeats), len(seats.values)-1) // four seats, as quick play opens
	f.fields = append(f.fields, seats)
	if len(k.Presets) > 0 {
		p := field{label: presetField}
		for _, ps := range k.Presets {
			p.values = append(p.values, ps.Name)
		}
		p.values = append(p.values, custom)
		f.fields = append(f.fields, p)
	}
	for _, o := range k.Options {
		label := o.Label
		if label == "" {
			label = title(o.Key)
		}
		f.fields = append(f.fields, field{label: label, key: o.Key, values: o.Values, words: o.Words, help: o.Help})
	}
	clock := field{label: "Clock", help: "a limit on each decision, or a game clock: minutes for the whole game, plus seconds " +
		"added after each decision. A player out of time is played by the autopilot until they take their seat back"}
	for _, c := range clocks {
		clock.values = append(clock.values, c.label)
	}
	f.fields = append(f.fields, clock)
	f.fields = append(f.fields, field{label: "Private", values: []string{"no", "yes"},
		help: "a private room is not listed: friends join with its invite code"})
	return f.matchPreset()
}

// matchPreset shows in the preset field the preset the options match, or
// custom, with its help.
func (f form) matchPreset() form {
	i := slices.IndexFunc(f.fields, func(fd field) bool { return fd.label == presetField })
	if i < 0 {
		return f
	}
	fd := &f.fields[i]
	fd.at = slices.IndexFunc(f.kind.Presets, func(p engine.Preset) bool {
		return !slices.ContainsFunc(p.Options, func(kv string) bool {
			k, v, _ := strings.Cut(kv, "=")
			return !slices.ContainsFunc(f.fields, func(o field) bool { return o.key == k && o.value() == v })
		})
	})
	if fd.at < 0 {
		fd.at = len(f.kind.Presets)
		fd.help = "the options are set one by one; a preset sets several in one choice"
		return f
	}
	p := f.kind.Presets[fd.at]
	fd.help = p.Help + ". It sets " + strings.Join(p.Options, " ")
	return f
}

// applyPreset sets the options p names to its values.
func (f form) applyPreset(p engine.Preset) form {
	f.fields = append([]field(nil), f.fields...)
	for _, kv := range p.Options {
		k, v, _ := strings.Cut(kv, "=")
		for i := range f.fields {
			if fd := &f.fields[i]; fd.key == k {
				fd.at = max(0, slices.Index(fd.values, v))
			}
		}
	}
	return f.matchPreset()
}

func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// clocks are the turn clocks a room may have, none first.
var clocks = []struct {
	label string
	clock rooms.Clock
}{
	{"none", rooms.Clock{}},
	{"30s a decision", rooms.Clock{Move: 30 * time.Second}},
	{"60s a decision", rooms.Clock{Move: 60 * time.Second}},
	{"2m a decision", rooms.Clock{Move: 2 * time.Minute}},
	{"5m + 5s", rooms.Clock{Game: 5 * time.Minute, Increment: 5 * time.Second}},
	{"10m + 5s", rooms.Clock{Game: 10 * time.Minute, Increment: 5 * time.Second}},
	{"20m + 10s", rooms.Clock{Game: 20 * time.Minute, Increment: 10 * time.Second}},
}

// settings are the room the form describes; a game with one rule set
// leaves the rules to the lobby.
func (f form) settings() rooms.Settings {
	s := rooms.Settings{Game: f.kind.Name}
	for _, fd := range f.fields {
		switch {
		case fd.label == rulesField:
			s.Rules = fd.value()
		case fd.label == seatsField:
			s.Seats, _ = strconv.Atoi(fd.value())
		case fd.key != "" && fd.at != 0: // the first value is the default
			s.Options = append(s.Options, fd.key+"="+fd.value())
		case fd.label == "Clock":
			s.Clock = clocks[fd.at].clock
		case fd.label == "Private":
			s.Private = fd.value() == "yes"
		}
	}
	return s
}

// valid reports whether the rules accept the settings, by dealing a
// throwaway game as the lobby does.
func (f form) valid() error {
	s := f.settings()
	names := make([]string, s.Seats)
	for i := range names {
		names[i] = fmt.Sprintf("s%d", i)
	}
	_, _, err := f.kind.Deal(s.Rules, s.Options, names, 0)
	return err
}

// focus moves the focus d fields on, round the end.
func (f form) focus(d int) form {
	n := len(f.fields)
	f.at = (f.at + d + n) % n
	return f
}

// fieldForm is a form of fields, as the new-room and ranked forms are:
// focus moves between its fields, step changes the focused one's value.
type fieldForm[F any] interface {
	focus(d int) F
	step(d int) F
}

// moveIn applies to f the keys every form shares: the next or previous
// field, and the next or previous value.
func moveIn[F fieldForm[F]](keys *KeyMap, k tea.KeyPressMsg, f F) F {
	switch {
	case key.Matches(k, keys.NextField):
		return f.focus(1)
	case key.Matches(k, keys.PrevField):
		return f.focus(-1)
	case key.Matches(k, keys.NextValue):
		return f.step(1)
	case key.Matches(k, keys.PrevValue):
		return f.step(-1)
	}
	return f
}

// step moves the focused field's value by d, skipping values the rules do
// not accept with the other fields as they are (hand=redraw under classic
// rules). Changing the rules resets options they do not accept; changing
// the game starts its form afresh.
func (f form) step(d int) form {
	f.fields = append([]field(nil), f.fields...)
	fd := &f.fields[f.at]
	n := len(fd.values)
	if fd.label == gameField {
		return newForm(f.kinds, (fd.at+d+n)%n)
	}
	if fd.label == presetField { // the presets the rules accept, never custom
		for at := fd.at; ; {
			if at = (at + d + n) % n; at == fd.at {
				return f
			}
			if at < len(f.kind.Presets) {
				if g := f.applyPreset(f.kind.Presets[at]); g.valid() == nil {
					return g
				}
			}
		}
	}
	for range n {
		fd.at = (fd.at + d + n) % n
		if fd.label == rulesField && f.valid() != nil {
			f = f.resetOptions()
		}
		if f.valid() == nil {
			break
		}
	}
	return f.matchPreset()
}

// alone reports whether the focused field has only one value the rules
// accept now.
func (f form) alone(i int) bool {
	g := f
	g.fields = append([]field(nil), f.fields...)
	g.at = i
	return g.step(1).fields[i].at == f.fields[i].at
}

// resetOptions sets back to its default the first option whose default
// makes the settings valid.
func (f form) resetOptions() form {
	for i := range f.fields {
		fd := &f.fields[i]
		if fd.key == "" || fd.at == 0 {
			continue
		}
		was := fd.at
		if fd.at = 0; f.valid() == nil {
			return f
		}
		fd.at = was
	}
	return f
}
