package uv

// Tests of Hotels' change 12 (HOTELS.md): cursor moves written by length
// arithmetic are the bytes upstream's moveCursor chose.

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestMoveCursorUpstream moves the cursor between every two cells of a small
// screen of wide, styled and plain cells, from a plain and a coloured pen,
// with every terminal type's capabilities, tab stops or none and every
// combination of the flags moveCursor reads, and checks that moveCursor
// writes what upstream's did.
func TestMoveCursorUpstream(t *testing.T) {
	const w, h = 24, 5
	frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(w, h), Method: ansi.WcWidth}
	NewStyledString(strings.Join([]string{
		"plain text  with\ttabs and gaps",
		"\x1b[38;5;239m·\x1b[m  \x1b[38;5;239m·\x1b[m 日本語 \x1b[1mbold\x1b[m tail",
		"",
		"\x1b[7mreversed line of text that fills\x1b[m",
		"a          b          c",
	}, "\n")).Draw(frame, frame.Bounds())
	pens := []Style{{}, {Fg: ansi.IndexedColor(239)}}
	var checked int
	for _, term := range []string{"xterm-256color", "linux", "screen", "alacritty", "kitty", "vt100"} {
		for flags := tFlag(0); flags < 8; flags++ {
			for _, tabs := range []bool{false, true} {
				r := NewTerminalRenderer(io.Discard, []string{"TERM=" + term})
				r.flags = 0
				for i, f := range []tFlag{tFullscreen, tRelativeCursor, tMapNewline} {
					if flags&(1<<i) != 0 {
						r.flags.Set(f)
					}
				}
				if tabs {
					r.tabs = DefaultTabStops(w)
				} else {
					r.tabs = nil
				}
				for _, buf := range []*RenderBuffer{frame.RenderBuffer, nil} {
					for _, pen := range pens {
						r.cur.Style = pen
						for _, from := range [][2]int{{-1, -1}, {0, 0}, {3, 1}, {w - 1, 2}, {10, 4}, {7, 3}} {
							for ty := 0; ty < h; ty++ {
								for tx := 0; tx < w; tx++ {
									for _, ovw := range []bool{false, true} {
										r.cur.X, r.cur.Y = from[0], from[1]
										want := upstreamMoveCursor(r, buf, tx, ty, ovw)
										r.cur.X, r.cur.Y = from[0], from[1]
										if got := string(moveCursor(r, buf, tx, ty, ovw)); got != want {
											t.Fatalf("TERM=%s flags=%b tabs=%v buf=%v pen=%v %v->(%d,%d) overwrite=%v: %q, upstream %q",
												term, flags, tabs, buf != nil, pen, from, tx, ty, ovw, got, want)
										}
										checked++
									}
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d moves", checked)
}

// TestSequenceLengths: the sequences appendCSI and appendCUP write, and the
// lengths csiLen and cupLen work out, are package ansi's (changes 12 and 14).
func TestSequenceLengths(t *testing.T) {
	for n := -12; n <= 1200; n++ {
		for _, c := range []struct {
			want  string
			omit  int
			final byte
		}{
			{ansi.CursorUp(n), 1, 'A'},
			{ansi.CursorDown(n), 1, 'B'},
			{ansi.CursorForward(n), 1, 'C'},
			{ansi.CursorBackward(n), 1, 'D'},
			{ansi.CursorBackwardTab(n), 1, 'Z'},
			{ansi.EraseCharacter(n), 1, 'X'},
			{ansi.RepeatPreviousCharacter(n), 1, 'b'},
			{ansi.VerticalPositionAbsolute(n), 0, 'd'},
			{ansi.HorizontalPositionAbsolute(n), 0, '`'},
			{ansi.CursorHorizontalAbsolute(n), 0, 'G'},
		} {
			if got := string(appendCSI(nil, n, c.omit, c.final)); got != c.want {
				t.Fatalf("appendCSI(%d, %d, %c) = %q, want %q", n, c.omit, c.final, got, c.want)
			}
			if got := csiLen(n, c.omit); got != len(c.want) {
				t.Fatalf("csiLen(%d, %d) = %d, want %d (%q)", n, c.omit, got, len(c.want), c.want)
			}
		}
	}
	for row := -2; row <= 130; row++ {
		for col := -2; col <= 130; col++ {
			want := ansi.CursorPosition(col, row)
			if got := string(appendCUP(nil, col, row)); got != want {
				t.Fatalf("appendCUP(%d, %d) = %q, want %q", col, row, got, want)
			}
			if got := cupLen(col, row); got != len(want) {
				t.Fatalf("cupLen(%d, %d) = %d, want %d (%q)", col, row, got, len(want), want)
			}
		}
	}
}

// BenchmarkMoveCursor is moveCursor's choice of a cursor move within and
// between lines of an 80×24 screen, with xterm's capabilities and tab stops.
func BenchmarkMoveCursor(b *testing.B) {
	frame := ScreenBuffer{RenderBuffer: NewRenderBuffer(80, 24), Method: ansi.WcWidth}
	NewStyledString(strings.Repeat("Tiles  \x1b[38;5;239m·\x1b[m  Chains  \x1b[1mplay\x1b[m  cash $6,000\n", 24)).Draw(frame, frame.Bounds())
	r := NewTerminalRenderer(io.Discard, []string{"TERM=xterm-256color"})
	r.flags.Set(tFullscreen)
	r.tabs = DefaultTabStops(80)
	moves := [][4]int{{0, 0, 5, 0}, {12, 3, 40, 3}, {40, 3, 2, 4}, {70, 10, 71, 12}, {5, 20, 5, 17}, {33, 8, 29, 8}}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		m := moves[i%len(moves)]
		r.cur.X, r.cur.Y = m[0], m[1]
		moveCursor(r, frame.RenderBuffer, m[2], m[3], true)
	}
}

// What follows is upstream's relativeCursorMove and moveCursor, renamed, to
// compare with.

// upstreamRelativeCursorMove returns the relative cursor movement sequence using one or two
// of the following sequences [ansi.CUU], [ansi.CUD], [ansi.CUF], [ansi.CUB],
// [ansi.VPA], [ansi.HPA].
// When overwrite is true, this will try to optimize the sequence by using the
// screen cells values to move the cursor instead of using escape sequences.
//
// It is safe to call this function with a nil [Buffer]. In that case, it won't
// use any optimizations that require the new buffer such as overwrite.
func upstreamRelativeCursorMove(s *TerminalRenderer, newbuf *RenderBuffer, fx, fy, tx, ty int, overwrite, useTabs, useBackspace bool) string {
	var seq strings.Builder
	if newbuf == nil {
		overwrite = false // We can't overwrite the current buffer.
	}

	if ty != fy { //nolint:nestif
		var yseq string
		if s.caps.Contains(capVPA) && !s.flags.Contains(tRelativeCursor) {
			yseq = ansi.VerticalPositionAbsolute(ty + 1)
		}

		if ty > fy {
			n := ty - fy
			if cud := ansi.CursorDown(n); yseq == "" || len(cud) < len(yseq) {
				yseq = cud
			}
			if !s.flags.Contains(tFullscreen) || n < len(yseq) { // n is the cost of using newline characters
				yseq = strings.Repeat("\n", n)
				if s.flags.Contains(tMapNewline) {
					fx = 0
				}
			}
		} else if ty < fy {
			n := fy - ty
			if cuu := ansi.CursorUp(n); yseq == "" || len(cuu) < len(yseq) {
				yseq = cuu
			}
			if n == 1 && fy-1 > 0 {
				// TODO: Ensure we're not unintentionally scrolling the screen up.
				yseq = ansi.ReverseIndex
			}
		}

		seq.WriteString(yseq)
	}

	if tx != fx { //nolint:nestif
		var xseq string
		if !s.flags.Contains(tRelativeCursor) {
			if s.caps.Contains(capHPA) {
				xseq = ansi.HorizontalPositionAbsolute(tx + 1)
			} else if s.caps.Contains(capCHA) {
				xseq = ansi.CursorHorizontalAbsolute(tx + 1)
			}
		}

		if tx > fx {
			n := tx - fx
			if useTabs && s.tabs != nil {
				var tabs int
				var col int
				for col = fx; s.tabs.Next(col) <= tx; col = s.tabs.Next(col) {
					tabs++
					if col == s.tabs.Next(col) || col >= s.tabs.Width()-1 {
						break
					}
				}

				if tabs > 0 {
					cht := ansi.CursorHorizontalForwardTab(tabs)
					tab := strings.Repeat("\t", tabs)
					if false && s.caps.Contains(capCHT) && len(cht) < len(tab) {
						// TODO: The linux console and some terminals such as
						// Alacritty don't support [ansi.CHT]. Enable this when
						// we have a way to detect this, or after 5 years when
						// we're sure everyone has updated their terminals :P
						seq.WriteString(cht)
					} else {
						seq.WriteString(tab)
					}

					n = tx - col
					fx = col
				}
			}

			if cuf := ansi.CursorForward(n); xseq == "" || len(cuf) < len(xseq) {
				xseq = cuf
			}

			// If we have no attribute and style changes, overwrite is cheaper.
			var ovw string
			if overwrite && ty >= 0 {
				for i := 0; i < n; i++ {
					cell := newbuf.CellAt(fx+i, ty)
					if cell != nil && cell.Width > 0 {
						i += cell.Width - 1
						if !cell.Style.Equal(&s.cur.Style) || !cell.Link.Equal(&s.cur.Link) {
							overwrite = false
							break
						}
					}
				}
			}

			if overwrite && ty >= 0 {
				for i := 0; i < n; i++ {
					cell := newbuf.CellAt(fx+i, ty)
					if cell != nil && cell.Width > 0 {
						ovw += cell.String()
						i += cell.Width - 1
					}
				}
			}

			if overwrite && len(ovw) < len(xseq) {
				xseq = ovw
			}
		} else if tx < fx {
			n := fx - tx
			if useTabs && s.tabs != nil && s.caps.Contains(capCBT) {
				// VT100 does not support backward tabs [ansi.CBT].

				col := fx

				var cbt int // cursor backward tabs count
				for s.tabs.Prev(col) >= tx {
					col = s.tabs.Prev(col)
					cbt++
					if col == s.tabs.Prev(col) || col <= 0 {
						break
					}
				}

				if cbt > 0 {
					seq.WriteString(ansi.CursorBackwardTab(cbt))
					n = col - tx
				}
			}

			if cub := ansi.CursorBackward(n); xseq == "" || len(cub) < len(xseq) {
				xseq = cub
			}

			if useBackspace && n < len(xseq) {
				xseq = strings.Repeat("\b", n)
			}
		}

		seq.WriteString(xseq)
	}

	return seq.String()
}

// upstreamMoveCursor moves and returns the cursor movement sequence to move the cursor
// to the specified position.
// When overwrite is true, this will try to optimize the sequence by using the
// screen cells values to move the cursor instead of using escape sequences.
//
// It is safe to call this function with a nil [Buffer]. In that case, it won't
// use any optimizations that require the new buffer such as overwrite.
func upstreamMoveCursor(s *TerminalRenderer, newbuf *RenderBuffer, x, y int, overwrite bool) (seq string) {
	fx, fy := s.cur.X, s.cur.Y

	if !s.flags.Contains(tRelativeCursor) {
		width := -1 // Use -1 to indicate that we don't know the width of the screen.
		if s.tabs != nil {
			width = s.tabs.Width()
		}
		if newbuf != nil && width == -1 {
			// Even though this might not be accurate, we can use the new
			// buffer width as a fallback. Technically, if the new buffer
			// didn't have the width of the terminal, this would give us a
			// wrong result from [notLocal].
			width = newbuf.Width()
		}
		// Method #0: Use [ansi.CUP] if the distance is long.
		seq = ansi.CursorPosition(x+1, y+1)
		if fx == -1 || fy == -1 || width == -1 || notLocal(width, fx, fy, x, y) {
			return seq
		}
	}

	// Optimize based on options.
	trials := 0
	if s.caps.Contains(capHT) {
		trials |= 2 // 0b10 in binary
	}
	if s.caps.Contains(capBS) {
		trials |= 1 // 0b01 in binary
	}

	// Try all possible combinations of hard tabs and backspace optimizations.
	for i := 0; i <= trials; i++ {
		// Skip combinations that are not enabled.
		if i & ^trials != 0 {
			continue
		}

		useHardTabs := i&2 != 0
		useBackspace := i&1 != 0

		// Method #1: Use local movement sequences.
		nseq1 := upstreamRelativeCursorMove(s, newbuf, fx, fy, x, y, overwrite, useHardTabs, useBackspace)
		if (i == 0 && len(seq) == 0) || len(nseq1) < len(seq) {
			seq = nseq1
		}

		// Method #2: Use [ansi.CR] and local movement sequences.
		nseq2 := upstreamRelativeCursorMove(s, newbuf, 0, fy, x, y, overwrite, useHardTabs, useBackspace)
		nseq2 = "\r" + nseq2
		if len(nseq2) < len(seq) {
			seq = nseq2
		}

		if !s.flags.Contains(tRelativeCursor) {
			// Method #3: Use [ansi.CursorHomePosition] and local movement sequences.
			nseq3 := upstreamRelativeCursorMove(s, newbuf, 0, 0, x, y, overwrite, useHardTabs, useBackspace)
			nseq3 = ansi.CursorHomePosition + nseq3
			if len(nseq3) < len(seq) {
				seq = nseq3
			}
		}
	}

	return seq
}
