package chat_test

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"hotels/internal/rooms"
	"hotels/internal/tui/chat"
	"hotels/internal/tui/theme"
)

func typeText(m chat.Model, s string) chat.Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
	return m
}

var (
	enter = tea.KeyPressMsg{Code: tea.KeyEnter}
	esc   = tea.KeyPressMsg{Code: tea.KeyEscape}
)

func TestSend(t *testing.T) {
	m := chat.New(theme.DefaultStyles())
	m.SetSize(40, 3)
	if m, _ = m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"}); m.Focused() {
		t.Fatal("a key opened the chat")
	}
	m.Open()
	m = typeText(m, "  hello there ")
	m, cmd := m.Update(enter)
	if cmd == nil {
		t.Fatal("enter: no command")
	}
	if msg, ok := cmd().(chat.SendMsg); !ok || msg.Text != "hello there" {
		t.Errorf("enter: %#v, want SendMsg{hello there}", msg)
	}
	if m.Focused() {
		t.Error("the input stays open after sending")
	}

	m.Open()
	m, cmd = m.Update(enter)
	if cmd != nil {
		t.Errorf("enter on an empty input: %#v, want nothing sent", cmd())
	}

	m.Open()
	m = typeText(m, "draft")
	m, _ = m.Update(esc)
	if m.Focused() {
		t.Error("esc: the input stays open")
	}
}

// The input takes at most rooms.MaxChat characters.
func TestLimit(t *testing.T) {
	m := chat.New(theme.DefaultStyles())
	m.SetSize(40, 3)
	m.Open()
	m = typeText(m, strings.Repeat("a", rooms.MaxChat+10))
	_, cmd := m.Update(enter)
	if msg := cmd().(chat.SendMsg); len(msg.Text) != rooms.MaxChat {
		t.Errorf("sent %d characters, want %d", len(msg.Text), rooms.MaxChat)
	}
}

// The newest messages fill the pane, wrapped to its width; a name cannot
// smuggle escape sequences.
func TestView(t *testing.T) {
	m := chat.New(theme.DefaultStyles())
	m.SetSize(20, 3)
	m.SetLines([]rooms.ChatLine{
		{From: "bob", Text: "first"},
		{From: "carol", Text: "a message long enough to wrap"},
		{From: "dave\x1b[31m", Text: "last"},
	})
	got := ansi.Strip(m.View())
	want := "carol: a message\nlong enough to wrap\ndave: last"
	if got != want {
		t.Errorf("View() =\n%s\nwant\n%s", got, want)
	}
}

// A bot account's message is marked BOT (issue 24).
func TestViewBotAccount(t *testing.T) {
	m := chat.New(theme.DefaultStyles())
	m.SetSize(40, 2)
	m.SetLines([]rooms.ChatLine{{From: "bob", Text: "hi"}, {From: "robo", Text: "gg", Bot: true}})
	if got, want := ansi.Strip(m.View()), "bob: hi\nrobo BOT: gg"; got != want {
		t.Errorf("View() =\n%s\nwant\n%s", got, want)
	}
}

// An empty pane is blank: the key line says where chat is, and words in
// it were sent again each time the recap left the pane (issue 22).
func TestViewEmpty(t *testing.T) {
	m := chat.New(theme.DefaultStyles())
	m.SetSize(20, 1)
	if got := m.View(); strings.TrimSpace(ansi.Strip(got)) != "" {
		t.Errorf("View() of no messages = %q, want it blank", got)
	}
}
