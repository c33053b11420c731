package tycoon

import (
	"strings"
	"testing"

	"hotels/internal/engine"
)

func TestT1_StartMoneyBySeats(t *testing.T) {
	for seats, want := range map[int]int32{2: 25000, 3: 12000, 4: 12000} {
		g, err := New(Setup{Seats: []string{"ann", "bob", "cat", "dan"}[:seats]})
		if err != nil {
			t.Fatal(err)
		}
		for s := range g.seats {
			if g.cash[s] != want {
				t.Errorf("%d seats: %s has %d, want %d", seats, g.names[s], g.cash[s], want)
			}
		}
	}
	for _, seats := range [][]string{{"ann"}, {"a", "b", "c", "d", "e"}} {
		if _, err := New(Setup{Seats: seats}); err == nil || !strings.Contains(err.Error(), "T1") {
			t.Errorf("New(%v) = %v, want a refusal citing T1", seats, err)
		}
	}
}

func TestT2_EightHotelsAndTheirNames(t *testing.T) {
	for h := range Hotel(Hotels) {
		for _, s := range []string{h.String(), strings.ToUpper(h.String()), strings.ToLower(h.String())} {
			if got, err := ParseHotel(s); err != nil || got != h {
				t.Errorf("ParseHotel(%q) = %v, %v, want %v", s, got, err, h)
			}
		}
	}
	if _, err := ParseHotel("Bank"); err == nil {
		t.Error("the Bank parses as a hotel; it is not for sale (T2)")
	}
	// Space 8 borders the Bank and L'Etoile: only L'Etoile is for sale.
	g := position(t, "seats ann bob\nat ann 4\nturn ann")
	play(t, g, "roll 4")
	if got, want := legal(g, 0), "buy Etoile, pass"; got != want {
		t.Errorf("at 8: legal %q, want %q", got, want)
	}
}

func TestT3_PhasesInDeedOrder(t *testing.T) {
	// Free phases: the main building on a vacant plot, then the extension,
	// then the facilities last.
	g := position(t, "seats ann bob\nowner Boomerang ann\nat ann 7\nturn ann")
	play(t, g, "roll 3", "ann free Boomerang")
	if g.built[Boomerang] != 1 {
		t.Fatalf("built %d, want the main building", g.built[Boomerang])
	}
	if g.rent(Boomerang) != 400 {
		t.Errorf("rent %d after the main building, want 400", g.rent(Boomerang))
	}
}

func TestT4_T5_Road(t *testing.T) {
	var count [5]int
	for _, s := range Road {
		count[s.Kind]++
	}
	if want := [5]int{1, 13, 12, 3, 2}; count != want {
		t.Errorf("spaces by kind (Start, Build, Buy, Free entrance, Free phase) = %v, want %v (T5)", count, want)
	}
	// T4: each space borders one plot on each side; the Bank at 7–8, the
	// Town Hall at 25–26.
	for sp, s := range Road {
		bank := sp == 7 || sp == 8
		town := sp == 25 || sp == 26
		if (s.Outer == NoHotel) != bank || (s.Inner == NoHotel) != town {
			t.Errorf("space %d: %v %v, want the Bank=%v, Town Hall=%v (T4)", sp, s.Outer, s.Inner, bank, town)
		}
	}
}

func TestT5_LinesCrossedInAMove(t *testing.T) {
	g := position(t, "seats ann bob cat\nat ann 6 bob 20 cat 24\nturn ann")
	play(t, g, "roll 2") // 6 → 8: enters 8 and stops there
	if g.cash[0] != StartCash34+BankIncome {
		t.Errorf("stopping on 8: cash %d, want the Bank's $2,000 (T5, T14)", g.cash[0])
	}
	g = position(t, "seats ann bob cat\nowner Safari cat\nbuilt Safari 1\nat cat 24\nturn cat")
	play(t, g, "roll 2") // 24 → 26, a Build space
	if g.phase != PhaseSpace || !g.crossed {
		t.Errorf("entering 26: crossed %v, want the Town Hall line crossed (T5)", g.crossed)
	}
}

func TestT6_SlotsAndOneEntranceASpace(t *testing.T) {
	total := 0
	for h, slots := range Slots {
		total += len(slots)
		for _, sp := range slots {
			if Road[sp].Outer != Hotel(h) && Road[sp].Inner != Hotel(h) {
				t.Errorf("%v's slot %d does not border it", Hotel(h), sp)
			}
		}
	}
	if total != 52 {
		t.Errorf("%d slots, want 52", total)
	}
	// Space 15 is a slot of both Waikiki and the Royal: once the Royal has
	// it, Waikiki cannot.
	g := position(t, "seats ann bob\nowner Waikiki ann Royal bob\nbuilt Waikiki 1 Royal 1\nentrances Waikiki 16\nentrances Royal 20 15\nat ann 12\nturn ann")
	play(t, g, "roll 6") // 18: Free entrance
	if got, want := legal(g, 0), "entrance Waikiki 17, entrance Waikiki 18, entrance Waikiki 19, pass"; got != want {
		t.Errorf("legal %q, want %q", got, want)
	}
	refused(t, g, "ann entrance Waikiki 15", "T19")
}

func TestT7_Deeds(t *testing.T) {
	var buildings, phases int
	for h := range Hotel(Hotels) {
		d := RulebookDeeds[h]
		buildings += int(d.Buildings)
		phases += int(d.Phases())
		if d.Price[d.Buildings] == 0 || d.Rent[d.Buildings] == 0 {
			t.Errorf("%v: no facilities on its deed", h)
		}
	}
	if buildings != 28 || phases != 36 {
		t.Errorf("%d buildings and %d phases, want 28 and 8 facilities (T8)", buildings, phases)
	}
	if d := RulebookDeeds[President]; d.Land != 3500 || d.Entrance != 250 || d.Rent[4] != 1100 {
		t.Errorf("President's deed %+v", d)
	}
}

func TestT8_StayCostsTheLastPhasesRent(t *testing.T) {
	// Fujiyama with everything up, facilities included: 400 a night.
	g := position(t, "seats ann bob\nowner Fujiyama bob\nbuilt Fujiyama 4\nentrances Fujiyama 7\nat ann 4\nturn ann")
	play(t, g, "roll 3", "roll 2")
	if g.cash[1] != StartCash2+800 {
		t.Errorf("bob has %d, want 2 nights × $400 more", g.cash[1])
	}
}

func TestT9_RedDieFaces(t *testing.T) {
	g := position(t, "seats ann bob\nturn ann")
	if got, want := legal(g, engine.Chance), "roll 1, roll 2, roll 3, roll 4, roll 5, roll 6"; got != want {
		t.Errorf("Legal(Chance) = %q, want %q", got, want)
	}
	if err := g.Do(int(engine.Chance), Action{Verb: Roll, N: 7}); err == nil || !strings.Contains(err.Error(), "(T9)") {
		t.Errorf("roll 7: %v, want a refusal by T9", err)
	}
	if _, err := ParseAction("roll 0"); err == nil {
		t.Error("roll 0 parses")
	}
}

func TestT10_PermissionDieFaces(t *testing.T) {
	g := position(t, "seats ann bob\nowner Boomerang ann\nat ann 2\nturn ann")
	play(t, g, "roll 3", "ann build Boomerang 1")
	if got, want := legal(g, engine.Chance), "permit green, permit green, permit green, permit red, permit h, permit double"; got != want {
		t.Errorf("Legal(Chance) = %q, want %q", got, want)
	}
	g = position(t, "seats ann bob\noption permit=GRD\nowner Boomerang ann\nat ann 2\nturn ann")
	play(t, g, "roll 3", "ann build Boomerang 1")
	refused(t, g, "permit h", "T10") // permit=GRD has no H face (T28)
	play(t, g, "permit red")
}

func TestT11_AllCarsOnStartFirstSeatRolls(t *testing.T) {
	g, _ := New(Setup{Seats: []string{"ann", "bob", "cat"}})
	if g.at != [MaxSeats]int8{} {
		t.Errorf("cars at %v, want all on 0", g.at)
	}
	if seat, _ := g.ToMove(); seat != engine.Chance || g.turn != 0 {
		t.Errorf("ToMove %d, turn %d: want the die for ann", seat, g.turn)
	}
}

func TestT12_TurnOrder(t *testing.T) {
	// ann stops at bob's Royal entrance on a Buy space after crossing the
	// Town Hall line: the stay, then the space, then the Town Hall.
	g := position(t, "seats ann bob\nowner Royal bob Safari ann\nbuilt Royal 1 Safari 1\nentrances Royal 20\nentrances Safari 26\nat ann 17 bob 5\nturn ann")
	play(t, g, "roll 3")
	if g.phase != PhaseNights {
		t.Fatalf("after the move: %s, want the nights roll", g.Due())
	}
	play(t, g, "roll 2")
	if g.phase != PhaseSpace {
		t.Fatalf("after the stay: %s, want the Buy space", g.Due())
	}
	g = position(t, "seats ann bob\nowner Safari ann\nbuilt Safari 1\nat ann 24 bob 5\nturn ann")
	play(t, g, "roll 3") // 27, Build, after crossing 26
	play(t, g, "ann pass")
	if g.phase != PhaseTownHall {
		t.Fatalf("after the space: %s, want the Town Hall", g.Due())
	}
	play(t, g, "ann pass")
	if g.turn != 1 {
		t.Errorf("after the Town Hall: %s, want bob's turn", g.Due())
	}
}

func TestT13_CarsSkipTakenSpaces(t *testing.T) {
	// The rule's examples: cars on 5 and 6, a car on 2 rolls 3: it stops
	// on 7. A car on 3 rolls 4 while 7 is taken: it stops on 8, crossing
	// the Bank line.
	g := position(t, "seats ann bob cat\nat ann 2 bob 5 cat 6\nturn ann")
	play(t, g, "roll 3")
	if g.at[0] != 7 {
		t.Errorf("ann stops on %d, want 7", g.at[0])
	}
	g = position(t, "seats ann bob cat\nat ann 3 bob 7 cat 20\nturn ann")
	play(t, g, "roll 4")
	if g.at[0] != 8 || g.cash[0] != StartCash34+BankIncome {
		t.Errorf("ann stops on %d with %d, want 8 and the Bank's $2,000", g.at[0], g.cash[0])
	}
	if !strings.Contains(logged(g), "ann rolls 4 and moves to 8") {
		t.Errorf("log %q", logged(g))
	}
}

func TestT14_BankIncome(t *testing.T) {
	// A game begun with 3: nothing once only 2 are left.
	g := position(t, "seats ann bob cat\nat ann 5 cat out\nturn ann")
	play(t, g, "roll 3")
	if g.cash[0] != StartCash34 {
		t.Errorf("3-seat game with 2 left: cash %d, want no income", g.cash[0])
	}
	// A game begun with 2: always.
	g = position(t, "seats ann bob\nat ann 5\nturn ann")
	play(t, g, "roll 3")
	if g.cash[0] != StartCash2+BankIncome {
		t.Errorf("2-seat game: cash %d, want the income", g.cash[0])
	}
}

func TestT15_BuyLand(t *testing.T) {
	// Space 11 borders the President (bob's, vacant) and the Royal (bank).
	g := position(t, "seats ann bob\nowner President bob\nat ann 9\nturn ann")
	play(t, g, "roll 2")
	if got, want := legal(g, 0), "buy President, buy Royal, pass"; got != want {
		t.Fatalf("legal %q, want %q", got, want)
	}
	play(t, g, "ann buy President")
	if g.cash[0] != StartCash2-3500 || g.cash[1] != StartCash2+3500 || g.owner[President] != 0 {
		t.Errorf("cash %v, owner %d: want $3,500 paid to bob", g.cash, g.owner[President])
	}
	// landbuy=half: half from another player, full from the bank.
	g = position(t, "seats ann bob\noption landbuy=half\nowner President bob\nat ann 9\nturn ann")
	play(t, g, "roll 2", "ann buy President")
	if g.cash[1] != StartCash2+1750 {
		t.Errorf("landbuy=half: bob got %d, want $1,750", g.cash[1]-StartCash2)
	}
	// Never a plot with buildings, never beyond the cash.
	g = position(t, "seats ann bob\nowner President bob\nbuilt President 1\ncash ann 3000\nat ann 9\nturn ann")
	play(t, g, "roll 2")
	refused(t, g, "ann buy President", "T15")
	g = position(t, "seats ann bob\ncash ann 1200\nat ann 7\nturn ann")
	play(t, g, "roll 2") // 9 with $3,200: the President ($3,500) and L'Etoile ($3,000)
	refused(t, g, "ann buy President", "T15")
	play(t, g, "ann buy Etoile")
}

func TestT16_ApplyForPermission(t *testing.T) {
	// The rule's example: Fujiyama main building + 1 extension.
	cases := []struct {
		option, face string
		paid         int32
		built        int8
	}{
		{"", "green", 3600, 2},
		{"", "h", 1800, 2},
		{"h=free", "h", 0, 2},
		{"", "red", 0, 0},
		{"", "double", 7200, 2},
	}
	for _, c := range cases {
		g := position(t, "seats ann bob\noption "+c.option+"\nowner Fujiyama ann\nat ann 4\nturn ann")
		play(t, g, "roll 1", "ann build Fujiyama 2", "permit "+c.face)
		if c.face == "double" {
			play(t, g, "ann pay")
		}
		if paid := StartCash2 - g.cash[0]; paid != c.paid || g.built[Fujiyama] != c.built {
			t.Errorf("%s %s: paid %d, built %d; want %d, %d", c.option, c.face, paid, g.built[Fujiyama], c.paid, c.built)
		}
	}
	// Double without the cash for it: nothing built, forced (D3).
	g := position(t, "seats ann bob\nowner Fujiyama ann\ncash ann 4000\nat ann 4\nturn ann")
	play(t, g, "roll 1", "ann build Fujiyama 2", "permit double")
	if g.built[Fujiyama] != 0 || g.turn != 1 {
		t.Errorf("double without the cash: built %d, %s", g.built[Fujiyama], g.Due())
	}
	// Beyond the cash, or the facilities with the buildings, is refused;
	// the facilities go in once every building is up (T16b).
	g = position(t, "seats ann bob\nowner Fujiyama ann\ncash ann 4000\nat ann 4\nturn ann")
	play(t, g, "roll 1")
	refused(t, g, "ann build Fujiyama 3", "T16")
	refused(t, g, "ann facilities Fujiyama", "T16")
	g = position(t, "seats ann bob\nowner Fujiyama ann\nbuilt Fujiyama 3\nat ann 4\nturn ann")
	play(t, g, "roll 1", "ann facilities Fujiyama")
	if g.built[Fujiyama] != 4 || g.cash[0] != StartCash2-500 {
		t.Errorf("facilities: built %d, cash %d", g.built[Fujiyama], g.cash[0])
	}
}

func TestT17_FreePhase(t *testing.T) {
	g := position(t, "seats ann bob\nowner Royal ann Safari ann\nbuilt Royal 5 Safari 3\nat ann 4\nturn ann")
	play(t, g, "roll 6") // 10: Free phase
	if got, want := legal(g, 0), "free Safari, pass"; got != want {
		t.Errorf("legal %q, want %q: the Royal is complete, the Safari's facilities are next", got, want)
	}
	refused(t, g, "ann entrance Safari 26", "T17")
	play(t, g, "ann free Safari")
	if g.built[Safari] != 4 || g.cash[0] != StartCash2+BankIncome {
		t.Errorf("built %d, cash %d: want the facilities free", g.built[Safari], g.cash[0])
	}
}

func TestT18_FirstEntranceOnTheReservedSlot(t *testing.T) {
	g := position(t, "seats ann bob\nowner Royal ann Safari ann\nbuilt Royal 1\nat ann 12\nturn ann")
	play(t, g, "roll 6") // 18: Free entrance; the Safari has no building
	if got, want := legal(g, 0), "entrance Royal 20, pass"; got != want {
		t.Errorf("legal %q, want %q", got, want)
	}
	refused(t, g, "ann entrance Royal 18", "T19")
	refused(t, g, "ann entrance Safari 26", "T19")
}

func TestT19_OneFreeEntrance(t *testing.T) {
	g := position(t, "seats ann bob\nowner Royal ann\nbuilt Royal 1\nat ann 12\nturn ann")
	play(t, g, "roll 6", "ann entrance Royal 20")
	if g.entrance[20] != Royal || g.cash[0] != StartCash2 {
		t.Errorf("entrance %v, cash %d: want the Royal's, free", g.entrance[20], g.cash[0])
	}
}

func TestT20_TownHallEntrances(t *testing.T) {
	// ann crosses 26 and stops on 27 (Build): she puts up the Safari's
	// main building; it qualifies at the Town Hall in the same turn.
	g := position(t, "seats ann bob\nowner Safari ann Royal ann\nbuilt Royal 2\nentrances Royal 20\nat ann 24\nturn ann")
	play(t, g, "roll 3", "ann build Safari 1", "permit green")
	if g.phase != PhaseTownHall {
		t.Fatalf("%s, want the Town Hall", g.Due())
	}
	cash := g.cash[0]
	play(t, g, "ann entrance Safari 26 Royal 11")
	if g.cash[0] != cash-150-250 || g.entrance[26] != Safari || g.entrance[11] != Royal {
		t.Errorf("cash %d, entrances %v %v", cash-g.cash[0], g.entrance[26], g.entrance[11])
	}
}

func TestT21_StaysOnlyWhenStopping(t *testing.T) {
	// An entrance passed on the way costs nothing; one's own neither.
	g := position(t, "seats ann bob\nowner Royal bob Waikiki ann\nbuilt Royal 1 Waikiki 1\nentrances Royal 20\nentrances Waikiki 16\nat ann 13\nturn ann")
	play(t, g, "roll 3") // 16, her own
	if g.phase == PhaseNights {
		t.Errorf("own entrance: %s", g.Due())
	}
	g = position(t, "seats ann bob\nowner Royal bob\nbuilt Royal 1\nentrances Royal 20\nat ann 18\nturn ann")
	play(t, g, "roll 3") // 21, past 20
	if g.phase == PhaseNights {
		t.Errorf("passed entrance: %s", g.Due())
	}
}

func TestT22_TheRulebooksStays(t *testing.T) {
	for _, c := range []struct {
		option string
		want   int32
	}{{"deeds=rulebook", 1400}, {"deeds=european", 1200}} {
		g := position(t, "seats ann bob\noption "+c.option+"\nowner Royal bob\nbuilt Royal 3\nentrances Royal 20\nat ann 17\nturn ann")
		play(t, g, "roll 3", "roll 4")
		if got := g.cash[1] - StartCash2; got != c.want {
			t.Errorf("%s: Royal, 2 extensions, 4 nights: %d, want %d", c.option, got, c.want)
		}
		if !strings.Contains(logged(g), "ann pays bob "+money(c.want)+" for 4 nights at the Royal") {
			t.Errorf("log %q", logged(g))
		}
	}
	g := position(t, "seats ann bob\nowner Boomerang bob\nbuilt Boomerang 1\nentrances Boomerang 2\nat ann 0\nturn ann")
	play(t, g, "roll 2", "roll 6")
	if got := g.cash[1] - StartCash2; got != 2400 {
		t.Errorf("Boomerang, 6 nights: %d, want 2400", got)
	}
}

func TestT23_DebtorAuctionsItsComplexes(t *testing.T) {
	// ann owes 6 × $650 = $3,900 with $1,000: she picks which complex.
	g := position(t, "seats ann bob cat\nowner Royal bob Safari ann Boomerang ann\nbuilt Royal 5\nentrances Royal 20\ncash ann 1000\nat ann 17\nturn ann")
	play(t, g, "roll 3", "roll 6")
	if g.phase != PhasePick {
		t.Fatalf("%s, want ann to pick a complex", g.Due())
	}
	if got, want := legal(g, 0), "auction Boomerang, auction Safari"; got != want {
		t.Errorf("legal %q, want %q", got, want)
	}
	refused(t, g, "ann pass", "T23")
	play(t, g, "ann auction Safari", "bob pass", "cat bid 3000")
	if g.cash[0] != 1000+3000-3900 || g.owner[Safari] != 2 || g.cash[1] != StartCash34+3900 {
		t.Errorf("cash %v, Safari's owner %d", g.cash, g.owner[Safari])
	}
}

func TestT24_Auction(t *testing.T) {
	// bob must auction; cat (after bob) bids first, then dan, then ann
	// (the creditor); a pass is final.
	g := position(t, "seats ann bob cat dan\nowner Royal ann President bob Safari bob\nbuilt Royal 5 President 2\nentrances Royal 20\ncash bob 100\nat bob 17\nturn bob")
	play(t, g, "roll 3", "roll 6", "bob auction President")
	if seat, _ := g.ToMove(); seat != 2 {
		t.Fatalf("%s, want cat to bid first", g.Due())
	}
	refused(t, g, "cat bid 3000", "D4") // below the land price, $3,500
	refused(t, g, "cat bid 3520", "T24")
	play(t, g, "cat bid 3500", "dan pass", "ann bid 4000")
	refused(t, g, "cat bid 4000", "T24")
	// A bid typed short ("40" for $4,000) is told the lowest bid and the
	// step, in dollars.
	for _, line := range []string{"cat bid 40", "cat bid 4020"} {
		err := apply(g, line)
		if want := "bid at least $4,050, in steps of $50"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want it to say %q", line, err, want)
		}
	}
	play(t, g, "cat pass")
	// ann takes the complex with its buildings.
	if g.owner[President] != 0 || g.built[President] != 2 || g.cash[1] != 100+4000-3900 {
		t.Errorf("President: owner %d, built %d; bob's cash %d", g.owner[President], g.built[President], g.cash[1])
	}
	// No bid: the bank pays the land price and the plot is cleared.
	g = position(t, "seats ann bob\nowner Royal ann Waikiki bob\nbuilt Royal 5 Waikiki 2\nentrances Royal 20\nentrances Waikiki 16 15\ncash bob 100 ann 5000\nat bob 17\nturn bob")
	play(t, g, "roll 3", "roll 6", "ann pass")
	if g.owner[Waikiki] != -1 || g.built[Waikiki] != 0 || g.entrance[16] != NoHotel || g.entrance[15] != NoHotel {
		t.Errorf("Waikiki after no bid: owner %d, built %d", g.owner[Waikiki], g.built[Waikiki])
	}
	if !strings.Contains(logged(g), "no one bids: the bank pays bob $2,500") {
		t.Errorf("log %q", logged(g))
	}
}

func TestT25_OutAfterTheLastProperty(t *testing.T) {
	g := position(t, "seats ann bob cat\nowner Royal ann Boomerang bob\nbuilt Royal 5\nentrances Royal 20\ncash bob 100 ann 0 cat 0\nat bob 17\nturn bob")
	// One property: the auction is forced; ann and cat cannot bid $500.
	play(t, g, "roll 3", "roll 6")
	if g.in(1) || g.cash[0] != 100+500 || g.turn != 2 {
		t.Errorf("bob in %v, ann's cash %d, %s: want bob out, ann paid everything", g.in(1), g.cash[0], g.Due())
	}
}

func TestT26_PlacesAndWorth(t *testing.T) {
	g := position(t, "seats ann bob cat\nat cat out\nowner Royal ann Waikiki bob\nbuilt Royal 5\nentrances Royal 20\ncash bob 100\nat bob 17\nturn bob")
	want := int32(100 + 2500) // cash and the Waikiki's land
	if w := g.worth(1); w != want {
		t.Errorf("bob's worth %d, want %d", w, want)
	}
	// Royal complete with one entrance: 2500 + 3600+2000+2000+2000+3000 + 250.
	if w := g.worth(0); w != StartCash34+15350 {
		t.Errorf("ann's worth %d, want %d", w, StartCash34+15350)
	}
	play(t, g, "roll 3", "roll 6", "ann pass")
	st := g.Standings()
	if len(st) != 3 || st[0].Name != "ann" || st[1].Name != "bob" || st[2].Name != "cat" || st[1].Score != 0 {
		t.Errorf("standings %v: want ann, then bob (out last), then cat", st)
	}
}

func TestT27_EveryoneSeesTheSame(t *testing.T) {
	g := position(t, "seats ann bob\nowner Royal ann\ncash ann 7000\nturn bob")
	v := g.ViewFor(engine.Watcher)
	for s := range engine.Seat(2) {
		if got := g.ViewFor(s); got.Seats[0].Cash != 7000 || got.Hotels[Royal].Owner != 0 || got.Due != v.Due {
			t.Errorf("seat %d sees %+v", s, got.Seats)
		}
	}
}
