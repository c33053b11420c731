// Command sshd runs Hotels, Sid Sackson's hotel-and-stock games played over SSH.
//
// With no subcommand it serves (see serve.go); configuration comes from flags
// or HOTELS_* environment variables, listed by --help.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
)

func main() {
	if err := newRootCmd().ExecuteContext(context.Background()); err != nil {
		if !errors.Is(err, errBadRecords) { // replay has said why already
			fmt.Fprintln(os.Stderr, "hotels:", err)
		}
		os.Exit(1)
	}
}
