package server_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"hotels/internal/engine"
	"hotels/internal/engine/acquire"
	"hotels/internal/engine/holiday"
	"hotels/internal/engine/tycoon"
	"hotels/internal/rooms"
	"hotels/internal/server"
	"hotels/internal/sshtest"
	"hotels/internal/store"
	"hotels/internal/tui/tuitest"
)

// adminServer is a test server with a lobby of rooms and one admin key.
type adminServer struct {
	*testServer
	lobby *rooms.Lobby
	admin gossh.Signer
	keys  string // the admin keys file
}

func startAdmin(t *testing.T, configure func(*server.Config), opts server.Options) adminServer {
	t.Helper()
	var lobby *rooms.Lobby
	ts := startServerWith(t, configure, opts, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{
			Journal: st, Kinds: []engine.Kind{acquire.Kind},
			Grace: time.Minute, BotDelay: time.Hour, // bots never move during a test
		})
		t.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
	})
	a := adminServer{testServer: ts, lobby: lobby, admin: sshtest.NewKey(t), keys: ts.dir + "/admin_keys"}
	writeAdminKeys(t, a.keys, a.admin)
	return a
}

// writeAdminKeys writes keys to the admin keys file at path, with a comment
// that makes each version a different size.
func writeAdminKeys(t *testing.T, path string, keys ...gossh.Signer) {
	t.Helper()
	text := fmt.Sprintf("# %d admin keys\n", len(keys))
	for _, k := range keys {
		text += authorized(k) + " admin@test\n"
	}
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

func authorized(k gossh.Signer) string {
	return strings.TrimSpace(string(gossh.MarshalAuthorizedKey(k.PublicKey())))
}

// signUp gives key an account called name.
func signUp(t testing.TB, ts *testServer, name string, key gossh.Signer) store.Account {
	t.Helper()
	a, err := ts.store.CreateAccount(context.Background(), name, authorized(key))
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// playing opens a started two-seat game of host and a bot.
func (a adminServer) playing(t *testing.T, host store.Account) *rooms.Room {
	t.Helper()
	ctx := context.Background()
	p := rooms.Player{ID: host.ID, Name: host.Name}
	r, err := a.lobby.Create(ctx, p, rooms.Settings{Seats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.AddBot(ctx, p, ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Start(ctx, p); err != nil {
		t.Fatal(err)
	}
	return r
}

// denied checks that a command was refused as an admin command is to
// everyone else.
func denied(t *testing.T, cmd, out, errOut string, status int) {
	t.Helper()
	if status != 1 || out != "" || !strings.Contains(errOut, "permission denied") {
		t.Errorf("%q by a non-admin: exit %d, stdout %q, stderr %q; want exit 1, no output, permission denied", cmd, status, out, errOut)
	}
}

// Every admin command, with any arguments, flags or help, is refused to a
// key that is not an admin's, with or without an account; those added
// later too, since the list comes from the admin's own help.
func TestAdminCommandsRefuseOthers(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin --help")
	if status != 0 {
		t.Fatalf("admin --help by the admin: exit %d, %q", status, errOut)
	}
	subs := commandsIn(out)
	for _, want := range []string{"rooms", "room", "watch", "kick", "close", "ban", "unban", "bans", "players", "broadcast", "stats", "audit"} {
		if !strings.Contains(" "+strings.Join(subs, " ")+" ", " "+want+" ") {
			t.Errorf("admin help lacks %q: %v", want, subs)
		}
	}

	stranger, player := sshtest.NewKey(t), sshtest.NewKey(t)
	signUp(t, a.testServer, "pat", player)
	cmds := []string{"admin", "admin --help", "admin -h", "help admin", "admin help", "admin bogus", "admin --bogus",
		"admin ban --for nonsense x", "admin rooms --json extra"}
	for _, sub := range subs {
		cmds = append(cmds, "admin "+sub, "admin "+sub+" x", "admin "+sub+" x y", "admin "+sub+" --json",
			"admin "+sub+" --help", "help admin "+sub)
	}
	for _, key := range []gossh.Signer{stranger, player} {
		for _, cmd := range cmds {
			out, errOut, status := sshtest.Exec(t, a.addr, key, cmd)
			denied(t, cmd, out, errOut, status)
		}
	}
	if out, errOut, status := sshtest.Exec(t, a.addr, player, "help"); status != 0 || out == "" || strings.Contains(out, "admin") {
		t.Errorf("help for a player: status %d, stderr %q; want 0 and the commands without the admin's:\n%s", status, errOut, out)
	}
	if out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "help"); status != 0 || !strings.Contains(out, "admin") {
		t.Errorf("help for the admin: status %d, stderr %q; want 0 and the admin commands:\n%s", status, errOut, out)
	}
}

// commandsIn reads the command names of a cobra help text.
func commandsIn(help string) []string {
	var names []string
	in := false
	for _, line := range strings.Split(help, "\n") {
		switch {
		case strings.HasPrefix(line, "Available Commands:"):
			in = true
		case in && strings.HasPrefix(line, "  "):
			names = append(names, strings.Fields(line)[0])
		case in:
			in = false
		}
	}
	return names
}

// lyingSigner claims one key and signs with another.
type lyingSigner struct {
	pub    gossh.PublicKey
	signer gossh.Signer
}

func (l lyingSigner) PublicKey() gossh.PublicKey { return l.pub }
func (l lyingSigner) Sign(r io.Reader, data []byte) (*gossh.Signature, error) {
	return l.signer.Sign(r, data)
}

// Regression (auth bypass, the known key-auth trap): a client offers the
// admin's public key, which the server's public-key callback sees and
// accepts before any signature, then falls back to its own key and signs
// with that. The session must be judged by the key it signed with: not an
// admin. A client that claims the admin's key but signs with its own is
// not let in at all.
func TestAdminOfferedKeyIsNotAdmin(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	mallory := sshtest.NewKey(t)
	orders := map[string][]gossh.AuthMethod{
		"admin's key offered, then mallory's signs": {
			gossh.PublicKeys(queryOnly{pub: a.admin.PublicKey()}),
			gossh.PublicKeys(mallory),
		},
		// The server remembers its answer for mallory's key; the admin's
		// was the last it was asked about before mallory's key signs.
		"mallory's key offered, the admin's offered, mallory's signs": {
			gossh.PublicKeys(queryOnly{pub: mallory.PublicKey()}),
			gossh.PublicKeys(queryOnly{pub: a.admin.PublicKey()}),
			gossh.PublicKeys(mallory),
		},
	}
	for name, steps := range orders {
		var offered int
		c, err := gossh.Dial("tcp", a.addr, &gossh.ClientConfig{
			User:            "admin",
			HostKeyCallback: gossh.InsecureIgnoreHostKey(),
			Timeout:         sshtest.Timeout,
			AuthCallback: func(*gossh.ClientAuthContext) (gossh.AuthMethod, error) {
				if offered == len(steps) {
					return nil, errors.New("out of keys")
				}
				offered++
				return steps[offered-1], nil
			},
		})
		if err != nil {
			t.Fatalf("%s: dial: %v", name, err)
		}
		if offered != len(steps) {
			t.Fatalf("%s: client used %d auth steps, want %d", name, offered, len(steps))
		}
		for _, cmd := range []string{"admin rooms", "admin ban somebody", "admin stats --json", "whoami"} {
			sess, err := c.NewSession()
			if err != nil {
				t.Fatal(err)
			}
			var out, errOut strings.Builder
			sess.Stdout, sess.Stderr = &out, &errOut
			err = sess.Run(cmd)
			var exit *gossh.ExitError
			status := 0
			if errors.As(err, &exit) {
				status = exit.ExitStatus()
			} else if err != nil {
				t.Fatalf("%s: %s: %v", name, cmd, err)
			}
			if cmd == "whoami" {
				if want := gossh.FingerprintSHA256(mallory.PublicKey()); !strings.Contains(out.String(), want) {
					t.Errorf("%s: whoami = %q, want mallory's key %s", name, out.String(), want)
				}
				continue
			}
			denied(t, name+": "+cmd, out.String(), errOut.String(), status)
		}
		_ = c.Close()
	}

	liar := lyingSigner{pub: a.admin.PublicKey(), signer: mallory}
	if c, err := sshtest.Dial(a.addr, gossh.PublicKeys(liar)); err == nil {
		_ = c.Close()
		t.Fatal("a client that claims the admin's key but signs with its own was let in")
	}
}

// The admin keys file is read again when it changes; no file, no admins.
func TestAdminKeysReload(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	other := sshtest.NewKey(t)
	isAdmin := func(k gossh.Signer) bool {
		_, _, status := sshtest.Exec(t, a.addr, k, "admin stats")
		return status == 0
	}
	if !isAdmin(a.admin) || isAdmin(other) {
		t.Fatal("at the start only the admin's key should be an admin's")
	}
	writeAdminKeys(t, a.keys, a.admin, other)
	if !isAdmin(other) {
		t.Error("a key added to the file is not an admin's")
	}
	writeAdminKeys(t, a.keys, other)
	if isAdmin(a.admin) {
		t.Error("a key removed from the file is still an admin's")
	}
	if err := os.Remove(a.keys); err != nil {
		t.Fatal(err)
	}
	if isAdmin(other) {
		t.Error("with the file gone a key is still an admin's")
	}
	// Lines that are not keys are skipped, the rest count.
	if err := os.WriteFile(a.keys, []byte("not a key\n\n"+authorized(other)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if !isAdmin(other) {
		t.Error("a key after a bad line is not an admin's")
	}
}

// roomJSON is the part of `admin room --json` the tests read.
type roomJSON struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	GameID int64  `json:"game_id"`
	Seats  []struct {
		Name string `json:"name"`
	} `json:"seats"`
	Game struct {
		Title    string           `json:"title"`
		Sections []engine.Section `json:"sections"`
	} `json:"game"`
	Record []string `json:"record"`
}

// section returns the lines of the game's section titled title.
func (d roomJSON) section(title string) []string {
	for _, s := range d.Game.Sections {
		if s.Title == title {
			return s.Lines
		}
	}
	return nil
}

// An admin sees every room, and in one room every rack and the bag's next
// tiles; looking at hidden information is audited.
func TestAdminRoomsAndRoom(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	r := a.playing(t, ann)

	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin rooms --json")
	if status != 0 {
		t.Fatalf("admin rooms: exit %d, %q", status, errOut)
	}
	var list []struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Seats  []struct{ Name, State string }
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || len(list) != 1 || list[0].ID != r.ID || list[0].Status != "playing" || len(list[0].Seats) != 2 {
		t.Fatalf("admin rooms --json = %s (%v); want room %s playing with 2 seats", out, err, r.ID)
	}
	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "admin rooms")
	if !strings.Contains(out, r.ID) || !strings.Contains(out, "ann (ready)") || !strings.Contains(out, "bot") {
		t.Errorf("admin rooms:\n%s", out)
	}

	out, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin room "+r.ID+" --json")
	if status != 0 {
		t.Fatalf("admin room: exit %d, %q", status, errOut)
	}
	var d roomJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("admin room --json: %v\n%s", err, out)
	}
	if d.ID != r.ID || d.GameID == 0 || len(d.Seats) != 2 || d.Game.Title != "Acquire" {
		t.Fatalf("admin room --json = %+v", d)
	}
	// Acquire's own sections: each seat's cash and whole rack, the bag.
	for _, s := range d.Seats {
		lines := d.section(s.Name)
		if len(lines) < 2 || !strings.HasPrefix(lines[0], "cash $") || len(strings.Fields(lines[1])) != 1+acquire.RackSize {
			t.Errorf("seat %s: section %q; want its cash and its %d tiles", s.Name, lines, acquire.RackSize)
		}
	}
	bag := d.section("Bag")
	if len(bag) != 1 || !strings.Contains(bag[0], " left; next ") || len(strings.Fields(bag[0])) != 3+6 {
		t.Fatalf("bag section %q; want what is left and the next 6 tiles", bag)
	}
	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "admin room "+r.ID)
	for _, want := range []string{"rack", "Bag:", bag[0], "ann"} {
		if !strings.Contains(out, want) {
			t.Errorf("admin room lacks %q:\n%s", want, out)
		}
	}
	_, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin room nosuch")
	if status != 1 || !strings.Contains(errOut, `there is no room "nosuch"`) {
		t.Errorf("admin room nosuch: exit %d, %q", status, errOut)
	}
	wantAudit(t, a.testServer, "room "+r.ID+" --json", "ok")
	wantAudit(t, a.testServer, "room nosuch", `there is no room "nosuch"`)
}

// wantAudit checks that the audit log has an entry for the command line
// (flags as --name="value") that ended with outcome.
func wantAudit(t *testing.T, ts *testServer, line, outcome string) {
	t.Helper()
	log, err := ts.store.AuditLog(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, e := range log {
		if e.Command+" "+e.Args == line && e.Outcome == outcome && e.Fingerprint != "" {
			return
		}
		seen = append(seen, fmt.Sprintf("%q → %q", e.Command+" "+e.Args, e.Outcome))
	}
	t.Errorf("audit log lacks %q with outcome %q; it has:\n%s", line, outcome, strings.Join(seen, "\n"))
}

func TestAdminKickAndClose(t *testing.T) {
	ctx := context.Background()
	a := startAdmin(t, nil, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	bob := signUp(t, a.testServer, "bob", sshtest.NewKey(t))

	w, err := a.lobby.Create(ctx, rooms.Player{ID: ann.ID, Name: "ann"}, rooms.Settings{Seats: 3})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Sit(ctx, rooms.Player{ID: bob.ID, Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin kick "+w.ID+" bob")
	if status != 0 || !strings.Contains(out, "removed bob from seat 2") {
		t.Fatalf("admin kick bob: exit %d, %q, %q", status, out, errOut)
	}
	if in, _ := w.Inspect(ctx); in.Seats[1].Name != "" {
		t.Errorf("seat 2 after the kick: %+v", in.Seats[1])
	}
	_, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin kick "+w.ID+" 9")
	if status != 1 || !strings.Contains(errOut, "no such seat") {
		t.Errorf("admin kick seat 9: exit %d, %q", status, errOut)
	}

	g := a.playing(t, bob)
	in, err := g.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}
	out, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin close "+g.ID+" --reason cheating")
	if status != 0 || !strings.Contains(out, "closed room "+g.ID) {
		t.Fatalf("admin close: exit %d, %q, %q", status, out, errOut)
	}
	sg, err := a.store.Game(ctx, in.Game)
	if err != nil || sg.Status != store.StatusAborted || !strings.Contains(sg.Result, "closed by an admin: cheating") {
		t.Errorf("stored game after close = %+v, %v; want aborted with the reason", sg, err)
	}
	_, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin close "+g.ID)
	if status != 1 || !strings.Contains(errOut, "there is no room") {
		t.Errorf("admin close twice: exit %d, %q", status, errOut)
	}
	wantAudit(t, a.testServer, "kick "+w.ID+" bob", "ok")
	wantAudit(t, a.testServer, "close "+g.ID+" --reason=cheating", "ok")
}

// A banned account is refused with the reason and the end of the ban, and
// its open sessions end; a banned key is refused at authentication, told
// why; unban lets them back in. Every step is audited.
func TestAdminBan(t *testing.T) {
	a := startAdmin(t, nil, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} }})
	annKey := sshtest.NewKey(t)
	signUp(t, a.testServer, "ann", annKey)

	term := sshtest.Open(t, a.addr, annKey, 80, 24)
	term.WaitFor(t, "LOBBY name=ann")
	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin ban ann --for 1h --reason spamming")
	if status != 0 || !strings.Contains(out, "banned ann until") || !strings.Contains(out, "1 open sessions ended") {
		t.Fatalf("admin ban ann: exit %d, %q, %q", status, out, errOut)
	}
	term.WaitFor(t, "Your account is banned from this server until")
	term.WaitFor(t, "spamming")
	term.Wait(t)

	_, errOut, status = sshtest.Exec(t, a.addr, annKey, "whoami")
	if status != 1 || !strings.Contains(errOut, "Your account is banned") || !strings.Contains(errOut, "Reason: spamming") {
		t.Errorf("ann's whoami while banned: exit %d, %q", status, errOut)
	}
	// Another key of the account is banned with it.
	other := sshtest.NewKey(t)
	if _, _, status := sshtest.Exec(t, a.addr, annKey, "keys add '"+authorized(other)+"'"); status == 0 {
		t.Error("a banned account added a key")
	}

	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "admin bans --json")
	var bans []struct{ Kind, Target, Reason string }
	if err := json.Unmarshal([]byte(out), &bans); err != nil || len(bans) != 1 || bans[0].Target != "ann" || bans[0].Kind != "account" || bans[0].Reason != "spamming" {
		t.Errorf("admin bans --json = %s (%v)", out, err)
	}
	if out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin unban ann"); status != 0 || !strings.Contains(out, "lifted 1 ban") {
		t.Fatalf("admin unban ann: exit %d, %q, %q", status, out, errOut)
	}
	if out, errOut, status := sshtest.Exec(t, a.addr, annKey, "whoami"); status != 0 || !strings.Contains(out, "ann") {
		t.Errorf("ann's whoami after unban: exit %d, %q, %q", status, out, errOut)
	}

	// A key ban refuses the key at authentication and says why.
	mallory := sshtest.NewKey(t)
	fp := gossh.FingerprintSHA256(mallory.PublicKey())
	if out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin ban "+fp+" --reason scanning"); status != 0 || !strings.Contains(out, "banned "+fp+" until lifted") {
		t.Fatalf("admin ban key: exit %d, %q, %q", status, out, errOut)
	}
	var shown []string
	kbd := gossh.KeyboardInteractive(func(_, instruction string, questions []string, _ []bool) ([]string, error) {
		shown = append(shown, instruction)
		return make([]string, len(questions)), nil
	})
	if c, err := sshtest.Dial(a.addr, gossh.PublicKeys(mallory), kbd); err == nil {
		_ = c.Close()
		t.Fatal("a banned key was let in")
	}
	if len(shown) != 1 || !strings.Contains(shown[0], "This SSH key is banned") || !strings.Contains(shown[0], "scanning") {
		t.Errorf("a banned key was told %q", shown)
	}
	_, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin ban "+gossh.FingerprintSHA256(a.admin.PublicKey()))
	if status != 1 || !strings.Contains(errOut, "cannot ban yourself") {
		t.Errorf("an admin banning their own key: exit %d, %q", status, errOut)
	}
	_, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin ban nobody")
	if status != 1 || !strings.Contains(errOut, `there is no player called "nobody"`) {
		t.Errorf("admin ban nobody: exit %d, %q", status, errOut)
	}
	wantAudit(t, a.testServer, `ban ann --for=1h0m0s --reason=spamming`, "ok")
	wantAudit(t, a.testServer, "unban ann", "ok")
	wantAudit(t, a.testServer, "ban nobody", `there is no player called "nobody"`)
}

// A broadcast reaches every interactive session, on its bottom line.
func TestAdminBroadcast(t *testing.T) {
	a := startAdmin(t, nil, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} }})
	annKey := sshtest.NewKey(t)
	signUp(t, a.testServer, "ann", annKey)
	ann := sshtest.Open(t, a.addr, annKey, 80, 24)
	ann.WaitFor(t, "LOBBY name=ann")
	newcomer := sshtest.Open(t, a.addr, sshtest.NewKey(t), 80, 24)
	newcomer.WaitFor(t, "Pick the name")

	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin broadcast 'Restart at noon \x1b[31m'")
	if status != 0 || !strings.Contains(out, "sent to 2 sessions") {
		t.Fatalf("admin broadcast: exit %d, %q, %q", status, out, errOut)
	}
	for _, term := range []*sshtest.Terminal{ann, newcomer} {
		screen := term.WaitFor(t, "Notice from the admins: Restart at noon")
		rows := strings.Split(screen, "\n")
		if !strings.Contains(rows[len(rows)-1], "Restart at noon") && !strings.Contains(rows[23], "Restart at noon") {
			t.Errorf("the notice is not on the bottom line:\n%s", screen)
		}
	}
	wantAudit(t, a.testServer, "broadcast Restart at noon \x1b[31m", "ok")
}

// The longest broadcast is read whole at 80×24, on the bottom lines, in
// the lobby as in admin watch (issue 28).
func TestAdminBroadcastLong(t *testing.T) {
	a := startAdmin(t, nil, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} }})
	annKey := sshtest.NewKey(t)
	ann := signUp(t, a.testServer, "ann", annKey)
	r := a.playing(t, ann)
	lobby := sshtest.Open(t, a.addr, annKey, 80, 24)
	lobby.WaitFor(t, "LOBBY name=ann")
	watch := sshtest.OpenCommand(t, a.addr, a.admin, 80, 24, "admin watch "+r.ID)
	watch.WaitFor(t, r.ID)

	msg := "The server restarts at noon UTC for an upgrade that takes about ten minutes. Games in play are saved and " +
		"resume where they stopped; the ranked queue empties, so join it again after. Thanks to you all!"
	if len(msg) != 200 { // maxBroadcast
		t.Fatalf("the message is %d characters", len(msg))
	}
	if out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin broadcast "+msg); status != 0 || !strings.Contains(out, "sent to 2 sessions") {
		t.Fatalf("admin broadcast: exit %d, %q, %q", status, out, errOut)
	}
	screen := lobby.WaitFor(t, "you all!")
	tuitest.Golden(t, "80x24", screen)
	watched := watch.WaitFor(t, "you all!")
	rows := strings.Split(watched, "\n")
	if bottom := strings.Join(rows[len(rows)-3:], " "); !strings.Contains(bottom, "Notice from the admins: The server") || !strings.Contains(bottom, "you all!") {
		t.Errorf("admin watch shows the broadcast elsewhere than on its bottom lines:\n%s", watched)
	}
	watch.Type("\x03")
	watch.Wait(t)
}

func TestAdminPlayersAndStats(t *testing.T) {
	a := startAdmin(t, nil, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} }})
	annKey := sshtest.NewKey(t)
	ann := signUp(t, a.testServer, "ann", annKey)
	a.playing(t, ann)
	term := sshtest.Open(t, a.addr, annKey, 80, 24)
	term.WaitFor(t, "LOBBY name=ann")

	// A session that has just ended may still be counted for a moment
	// after its client saw the exit: ask until only ann and this command
	// are left.
	var players []struct {
		Name     string `json:"name"`
		Admin    bool   `json:"admin"`
		Terminal bool   `json:"terminal"`
		Room     string `json:"room"`
		Command  string `json:"command"`
	}
	var out string
	for deadline := time.Now().Add(5 * time.Second); ; {
		var errOut string
		var status int
		out, errOut, status = sshtest.Exec(t, a.addr, a.admin, "admin players --json")
		if status != 0 {
			t.Fatalf("admin players: exit %d, %q", status, errOut)
		}
		if err := json.Unmarshal([]byte(out), &players); err != nil {
			t.Fatalf("admin players --json = %s: %v", out, err)
		}
		if len(players) == 2 || time.Now().After(deadline) {
			break
		}
	}
	if len(players) != 2 {
		t.Fatalf("admin players --json = %s; want ann and the admin's own session", out)
	}
	if p := players[0]; p.Name != "ann" || !p.Terminal || p.Room == "" {
		t.Errorf("first session = %+v, want ann at a terminal, seated", p)
	}
	if p := players[1]; !p.Admin || p.Command != "admin players --json" {
		t.Errorf("second session = %+v, want the admin's command", p)
	}

	var st struct {
		Sessions, Interactive, Players, Goroutines, Connections int
		Rooms                                                   map[string]int
		Games                                                   map[string]int
		HeapBytes                                               uint64 `json:"heap_bytes"`
	}
	for deadline := time.Now().Add(5 * time.Second); ; {
		out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin stats --json")
		if status != 0 {
			t.Fatalf("admin stats: exit %d, %q", status, errOut)
		}
		if err := json.Unmarshal([]byte(out), &st); err != nil {
			t.Fatal(err)
		}
		ok := st.Sessions == 2 && st.Interactive == 1 && st.Players == 1 && st.Connections == 2 && st.Rooms["playing"] == 1 &&
			st.Games["playing"] == 1 && st.Goroutines != 0 && st.HeapBytes != 0
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("admin stats --json = %s", out)
		}
	}
	if out, _, _ := sshtest.Exec(t, a.addr, a.admin, "admin stats"); !strings.Contains(out, "1 playing") || !strings.Contains(out, "goroutines") {
		t.Errorf("admin stats:\n%s", out)
	}
}

// admin watch shows the room screen with every rack beside it, and needs
// a terminal.
func TestAdminWatch(t *testing.T) {
	ctx := context.Background()
	a := startAdmin(t, nil, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	r := a.playing(t, ann)
	in, err := r.Inspect(ctx)
	if err != nil {
		t.Fatal(err)
	}

	_, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin watch "+r.ID)
	if status != 1 || !strings.Contains(errOut, "needs a terminal") {
		t.Errorf("admin watch without a terminal: exit %d, %q", status, errOut)
	}

	term := sshtest.OpenCommand(t, a.addr, a.admin, 130, 40, "admin watch "+r.ID)
	term.WaitFor(t, "Admin: what the game hides")
	screen := term.WaitFor(t, " left; next ")
	for i, sec := range in.Hidden[:len(in.Seats)] {
		if rack := sec.Lines[1]; !strings.Contains(screen, rack) {
			t.Errorf("seat %d's %q is not on the screen:\n%s", i+1, rack, screen)
		}
	}
	// The admin watches as an anonymous watcher, whom the room counts.
	if now, err := r.Inspect(ctx); err != nil || len(now.Watchers) != 1 || now.Watchers[0] != "" {
		t.Errorf("watchers while the admin watches = %q, %v; want one anonymous", now.Watchers, err)
	}
	term.Type("\x03")
	if status := term.Wait(t); status != 0 {
		t.Errorf("admin watch ended with %d", status)
	}
	wantAudit(t, a.testServer, "watch "+r.ID, "ok")

	// On a narrow terminal tab switches between the room and the racks.
	narrow := sshtest.OpenCommand(t, a.addr, a.admin, 80, 24, "admin watch "+r.ID)
	narrow.WaitFor(t, r.ID)
	narrow.Type("\t")
	narrow.WaitFor(t, "Admin: what the game hides")
	narrow.Type("\x03")
	narrow.Wait(t)
}

// admin audit lists what the admins did, newest first.
func TestAdminAudit(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	signUp(t, a.testServer, "root", a.admin)
	sshtest.Exec(t, a.addr, a.admin, "admin broadcast hello")
	sshtest.Exec(t, a.addr, a.admin, "admin kick nosuch 1")
	sshtest.Exec(t, a.addr, a.admin, "admin rooms") // a listing: not audited
	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin audit --json")
	if status != 0 {
		t.Fatalf("admin audit: exit %d, %q", status, errOut)
	}
	var log []struct {
		Name, Command, Args, Outcome, Fingerprint string
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil || len(log) != 2 {
		t.Fatalf("admin audit --json = %s (%v); want 2 entries", out, err)
	}
	if e := log[0]; e.Command != "kick" || e.Args != "nosuch 1" || e.Outcome != `there is no room "nosuch"` || e.Name != "root" {
		t.Errorf("newest entry = %+v", e)
	}
	if e := log[1]; e.Command != "broadcast" || e.Outcome != "ok" || e.Fingerprint != gossh.FingerprintSHA256(a.admin.PublicKey()) {
		t.Errorf("oldest entry = %+v", e)
	}
	if out, _, _ := sshtest.Exec(t, a.addr, a.admin, "admin audit"); !strings.Contains(out, "broadcast hello") || !strings.Contains(out, "root") {
		t.Errorf("admin audit:\n%s", out)
	}

	// A long reason and a key's fingerprint fit 80 columns in the text
	// list (issue 28), a reason of several words is kept quoted, and a
	// switch is written as typed.
	mallory := gossh.FingerprintSHA256(sshtest.NewKey(t).PublicKey())
	reason := strings.Repeat("scanning the server for weak keys, ", 5)
	sshtest.Exec(t, a.addr, a.admin, "admin ban "+mallory+" --reason "+reason)
	sshtest.Exec(t, a.addr, a.admin, "admin unban "+mallory+" --json")
	wantAudit(t, a.testServer, "unban "+mallory+" --json", "ok")
	wantAudit(t, a.testServer, "ban "+mallory+` --reason="`+strings.TrimSpace(reason)+`"`, "ok")
	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "admin audit")
	for _, line := range strings.Split(out, "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Errorf("admin audit has a line %d wide: %q", w, line)
		}
	}
	if !strings.Contains(out, "weak keys") || !strings.Contains(out, mallory) {
		t.Errorf("admin audit lacks the ban:\n%s", out)
	}
}

// The full view names the player to move once: the game's Due already
// says who ("ann is to play a tile").
func TestAdminRoomNamesThePlayerToMoveOnce(t *testing.T) {
	a := startAdmin(t, nil, server.Options{})
	ann := signUp(t, a.testServer, "ann", sshtest.NewKey(t))
	r := a.playing(t, ann)

	out, _, _ := sshtest.Exec(t, a.addr, a.admin, "admin room "+r.ID+" --json")
	var d struct{ Turn, Due string }
	if err := json.Unmarshal([]byte(out), &d); err != nil || d.Turn == "" || !strings.HasPrefix(d.Due, d.Turn+" is to ") {
		t.Fatalf("admin room --json: turn %q, due %q, %v; want a due decision naming the player", d.Turn, d.Due, err)
	}
	out, _, _ = sshtest.Exec(t, a.addr, a.admin, "admin room "+r.ID)
	head, _, _ := strings.Cut(out[strings.Index(out, "Game #"):], "\n")
	if !strings.HasSuffix(head, "; "+d.Due) || strings.Count(head, d.Turn) != 1 {
		t.Errorf("admin room: %q; want %q at the end, naming %s once", head, d.Due, d.Turn)
	}
}

// A key that picks its name in the session it plays in is that account
// from the moment the name is taken (issue 28): the admins see its name
// and seat, stats count it, and a ban by name ends the session.
func TestAdminBanSignupInSession(t *testing.T) {
	a := startAdmin(t, nil, server.Options{Lobby: func(_ context.Context, p server.Player) tea.Model { return stubLobby{p: p} }})
	bobKey := sshtest.NewKey(t)
	term := sshtest.Open(t, a.addr, bobKey, 80, 24)
	term.WaitFor(t, "Pick the name")
	term.Type("bob\r")
	term.WaitFor(t, "LOBBY name=bob")
	bob, err := a.store.AccountByKey(context.Background(), authorized(bobKey)+"\n")
	if err != nil {
		t.Fatal(err)
	}
	r := a.playing(t, bob)

	var players []struct{ Name, Room string }
	out, _, _ := sshtest.Exec(t, a.addr, a.admin, "admin players --json")
	if err := json.Unmarshal([]byte(out), &players); err != nil {
		t.Fatalf("admin players --json = %s: %v", out, err)
	}
	if len(players) == 0 || players[0].Name != "bob" || players[0].Room != r.ID {
		t.Errorf("admin players --json = %s; want bob first, seated in %s", out, r.ID)
	}
	if out, _, _ := sshtest.Exec(t, a.addr, a.admin, "admin stats"); !strings.Contains(out, "1 players") {
		t.Errorf("admin stats counts no player for bob:\n%s", out)
	}

	// The reason's words as OpenSSH sends them, joined, unquoted.
	out, errOut, status := sshtest.Exec(t, a.addr, a.admin, "admin ban bob --reason cheating at cards --for 1h")
	if status != 0 || !strings.Contains(out, "1 open sessions ended") {
		t.Fatalf("admin ban bob: exit %d, %q, %q", status, out, errOut)
	}
	term.WaitFor(t, "Your account is banned")
	term.WaitFor(t, "cheating at cards")
	term.Wait(t)
}

// admin room shows what each game hides: Holiday AG's hands and the
// stock's next cards; Hotel Tycoon, which hides nothing, says so (issue
// 28).
func TestAdminRoomHolidayAndTycoon(t *testing.T) {
	ctx := context.Background()
	var lobby *rooms.Lobby
	ts := startServerWith(t, nil, server.Options{}, func(st *store.Store, o *server.Options) {
		lobby = rooms.NewLobby(rooms.Config{
			Journal: st, Kinds: []engine.Kind{holiday.Kind, tycoon.Kind},
			Grace: time.Minute, BotDelay: time.Hour,
		})
		t.Cleanup(func() { lobby.Close("test over") })
		o.Rooms = lobby
	})
	admin := sshtest.NewKey(t)
	writeAdminKeys(t, ts.dir+"/admin_keys", admin)
	acct := signUp(t, ts, "ann", sshtest.NewKey(t))
	ann := rooms.Player{ID: acct.ID, Name: acct.Name}
	for _, c := range []struct {
		game string
		want []string
	}{
		{"holiday", []string{"ann:\n  hand ", "Stock:\n  ", " left; next "}},
		{"tycoon", []string{"Hidden: nothing; Hotel Tycoon shows every player the whole game."}},
	} {
		r, err := lobby.Create(ctx, ann, rooms.Settings{Game: c.game, Seats: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.AddBot(ctx, ann, ""); err != nil {
			t.Fatal(err)
		}
		if err := r.Start(ctx, ann); err != nil {
			t.Fatal(err)
		}
		out, errOut, status := sshtest.Exec(t, ts.addr, admin, "admin room "+r.ID)
		if status != 0 {
			t.Fatalf("admin room %s: exit %d, %q", r.ID, status, errOut)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("admin room of a %s game lacks %q:\n%s", c.game, w, out)
			}
		}
		if err := r.Close(ctx, "test"); err != nil {
			t.Fatal(err)
		}
	}
}
