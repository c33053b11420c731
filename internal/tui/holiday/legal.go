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
	var out []string
	eachLegal(v, func(text string) bool {
		out = append(out, text)
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// allowed reports whether the viewer may send text now: legal, without
// listing every action, as the key that sends a decision asks (send).
func allowed(v *holiday.View, text string) bool {
	found := false
	eachLegal(v, func(t string) bool {
		found = t == text
		return !found
	})
	return found
}

// eachLegal calls yield with each action text the viewer may send now,
// some more than once, until yield returns false. The texts are made once
// (actionTexts): the screen asks at every decision sent.
func eachLegal(v *holiday.View, yield func(string) bool) {
	you := int(v.Viewer)
	if v.Viewer < 0 || v.ToMove != v.Viewer || v.Phase == holiday.PhaseOver {
		return
	}
	if v.Options[you] > 0 && v.Phase <= holiday.PhaseSpecial && !takes(v, &texts.option, yield) {
		return
	}
	switch v.Phase {
	case holiday.PhaseTake, holiday.PhaseSpecial:
		takes(v, &texts.take, yield)
	case holiday.PhasePlay, holiday.PhaseFinal:
		for _, k := range v.Hand {
			switch {
			case k.IsDestination():
				if !yield(texts.card[k]) {
					return
				}
			case k == holiday.Raise:
				for _, t := range texts.raise {
					if !yield(t) {
						return
					}
				}
			case k == holiday.Exchange && v.Phase == holiday.PhasePlay:
				if !exchanges(v, yield) {
					return
				}
			}
		}
		if v.Phase == holiday.PhaseFinal {
			yield("pass")
		}
	}
}

// takes yields the takes (or option takes, by verb's texts) of the shares
// a take may name: two when the bank holds two, else what it holds (H10,
// D3). It reports whether yield wants more.
func takes(v *holiday.View, verb *shareTexts, yield func(string) bool) bool {
	total := 0
	for _, n := range v.Bank {
		total += n
	}
	if total == 0 {
		return yield(verb.none)
	}
	for a := range holiday.Company(holiday.Companies) {
		if v.Bank[a] == 0 {
			continue
		}
		if total == 1 {
			return yield(verb.one[a])
		}
		for b := a; b < holiday.Companies; b++ {
			if v.Bank[b] > 0 && (a != b || v.Bank[a] >= 2) && !yield(verb.two[a][b]) {
				return false
			}
		}
	}
	return true
}

// exchanges yields the Exchange card's plays: a held share given for one
// of another company the bank holds, or nothing swapped (H12b, D5). It
// reports whether yield wants more.
func exchanges(v *holiday.View, yield func(string) bool) bool {
	if !yield("exchange") {
		return false
	}
	for give := range holiday.Company(holiday.Companies) {
		if v.Shares[v.Viewer][give] == 0 {
			continue
		}
		for take := range holiday.Company(holiday.Companies) {
			if take != give && v.Bank[take] > 0 && !yield(texts.exchange[give][take]) {
				return false
			}
		}
	}
	return true
}

// shareTexts are a take's action texts, or an option card's: of no share,
// of one, and of two (the first company not after the second).
type shareTexts struct {
	none string
	one  [holiday.Companies]string
	two  [holiday.Companies][holiday.Companies]string
}

// texts are the action texts eachLegal yields, made once.
var texts = func() (t struct {
	take, option shareTexts
	card         [holiday.Exchange]string
	raise        [holiday.Companies]string
	exchange     [holiday.Companies][holiday.Companies]string
}) {
	for _, s := range []struct {
		verb  string
		texts *shareTexts
	}{{"take", &t.take}, {"option", &t.option}} {
		s.texts.none = s.verb
		for a := range holiday.Company(holiday.Companies) {
			s.texts.one[a] = s.verb + " " + a.String()
			for b := range holiday.Company(holiday.Companies) {
				s.texts.two[a][b] = s.verb + " " + a.String() + " " + b.String()
			}
		}
	}
	for k := range holiday.Exchange {
		t.card[k] = "card " + k.String()
	}
	for c := range holiday.Company(holiday.Companies) {
		t.raise[c] = "raise " + c.String()
		for d := range holiday.Company(holiday.Companies) {
			t.exchange[c][d] = "exchange " + c.String() + " " + d.String()
		}
	}
	return t
}()
