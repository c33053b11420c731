package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"charm.land/ssh"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"hotels/internal/rooms"
	"hotels/internal/store"
)

// Rooms is what the exec commands need of the lobby: `rooms` and the admin
// commands; *rooms.Lobby is one.
type Rooms interface {
	Rooms() []*rooms.Room
	Room(idOrCode string) (*rooms.Room, error)
	SeatOf(p rooms.Player) *rooms.Room
	Listed(p rooms.Player) []rooms.Info
	// Guess runs look, a look-up p makes of something by number or name,
	// counting it against p's failed look-ups if it finds nothing (see
	// rooms.Lobby.Guess); ErrTooManyMisses without running it after too
	// many.
	Guess(ctx context.Context, p rooms.Player, look func() (found bool)) error
	// Arrive counts p online, in the lobby's list, until leave is called.
	Arrive(p rooms.Player) (leave func())
}

var _ Rooms = (*rooms.Lobby)(nil)

// noRooms is the Rooms of a server run without a lobby.
type noRooms struct{}

func (noRooms) Rooms() []*rooms.Room { return nil }
func (noRooms) Room(id string) (*rooms.Room, error) {
	return nil, fmt.Errorf("%w %q", rooms.ErrNoRoom, id)
}
func (noRooms) SeatOf(rooms.Player) *rooms.Room  { return nil }
func (noRooms) Arrive(rooms.Player) func()       { return func() {} }
func (noRooms) Listed(rooms.Player) []rooms.Info { return nil }
func (noRooms) Guess(_ context.Context, _ rooms.Player, look func() bool) error {
	look()
	return nil
}

// errPermissionDenied is every admin command's answer to everyone else.
var errPermissionDenied = errors.New("permission denied: admin commands are for this server's admins")

// auditAnnotation marks an admin command whose every run is written to the
// audit log: those that change something or show hidden information.
const auditAnnotation = "hotels.audit"

// refusedAnnotation is set on the root when help for an admin command was
// refused, which cobra's help cannot report as an error.
const refusedAnnotation = "hotels.refused"

// refused reports whether help for an admin command was refused in this
// tree.
func refused(root *cobra.Command) bool { return root.Annotations[refusedAnnotation] != "" }

// adminTimeout bounds each room and store call an admin command makes.
const adminTimeout = 10 * time.Second

// newAdminCmd is `admin …`, the server's admin commands. The whole subtree,
// including commands added later, is gated on this parent: its
// PersistentPreRunE refuses anyone whose session did not sign with a key in
// the admin keys file. cobra runs only the nearest PersistentPreRunE and
// checks flags, arguments and help before it, so those are gated too:
// someone else learns nothing from `admin ban --bogus` or `admin --help`
// that `admin` does not tell them.
func (s *Server) newAdminCmd(sess ssh.Session, id identity) *cobra.Command {
	gate := func() error {
		if !id.Admin {
			return errPermissionDenied
		}
		return nil
	}
	cmd := &cobra.Command{
		Use:   "admin",
		Short: "Server administration (admins only)",
		Long: `Server administration, for the keys in the admin keys file.

Commands that change something or show hidden information (room, watch,
kick, close, ban, unban, broadcast, backup) are written to the audit log with who
ran them and how they ended; see admin audit.`,
		Hidden: !id.Admin,
		Args:   cobra.NoArgs,
		PersistentPreRunE: func(*cobra.Command, []string) error {
			return gate()
		},
		RunE: showGroup,
	}
	cmd.AddCommand(
		newAdminRoomsCmd(s.roomList, s.peers != nil),
		newAdminRoomCmd(s.rooms),
		newAdminWatchCmd(sess, s.rooms, s.sshTarget(), s.cfg.FPS),
		newAdminKickCmd(s.rooms),
		newAdminCloseCmd(s.rooms),
		newAdminBanCmd(s.store, s.live, s.peers, id),
		newAdminUnbanCmd(s.store, id),
		newAdminBansCmd(s.store),
		newAdminPlayersCmd(s.live, s.peers, s.rooms),
		newAdminBroadcastCmd(s.live, s.peers),
		newAdminStatsCmd(s.stats),
		newAdminBackupCmd(s.store, s.cfg.BackupDir),
		newAdminAuditCmd(s.store),
	)

	defaultHelp := cmd.HelpFunc()
	cmd.SetHelpFunc(func(c *cobra.Command, args []string) {
		if err := gate(); err != nil {
			c.Root().Annotations = map[string]string{refusedAnnotation: "help"}
			return
		}
		defaultHelp(c, args)
	})
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		if gerr := gate(); gerr != nil {
			return gerr
		}
		return err
	})
	audit := auditor{log: s.store, id: id, errLog: s.logFor(sess)}
	walk(cmd, func(c *cobra.Command) {
		// Arguments are checked before PersistentPreRunE; check the gate
		// first so that a wrong count tells someone else nothing.
		args := c.Args
		c.Args = func(c *cobra.Command, a []string) error {
			if err := gate(); err != nil {
				return err
			}
			if args == nil {
				return nil
			}
			return args(c, a)
		}
		// A command of its own PersistentPreRunE would shadow the gate:
		// run the gate first in it.
		if c != cmd && c.PersistentPreRunE != nil {
			own := c.PersistentPreRunE
			c.PersistentPreRunE = func(c *cobra.Command, a []string) error {
				if err := gate(); err != nil {
					return err
				}
				return own(c, a)
			}
		}
		if c.PersistentPreRun != nil {
			panic("server: admin command " + c.CommandPath() + " has a PersistentPreRun, which would skip the admin gate; use PersistentPreRunE")
		}
		if c.Annotations[auditAnnotation] != "" && c.RunE != nil {
			c.RunE = audit.wrap(c.RunE)
		}
	})
	return cmd
}

// walk calls f on c and each command under it.
func walk(c *cobra.Command, f func(*cobra.Command)) {
	f(c)
	for _, sub := range c.Commands() {
		walk(sub, f)
	}
}

// auditLog is what auditing needs of the store.
type auditLog interface {
	Audit(ctx context.Context, e store.AuditEntry) (store.AuditID, error)
	AuditOutcome(ctx context.Context, id store.AuditID, outcome string) error
}

// auditor writes admin commands, and players' changes to their keys, to
// the audit log.
type auditor struct {
	log    auditLog
	id     identity
	errLog *slog.Logger
	prefix string                // before the command's name: "keys " for `keys add`
	args   func([]string) string // what is kept of the arguments; commandLine if nil
}

// wrap records each run of run before it acts and how it ended after: an
// action the log cannot record is not taken.
func (a auditor) wrap(run func(*cobra.Command, []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		ctx, cancel := context.WithTimeout(context.WithoutCancel(cmd.Context()), adminTimeout)
		defer cancel()
		entry := store.AuditEntry{
			Fingerprint: a.id.Key.Fingerprint,
			Command:     a.prefix + cmd.Name(),
			Args:        commandLine(cmd, args),
		}
		if a.args != nil {
			entry.Args = a.args(args)
		}
		if a.id.Known {
			entry.Name = a.id.Account.Name
		}
		aid, err := a.log.Audit(ctx, entry)
		if err != nil {
			logStoreError(a.errLog, "audit command", err, "command", entry.Command)
			return errors.New("the audit log cannot be written, so nothing was done; try again later")
		}
		err = run(cmd, args)
		outcome := store.AuditOK
		if err != nil {
			outcome = err.Error()
		}
		octx, ocancel := context.WithTimeout(context.WithoutCancel(cmd.Context()), adminTimeout)
		defer ocancel()
		if oerr := a.log.AuditOutcome(octx, aid, outcome); oerr != nil {
			logStoreError(a.errLog, "audit command outcome", oerr, "command", entry.Command, "entry", aid)
		}
		return err
	}
}

// commandLine is an admin command's arguments and the flags given, as the
// audit log keeps them and as they could be typed again: a switch alone
// (--json), a value quoted only when it has to be (--reason="two words").
func commandLine(cmd *cobra.Command, args []string) string {
	parts := append([]string(nil), args...)
	cmd.Flags().Visit(func(f *pflag.Flag) {
		v := f.Value.String()
		switch {
		case f.Value.Type() == "bool" && v == "true":
			parts = append(parts, "--"+f.Name)
		case v == "" || strings.ContainsFunc(v, func(r rune) bool { return !unicode.IsGraphic(r) || unicode.IsSpace(r) || r == '"' || r == '\'' }):
			parts = append(parts, fmt.Sprintf("--%s=%q", f.Name, v))
		default:
			parts = append(parts, "--"+f.Name+"="+v)
		}
	})
	return strings.Join(parts, " ")
}

// writeJSON writes v indented, for --json.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// adminContext is the context of one room or store call of an admin
// command.
func adminContext(cmd *cobra.Command) (context.Context, context.CancelFunc) {
	return context.WithTimeout(cmd.Context(), adminTimeout)
}

// onRoom runs an admin command on the room its first argument names, with
// the admin time limit.
func onRoom(rs Rooms, run func(ctx context.Context, cmd *cobra.Command, r *rooms.Room, args []string) error) func(*cobra.Command, []string) error {
	return func(cmd *cobra.Command, args []string) error {
		r, err := findRoom(rs, args[0])
		if err != nil {
			return err
		}
		ctx, cancel := adminContext(cmd)
		defer cancel()
		return run(ctx, cmd, r, args)
	}
}

// findRoom returns the room an admin named, in words if there is none.
func findRoom(rs Rooms, id string) (*rooms.Room, error) {
	r, err := rs.Room(id)
	if err != nil {
		return nil, fmt.Errorf("there is no room %q", id)
	}
	return r, nil
}
