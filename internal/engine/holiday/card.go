package holiday

import (
	"fmt"
	"strconv"
	"strings"

	"hotels/internal/engine"
)

// Company is one of the five holiday companies (H1), from 0 in the rules'
// order; NoCompany is none.
type Company int8

// The companies, in the rules' order (H1).
const (
	Alps Company = iota
	Mediterranean
	Tropics
	Cities
	USA

	Companies            = 5
	NoCompany    Company = -1
	Destinations         = 20 // destinations on each track (H1)
)

var companyNames = [Companies]string{"Alps", "Mediterranean", "Tropics", "Cities", "USA"}

func (c Company) String() string {
	if c < 0 || c >= Companies {
		return "?"
	}
	return companyNames[c]
}

// Possessive is the company's name as an owner: "USA's", "Alps'".
func (c Company) Possessive() string {
	if name := c.String(); strings.HasSuffix(name, "s") {
		return name + "'"
	}
	return c.String() + "'s"
}

// ParseCompany reads a company's name in any case.
func ParseCompany(s string) (Company, error) {
	for c, name := range companyNames {
		if strings.EqualFold(s, name) {
			return Company(c), nil
		}
	}
	return NoCompany, fmt.Errorf("%q is no company: want Alps, Mediterranean, Tropics, Cities or USA", s)
}

// Card is one of the 104 holiday cards (H2): a destination card
// Company×20 + number−1, then the two special kinds. NoCard is none.
type Card uint8

const (
	// Exchange is a share exchange card (H12b).
	Exchange Card = Companies * Destinations
	// Raise is a value increase card (H12c, H16).
	Raise Card = Exchange + 1

	NoCard Card = 255
	// Cards is the number of holiday cards: 100 destinations, 2 Exchange
	// and 2 Raise (H2).
	Cards = Companies*Destinations + 4
)

// Destination returns the card of company c's destination n (1–20).
func Destination(c Company, n int) Card { return Card(int(c)*Destinations + n - 1) }

// IsDestination reports whether k is a destination card.
func (k Card) IsDestination() bool { return k < Exchange }

// Company returns a destination card's company.
func (k Card) Company() Company { return Company(k / Destinations) }

// Number returns a destination card's number, 1–20.
func (k Card) Number() int { return int(k%Destinations) + 1 }

func (k Card) String() string {
	switch {
	case k.IsDestination():
		return companyNames[k.Company()] + "-" + strconv.Itoa(k.Number())
	case k == Exchange:
		return "Exchange"
	case k == Raise:
		return "Raise"
	}
	return "?"
}

// ParseCard reads a card as a record writes it, in any case: `Alps-7`,
// `Exchange`, `Raise`.
func ParseCard(s string) (Card, error) {
	switch strings.ToLower(s) {
	case "exchange":
		return Exchange, nil
	case "raise":
		return Raise, nil
	}
	name, num, ok := strings.Cut(s, "-")
	if !ok {
		return NoCard, fmt.Errorf("%q is no card: want Alps-7, Exchange or Raise", s)
	}
	c, err := ParseCompany(name)
	if err != nil {
		return NoCard, fmt.Errorf("%q is no card: %w", s, err)
	}
	n, err := strconv.Atoi(num)
	if err != nil || n < 1 || n > Destinations {
		return NoCard, engine.Cite("H1", fmt.Errorf("%q is no card: destinations are numbered 1 to %d", s, Destinations))
	}
	return Destination(c, n), nil
}

// FullDeck returns the 104 holiday cards in order (H2).
func FullDeck() []Card {
	deck := make([]Card, 0, Cards)
	for k := range Exchange {
		deck = append(deck, k)
	}
	return append(deck, Exchange, Exchange, Raise, Raise)
}

// MarshalText writes k as a record does, so that views marshal cards by
// name.
func (k Card) MarshalText() ([]byte, error) { return []byte(k.String()), nil }
