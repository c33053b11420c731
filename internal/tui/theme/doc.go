// Package theme holds the styles every Hotels screen shares, so screens look
// alike and a colour changes in one place.
//
// theme imports only Lip Gloss: no screen, server, store or engine package.
package theme
