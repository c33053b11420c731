module charm.land/ssh

go 1.25.0

toolchain go1.25.10

require (
	github.com/anmitsu/go-shlex v0.0.0-20200514113438-38f4b401e2be
	github.com/charmbracelet/x/conpty v0.2.0
	github.com/charmbracelet/x/termios v0.1.1
	github.com/creack/pty v1.1.24
	github.com/pires/go-proxyproto v0.12.0
	golang.org/x/crypto v0.54.0
	golang.org/x/sys v0.47.0
)
