// Package layout sets text out in cells for the screens: padding and
// cutting to a width (ANSI styles kept), columns side by side, the tail of
// a log wrapped to a width, and a whole screen cut to the terminal.
//
// layout imports Lip Gloss and the ANSI package only: no screen, rooms,
// store or engine package.
package layout
