package holiday

import (
	"slices"

	"hotels/internal/engine/holiday"
)

// This file works out from a view alone what the viewer may do now, so that
// the screen offers nothing else: everything the legal actions depend on is
// in the viewer's view (H25). A test holds it to the engine's own list.

// legal returns the action texts the viewer may send now, sorted; none when
// no decision of theirs is due.
func legal(v *holiday.View) []string {
	you := int(v.Viewer)
	if v.Viewer < 0 || v.ToMove != v.Viewer || v.Phase == holiday.PhaseOver {
		return nil
	}
	var out []string
	option := v.Options[you] > 0 && v.Phase <= holiday.PhaseSpecial
	if option {
		for _, t := range takes(v) {
			out = append(out, "option"+t)
		}
	}
	switch v.Phase {
	case holiday.PhaseTake, holiday.PhaseSpecial:
		for _, t := range takes(v) {
			out = append(out, "take"+t)
		}
	case holiday.PhasePlay, holiday.PhaseFinal:
		for _, k := range v.Hand {
			switch {
			case k.IsDestination():
				out = append(out, "card "+k.String())
			case k == holiday.Raise:
				for c := range holiday.Company(holiday.Companies) {
					out = append(out, "raise "+c.String())
				}
			case k == holiday.Exchange && v.Phase == holiday.PhasePlay:
				out = append(out, exchanges(v)...)
			}
		}
		if v.Phase == holiday.PhaseFinal {
			out = append(out, "pass")
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// takes lists the shares a take may name, each with its leading space:
// two when the bank holds two, else what it holds (H10, D3).
func takes(v *holiday.View) []string {
	total := 0
	for _, n := range v.Bank {
		total += n
	}
	var out []string
	for a := range holiday.Company(holiday.Companies) {
		if v.Bank[a] == 0 {
			continue
		}
		if total == 1 {
			return []string{" " + a.String()}
		}
		for b := a; b < holiday.Companies; b++ {
			if v.Bank[b] > 0 && (a != b || v.Bank[a] >= 2) {
				out = append(out, " "+a.String()+" "+b.String())
			}
		}
	}
	if total == 0 {
		return []string{""}
	}
	return out
}

// exchanges lists the Exchange card's plays: a held share given for one of
// another company the bank holds, or nothing swapped (H12b, D5).
func exchanges(v *holiday.View) []string {
	out := []string{"exchange"}
	for give := range holiday.Company(holiday.Companies) {
		if v.Shares[v.Viewer][give] == 0 {
			continue
		}
		for take := range holiday.Company(holiday.Companies) {
			if take != give && v.Bank[take] > 0 {
				out = append(out, "exchange "+give.String()+" "+take.String())
			}
		}
	}
	return out
}
