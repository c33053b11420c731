// Command sshd runs Hotels, the board game Acquire played over SSH.
//
// With no subcommand it serves (see serve.go); configuration comes from flags
// or HOTELS_* environment variables, listed by --help.
package main

import (
	"context"
	"fmt"
	"os"
)

func main() {
	if err := newRootCmd().ExecuteContext(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "hotels:", err)
		os.Exit(1)
	}
}
