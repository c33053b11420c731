package server

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"hotels/internal/sanitize"
)

// Every exec command prints what it found or did to stdout: text for
// people, or JSON with --json (one value, which each command documents in
// docs/commands.md), so that a script never parses the text. Messages and
// errors go to stderr as text, --json or not, and the exit status says how
// it ended (exitStatuses): a script reads stdout only after exit status 0.

// jsonFlag is the root's persistent flag that every command honours.
const jsonFlag = "json"

// wantJSON reports whether cmd was run with --json.
func wantJSON(cmd *cobra.Command) bool {
	v, _ := cmd.Flags().GetBool(jsonFlag)
	return v
}

// report prints v as JSON with --json, else text and a newline: what a
// command that acts says it did.
func report(cmd *cobra.Command, v any, text string) error {
	if wantJSON(cmd) {
		return writeJSON(cmd.OutOrStdout(), v)
	}
	_, err := fmt.Fprintln(cmd.OutOrStdout(), text)
	return err
}

// Exit statuses of the exec commands.
const (
	exitOK      = 0 // done; stdout holds the answer
	exitRefused = 1 // refused or failed: bad value, not found, not allowed, or the server could not do it now
	exitUsage   = 2 // not understood: unknown command or flag, wrong number of arguments
)

// exitStatuses documents the exit statuses, in `help` and `help --json`.
var exitStatuses = []exitStatus{
	{exitOK, "done: stdout holds the answer (JSON with --json)"},
	{exitRefused, "refused: a bad value, nothing by that name, not allowed, or a server fault"},
	{exitUsage, "not understood: an unknown command or flag, or wrong arguments"},
}

// exitStatus is one exit status and what it means.
type exitStatus struct {
	Status  int    `json:"status"`
	Meaning string `json:"meaning"`
}

// usageError is a command line that was not understood: exitUsage.
type usageError struct{ error }

func (e usageError) Unwrap() error { return e.error }

// statusOf is the exit status of a command that returned err.
func statusOf(err error) int {
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, new(usageError)):
		return exitUsage
	}
	return exitRefused
}

// markUsage makes the argument checks and flag errors of every command
// under root usage errors. A refusal passes as it is: the admin subtree
// checks who asks before its arguments (newAdminCmd).
func markUsage(root *cobra.Command) {
	usage := func(err error) error {
		if err == nil || errors.Is(err, errPermissionDenied) {
			return err
		}
		return usageError{err}
	}
	walk(root, func(c *cobra.Command) {
		if args := c.Args; args != nil {
			c.Args = func(c *cobra.Command, a []string) error { return usage(args(c, a)) }
		}
		flags := c.FlagErrorFunc()
		c.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usage(flags(c, flagError(err))) })
	})
}

// flagError is a flag error from cobra, which names the flag as the
// client typed it, with that name quoted as the commands quote what they
// echo: escape sequences never reach the terminal (issue 27, N8).
// A command's flag error func is wrapped around its parent's, so the error
// may come here twice: it is worded once.
func flagError(err error) error {
	if errors.As(err, new(quotedFlag)) {
		return err
	}
	msg := err.Error()
	for _, prefix := range []string{"unknown flag: ", "unknown shorthand flag: ", "bad flag syntax: "} {
		if rest, ok := strings.CutPrefix(msg, prefix); ok {
			return quotedFlag{fmt.Errorf("%s%q", prefix, sanitize.Line(rest))}
		}
	}
	return quotedFlag{errors.New(sanitize.Line(msg))}
}

// quotedFlag is a flag error flagError has worded.
type quotedFlag struct{ error }

func (e quotedFlag) Unwrap() error { return e.error }
