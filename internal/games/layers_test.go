package games_test

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// Each layer links only what is below it (issue 25): the rules tools (the
// engines' registry, replay) link neither Bubble Tea nor a database, and
// the rooms and the screens no database driver; only the store and what
// opens it do.
func TestLayers(t *testing.T) {
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages' dependencies")
	}
	screenAndDB := []string{"charm.land/bubbletea/v2", "github.com/jackc/pgx/v5", "modernc.org/sqlite", "hotels/internal/store"}
	db := screenAndDB[1:]
	cases := []struct {
		pkgs   []string
		banned []string
	}{
		{[]string{"hotels/internal/games", "hotels/internal/replay", "hotels/internal/bot/bots"}, screenAndDB},
		{[]string{"hotels/internal/rooms", "hotels/internal/profile/tallies", "hotels/internal/tui/..."}, db},
	}
	for _, c := range cases {
		args := append([]string{"list", "-f", `{{.ImportPath}}:{{join .Deps " "}}`}, c.pkgs...)
		out, err := exec.Command(gobin, args...).Output()
		if err != nil {
			t.Fatalf("go %s: %v", strings.Join(args, " "), err)
		}
		for line := range strings.Lines(string(out)) {
			pkg, deps, _ := strings.Cut(strings.TrimSpace(line), ":")
			var links []string
			for _, d := range strings.Fields(deps) {
				if slices.Contains(c.banned, d) {
					links = append(links, d)
				}
			}
			if len(links) > 0 {
				t.Errorf("%s links %s", pkg, strings.Join(links, ", "))
			}
		}
	}
}
