package theme

import (
	"sync"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
)

// Styles are the shared text styles. Bubble Tea downsamples the colours to
// what each player's terminal supports, and drops them for NO_COLOR: no
// style may carry meaning by colour alone, so every coloured thing also has
// a letter, a mark or a word.
type Styles struct {
	Title  Style // screen headings
	Text   Style // ordinary text
	Subtle Style // hints and secondary text
	Error  Style // a problem the player can fix
	Help   Style // the key help line
	Name   Style // a player's name

	Heading  Style // a panel's heading
	Selected Style // the row or item under the cursor
	Notice   Style // news for this player (your turn, an invite code)
	Empty    Style // an empty board cell
	Lone     Style // a tile in no chain
	Rack     Style // the player's own tiles marked on the board
	Last     Style // the last move marked on a board
	LastOwn  Style // the last move marked on the player's own piece: Last over Notice

	KeyHelp help.Styles      // the key help's, for help.Model.Styles
	Input   textinput.Styles // the text inputs', with a cursor that does not blink

	chains      map[string]Style
	palette     [7]Style
	lastChains  map[string]Style // Last over each chain's style
	lastPalette [7]Style
	dark        bool
	helps       *sync.Map // int → *help.Model: KeyHelpFor's, by width
}

// DefaultStyles returns the house styles for a dark terminal.
func DefaultStyles() *Styles { return New(true) }

// New returns the house styles for a dark or a light terminal background.
// Board colours are backgrounds with a fixed foreground, from the xterm
// 256-colour cube, so they look the same on either.
func New(dark bool) *Styles {
	if dark {
		return darkStyles()
	}
	return lightStyles()
}

// Every session shares the two sets of styles, which are never changed, by
// pointer: a copy is 12 KB, and every screen model held one or two, which
// made the session goroutine's stack grow to a megabyte (docs/capacity.md).
var (
	darkStyles  = sync.OnceValue(func() *Styles { return build(true) })
	lightStyles = sync.OnceValue(func() *Styles { return build(false) })
)

func build(dark bool) *Styles {
	ld := lipgloss.LightDark(dark)
	s := &Styles{
		Title:    NewStyle(lipgloss.NewStyle().Bold(true).Foreground(ld(lipgloss.Color("#9A6700"), lipgloss.Color("#E8B04B")))),
		Text:     NewStyle(lipgloss.NewStyle()),
		Subtle:   NewStyle(lipgloss.NewStyle().Foreground(lipgloss.Color("245"))),
		Error:    NewStyle(lipgloss.NewStyle().Foreground(ld(lipgloss.Color("#D70000"), lipgloss.Color("#FF5F5F")))),
		Help:     NewStyle(lipgloss.NewStyle().Foreground(ld(lipgloss.Color("243"), lipgloss.Color("241")))),
		Name:     NewStyle(lipgloss.NewStyle().Bold(true).Foreground(ld(lipgloss.Color("#005FAF"), lipgloss.Color("#5FAFFF")))),
		Heading:  NewStyle(lipgloss.NewStyle().Bold(true)),
		Selected: NewStyle(lipgloss.NewStyle().Reverse(true)),
		Notice:   NewStyle(lipgloss.NewStyle().Bold(true).Foreground(ld(lipgloss.Color("#AF5F00"), lipgloss.Color("#FFD75F")))),
		Empty:    NewStyle(lipgloss.NewStyle().Foreground(ld(lipgloss.Color("250"), lipgloss.Color("239")))),
		Lone:     cell("250", "16"),
		Rack:     NewStyle(lipgloss.NewStyle().Bold(true).Foreground(ld(lipgloss.Color("#005FAF"), lipgloss.Color("#5FAFFF")))),
		Last:     NewStyle(lipgloss.NewStyle().Bold(true).Underline(true)),
		dark:     dark,
		helps:    new(sync.Map),
	}
	s.KeyHelp = help.DefaultStyles(dark)
	s.KeyHelp.ShortSeparator = s.KeyHelp.ShortDesc
	s.Input = textinput.DefaultStyles(dark)
	s.Input.Cursor.Blink = false // a blinking cursor redraws the screen for nothing
	// The board's colours follow the physical game where a chain has one.
	s.chains = map[string]Style{
		"Worldwide":   cell("94", "231"),  // brown
		"Sackson":     cell("160", "231"), // red
		"Luxor":       cell("160", "231"), // red
		"Festival":    cell("28", "231"),  // green
		"Imperial":    cell("205", "16"),  // pink
		"American":    cell("25", "231"),  // blue
		"Continental": cell("37", "16"),   // teal
		"Tower":       cell("220", "16"),  // yellow
		"Wilton":      cell("97", "231"),  // purple
		"Sharedon":    cell("208", "16"),  // orange
	}
	for i, bg := range [...]string{"94", "160", "28", "205", "25", "37", "220"} {
		fg := "231"
		if bg == "205" || bg == "37" || bg == "220" {
			fg = "16"
		}
		s.palette[i] = cell(bg, fg)
	}
	// Marking a cell as the last move is made once per style: a style
	// made by Inherit on every drawing works out its sequences every time.
	s.LastOwn = s.last(s.Notice)
	s.lastChains = make(map[string]Style, len(s.chains))
	for name, st := range s.chains {
		s.lastChains[name] = s.last(st)
	}
	for i, st := range s.palette {
		s.lastPalette[i] = s.last(st)
	}
	return s
}

func cell(bg, fg string) Style {
	return NewStyle(lipgloss.NewStyle().Background(lipgloss.Color(bg)).Foreground(lipgloss.Color(fg)).Bold(true))
}

// NewHelp returns a new key help, and NewInput a new text input, each a
// copy of one made once for all sessions. Making one builds its styles (and
// the input its key map) in calls so deep that a quarter of the sessions'
// goroutines grew their stack to 128 KB making the lobby, and kept it
// (docs/capacity.md). Give them their styles from a Styles.
func NewHelp() *help.Model { h := *helpTemplate(); return &h }

// NewInput: see NewHelp.
func NewInput() *textinput.Model { in := *inputTemplate(); return &in }

var (
	helpTemplate  = sync.OnceValue(func() *help.Model { return new(help.New()) })
	inputTemplate = sync.OnceValue(func() *textinput.Model { return new(textinput.New()) })
)

// maxSharedHelp is the widest key help KeyHelpFor keeps: a terminal's
// width comes from the client, and the widths kept are never let go.
const maxSharedHelp = 500

// KeyHelpFor returns a key help in these styles cut to width cells (0:
// not cut), shared by every session: a help.Model is 4.6 KB, nearly all
// of it its styles, and every lobby and room screen held its own
// (docs/capacity.md). The caller must not change it; a copy may be.
func (s *Styles) KeyHelpFor(width int) *help.Model {
	if v, ok := s.helps.Load(width); ok {
		return v.(*help.Model)
	}
	h := NewHelp()
	h.Styles = s.KeyHelp
	h.SetWidth(width)
	if width < 0 || width > maxSharedHelp {
		return h
	}
	v, _ := s.helps.LoadOrStore(width, h)
	return v.(*help.Model)
}

// Dark reports whether the styles are for a dark background.
func (s *Styles) Dark() bool { return s.dark }

func (s *Styles) last(st Style) Style { return NewStyle(s.Last.Inherit(st.Style)) }

// LastChain is Chain marked as the last move: Last over the chain's style.
func (s *Styles) LastChain(name string, i int) Style {
	if st, ok := s.lastChains[name]; ok {
		return st
	}
	return s.lastPalette[((i%len(s.palette))+len(s.palette))%len(s.palette)]
}

// Chain returns the style of a chain's board cells and labels, by its name,
// or by its index i in the rule set for a chain the theme does not know.
func (s *Styles) Chain(name string, i int) Style {
	if st, ok := s.chains[name]; ok {
		return st
	}
	return s.palette[((i%len(s.palette))+len(s.palette))%len(s.palette)]
}
