package theme

import "charm.land/lipgloss/v2"

// Styles are the shared text styles. Bubble Tea downsamples the colours to
// what each player's terminal supports.
type Styles struct {
	Title  lipgloss.Style // screen headings
	Text   lipgloss.Style // ordinary text
	Subtle lipgloss.Style // hints and secondary text
	Error  lipgloss.Style // a problem the player can fix
	Help   lipgloss.Style // the key help line
	Name   lipgloss.Style // a player's name
}

// DefaultStyles returns the house styles.
func DefaultStyles() Styles {
	return Styles{
		Title:  lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#E8B04B")),
		Text:   lipgloss.NewStyle(),
		Subtle: lipgloss.NewStyle().Foreground(lipgloss.Color("245")),
		Error:  lipgloss.NewStyle().Foreground(lipgloss.Color("#FF5F5F")),
		Help:   lipgloss.NewStyle().Foreground(lipgloss.Color("241")),
		Name:   lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#5FAFFF")),
	}
}
