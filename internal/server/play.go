package server

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	hosted "hotels/internal/games"
	"hotels/internal/protocol"
	"hotels/internal/rooms"
)

// Issue 24: programs play over SSH. `play ROOM` and `bot wait` speak the
// JSON-lines protocol of internal/protocol (docs/protocol.md); `new`,
// `start` and `invite` open and fill rooms without a terminal; `account
// bot` makes the key's account a bot account.

// tables is what opening a room needs of the lobby, beyond Rooms.
type tables interface {
	Create(ctx context.Context, host rooms.Player, s rooms.Settings) (*rooms.Room, error)
}

// player is the session's account as the rooms know it, or an error for a
// key with no name yet.
func player(id identity) (rooms.Player, error) {
	if !id.Known {
		return rooms.Player{}, errors.New("this key has no name yet: connect with `ssh -t` to pick one first")
	}
	return rooms.Player{ID: id.Account.ID, Name: id.Account.Name, Bot: id.Account.Bot}, nil
}

// newPlayCmd is `play ROOM`: the key's seat in ROOM as JSON lines.
func (s *Server) newPlayCmd(id identity) *cobra.Command {
	var since uint64
	cmd := &cobra.Command{
		Use:   "play ROOM",
		Short: "Play your seat in a room as JSON lines, for programs (docs/protocol.md)",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			p, err := player(id)
			if err != nil {
				return err
			}
			r, err := s.rooms.Room(args[0])
			if err != nil {
				return err
			}
			c := protocol.NewConn(cmd.OutOrStdout(), nil)
			st := protocol.NewStream(r, p, r.ID, c)
			st.Since = since
			go c.Read(cmd.InOrStdin(), func(in protocol.Input) {
				if in.Room != "" && in.Room != r.ID {
					c.Refuse(in.Room, in.Text, protocol.CodeNoRoom, "this stream plays room "+r.ID+" only")
					return
				}
				st.Send(in.Text)
			})
			ctx, stop := s.untilShutdown(cmd.Context(), c, r.ID)
			defer stop()
			return st.Run(ctx)
		},
	}
	cmd.Flags().Uint64Var(&since, "since", 0, "skip the events up to this seq (they were read before a reconnect)")
	return cmd
}

// newRoom is `new --json`.
type newRoom struct {
	Room    string `json:"room"`
	Code    string `json:"code,omitempty"` // a private room's invite code
	Game    string `json:"game"`
	Rules   string `json:"rules"`
	Seats   int    `json:"seats"`
	Started bool   `json:"started"`
	Play    string `json:"play"` // the command that plays the host's seat
}

// newNewCmd is `new`: a room with the key's account as host, in the
// first seat, and the server's bots asked for.
func (s *Server) newNewCmd(id identity) *cobra.Command {
	var (
		set     rooms.Settings
		bots    []string
		clock   string
		start   bool
		options []string
	)
	cmd := &cobra.Command{
		Use:   "new",
		Short: "Open a room without a terminal: game, rules, options, seats, bots, clock",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := player(id)
			if err != nil {
				return err
			}
			lobby, ok := s.rooms.(tables)
			if !ok {
				return errors.New("this server hosts no games")
			}
			if set.Clock, err = parseClock(clock); err != nil {
				return err
			}
			if set.Seats == 0 {
				set.Seats = 1 + max(len(bots), 1)
			}
			set.Options = options
			ctx := cmd.Context()
			r, err := lobby.Create(ctx, p, set)
			if err != nil {
				return err
			}
			for _, level := range bots {
				if err := r.AddBot(ctx, p, level); err != nil {
					return fmt.Errorf("room %s is open, but a bot could not sit down: %w", r.ID, err)
				}
			}
			if start {
				if err := r.Start(ctx, p); err != nil {
					return fmt.Errorf("room %s is open, but the game could not start: %w", r.ID, err)
				}
			}
			info := r.Info()
			out := newRoom{Room: r.ID, Code: r.Code(), Game: info.Kind, Rules: info.Rules, Seats: info.Seats,
				Started: info.Status == rooms.Playing, Play: fmt.Sprintf("ssh %s play %s", s.sshTarget(), r.ID)}
			text := fmt.Sprintf("room\t%s\ngame\t%s %s\nseats\t%d", out.Room, info.Game, out.Rules, out.Seats)
			if out.Code != "" {
				text += "\ncode\t" + out.Code
			}
			text += "\nplay\t" + out.Play
			return report(cmd, out, text)
		},
	}
	f := cmd.Flags()
	f.StringVar(&set.Game, "game", "", "the game: acquire, holiday or tycoon (the server's default if empty)")
	f.StringVar(&set.Rules, "rules", "", "the game's rule set, if it has several (its default if empty)")
	f.StringArrayVar(&options, "option", nil, "an option key=value; repeat for several")
	f.IntVar(&set.Seats, "seats", 0, "how many seats (default: you and the bots, at least two)")
	f.StringArrayVar(&bots, "bot", nil, "seat a server bot of this level; repeat for several")
	f.StringVar(&clock, "clock", "", "a limit on each decision (30s) or a game clock with an increment (10m+5s)")
	f.BoolVar(&set.Private, "private", false, "a private room, reached by its invite code")
	f.BoolVar(&start, "start", false, "start the game at once (every seat must be filled)")
	f.StringVar(&set.Name, "name", "", "the room's title")
	return cmd
}

// parseClock reads `new --clock`: "30s" a decision, "10m+5s" a game.
func parseClock(s string) (rooms.Clock, error) {
	switch {
	case s == "":
		return rooms.Clock{}, nil
	case strings.Contains(s, "+"):
		return rooms.ParseClock("game=" + s)
	}
	return rooms.ParseClock("move=" + s)
}

// roomHost is the room ROOM if the session's account hosts it.
func (s *Server) roomHost(id identity, room string) (*rooms.Room, rooms.Player, error) {
	p, err := player(id)
	if err != nil {
		return nil, p, err
	}
	r, err := s.rooms.Room(room)
	if err != nil {
		return nil, p, err
	}
	if r.Info().Host != p.Name {
		return nil, p, rooms.ErrNotHost
	}
	return r, p, nil
}

// roomDone is `start --json` and `invite --json`.
type roomDone struct {
	Room   string   `json:"room"`
	Status string   `json:"status"`
	Seats  []string `json:"seats"` // who sits where, "" for an empty seat
}

func doneIn(r *rooms.Room) roomDone {
	info := r.Info()
	d := roomDone{Room: r.ID, Status: string(info.Status), Seats: []string{}}
	for _, st := range info.Players {
		d.Seats = append(d.Seats, st.Name)
	}
	return d
}

// newStartCmd is `start ROOM`: the host starts a room whose seats are
// filled.
func (s *Server) newStartCmd(id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "start ROOM",
		Short: "Start the game of a room you host, once its seats are filled",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, p, err := s.roomHost(id, args[0])
			if err != nil {
				return err
			}
			if err := r.Start(cmd.Context(), p); err != nil {
				return err
			}
			return report(cmd, doneIn(r), fmt.Sprintf("The game in room %s has started.", r.ID))
		},
	}
}

// newInviteCmd is `invite ROOM NAME`: the host seats a waiting bot
// account.
func (s *Server) newInviteCmd(id identity) *cobra.Command {
	return &cobra.Command{
		Use:   "invite ROOM NAME",
		Short: "Seat a bot account that is waiting for games in a room you host",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			r, _, err := s.roomHost(id, args[0])
			if err != nil {
				return err
			}
			info := r.Info()
			ctx, cancel := context.WithTimeout(cmd.Context(), 10*time.Second)
			defer cancel()
			if err := s.bots.Invite(ctx, r, r.ID, info.Kind, info.Host, args[1]); err != nil {
				return err
			}
			return report(cmd, doneIn(r), fmt.Sprintf("%s sits down in room %s.", args[1], r.ID))
		},
	}
}

// botAccount is `account bot --json`.
type botAccount struct {
	Name string `json:"name"`
	Bot  bool   `json:"bot"`
}

// newAccountCmd is `account bot --yes`: the key's account becomes a bot
// account, for good.
func (s *Server) newAccountCmd(id identity) *cobra.Command {
	account := &cobra.Command{
		Use:   "account",
		Short: "Change your account",
		RunE:  showGroup,
	}
	var yes bool
	bot := &cobra.Command{
		Use:   "bot",
		Short: "Make your account a bot account, for good (--yes)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := player(id)
			if err != nil {
				return err
			}
			if !p.Bot && !yes {
				return fmt.Errorf("a bot account is played by a program: it is marked BOT wherever its name shows, "+
					"never enters the ranked queue, and stays a bot account for good; run `account bot --yes` to make %s one", p.Name)
			}
			if !p.Bot {
				if err := s.store.MakeBot(cmd.Context(), p.ID); err != nil {
					return errors.New("the account could not be changed; try again later")
				}
			}
			return report(cmd, botAccount{Name: p.Name, Bot: true},
				fmt.Sprintf("%s is a bot account: run `ssh %s bot wait` to wait for games.", p.Name, s.sshTarget()))
		},
	}
	bot.Flags().BoolVar(&yes, "yes", false, "yes, make this account a bot account for good")
	account.AddCommand(bot)
	return account
}

// newBotCmd is `bot wait`: a bot account waits for invitations and plays
// their rooms on one connection.
func (s *Server) newBotCmd(id identity) *cobra.Command {
	botCmd := &cobra.Command{
		Use:   "bot",
		Short: "Commands for bot accounts",
		RunE:  showGroup,
	}
	var games []string
	wait := &cobra.Command{
		Use:   "wait",
		Short: "Wait for invitations and play their rooms as JSON lines (bot accounts; docs/protocol.md)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			p, err := player(id)
			if err != nil {
				return err
			}
			if !p.Bot {
				return errors.New("only bot accounts wait for games: see `account bot`")
			}
			for i, g := range games {
				kind, ok := hosted.ByName(g)
				if !ok {
					return fmt.Errorf("there is no game %q: choose %s", g, strings.Join(hosted.Names(), ", "))
				}
				games[i] = kind.Name
			}
			slices.Sort(games)
			games = slices.Compact(games)
			c := protocol.NewConn(cmd.OutOrStdout(), nil)
			ctx, stop := s.untilShutdown(cmd.Context(), c, "")
			defer stop()
			// A bot account waiting for games is online: the lobby lists
			// it, marked BOT, for hosts to invite.
			defer s.rooms.Arrive(p)()
			if err := s.bots.Wait(ctx, p, games, c, cmd.InOrStdin()); err != nil {
				return err
			}
			return context.Cause(ctx)
		},
	}
	wait.Flags().StringArrayVar(&games, "game", nil, "wait for this game only; repeat for several (default: every game)")
	botCmd.AddCommand(wait)
	return botCmd
}

// errShutdown ends the streams when the server shuts down.
var errShutdown = errors.New("the server is shutting down: connect again in a moment")

// untilShutdown is ctx, ended with a `closed` line when the server starts
// shutting down: a stream has no screen to show the notice on, and would
// otherwise hold the shutdown for its whole timeout.
func (s *Server) untilShutdown(ctx context.Context, c *protocol.Conn, room string) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(ctx)
	go func() {
		select {
		case <-s.closing:
			_ = c.Send(protocol.Closed{Type: "closed", Room: room, Reason: errShutdown.Error()})
			cancel(errShutdown)
		case <-ctx.Done():
		}
	}()
	return ctx, func() { cancel(nil) }
}
