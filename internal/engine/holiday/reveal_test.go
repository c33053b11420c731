package holiday_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"hotels/internal/engine"
	"hotels/internal/engine/holiday"
)

// Reveal shows admins each seat's hand, as that seat's own view has it,
// and the stock with the cards it deals next (issue 28).
func TestReveal(t *testing.T) {
	g, _, err := holiday.Kind.Deal("", nil, []string{"ann", "bob", "cat"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	secs := g.(engine.Revealer).Reveal()
	if len(secs) != 4 {
		t.Fatalf("Reveal = %+v; want a section for each seat and the stock", secs)
	}
	for s, name := range g.Seats() {
		v := g.View(engine.Seat(s)).(*holiday.View)
		var cards []string
		for _, k := range v.Hand {
			cards = append(cards, k.String())
		}
		if want := "hand " + strings.Join(cards, " "); secs[s].Title != name || !slices.Equal(secs[s].Lines, []string{want}) {
			t.Errorf("section %d = %+v; want %s with %q", s, secs[s], name, want)
		}
	}
	stock := secs[3]
	left := g.View(engine.Watcher).(*holiday.View).StockLeft
	if stock.Title != "Stock" || len(stock.Lines) != 1 || !strings.HasPrefix(stock.Lines[0], fmt.Sprintf("%d left; next ", left)) {
		t.Errorf("stock section = %+v; want %d left and the next cards", stock, left)
	}
}
