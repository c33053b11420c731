package tycoon

import (
	"fmt"
	"strings"
)

// Hotel is one of the eight hotels, in the order of T2; NoHotel is none
// (the Bank's and the Town Hall's plots, an empty slot).
type Hotel int8

const (
	Boomerang Hotel = iota
	Fujiyama
	Etoile
	President
	Royal
	Waikiki
	TajMahal
	Safari
	Hotels = 8

	NoHotel Hotel = -1
)

// hotelNames are the record names (hotel-tycoon.md, record format);
// hotelTitles are how players read them.
var (
	hotelNames  = [Hotels]string{"Boomerang", "Fujiyama", "Etoile", "President", "Royal", "Waikiki", "TajMahal", "Safari"}
	hotelTitles = [Hotels]string{"Boomerang", "Fujiyama", "L'Etoile", "President", "Royal", "Waikiki", "Taj Mahal", "Safari"}
)

// String returns the hotel's record name.
func (h Hotel) String() string {
	if h < 0 || h >= Hotels {
		return "?"
	}
	return hotelNames[h]
}

// Title returns the hotel's name as players read it ("L'Etoile").
func (h Hotel) Title() string {
	if h < 0 || h >= Hotels {
		return "?"
	}
	return hotelTitles[h]
}

// ParseHotel reads a hotel's record name in any case.
func ParseHotel(s string) (Hotel, error) {
	for h, name := range hotelNames {
		if strings.EqualFold(s, name) {
			return Hotel(h), nil
		}
	}
	return NoHotel, fmt.Errorf("%q is no hotel: want one of %s", s, strings.Join(hotelNames[:], ", "))
}

// Spaces is the number of road spaces, 0–30 (T4).
const Spaces = 31

// Special spaces: the Bank line is crossed on entering BankLine, the Town
// Hall line on entering TownHallLine (T5).
const (
	BankLine     = 8
	TownHallLine = 26
)

// SpaceKind is what a road space lets the player who stops on it do (T5).
type SpaceKind uint8

const (
	Start        SpaceKind = iota // nothing
	Build                         // apply for permission or install facilities (T16)
	Buy                           // buy a vacant plot beside the space (T15)
	FreeEntrance                  // one entrance free (T19)
	FreePhase                     // one phase free (T17)
)

var spaceKindNames = [...]string{"Start", "Build", "Buy", "Free entrance", "Free phase"}

func (k SpaceKind) String() string { return spaceKindNames[k] }

// Space is one road space: its kind and the plots on its two sides.
type Space struct {
	Kind         SpaceKind
	Outer, Inner Hotel // NoHotel: the Bank or the Town Hall
}

// Road is the road of T4, space by space.
var Road = [Spaces]Space{
	{Start, Boomerang, Fujiyama}, {Build, Boomerang, Fujiyama}, {Buy, Boomerang, Fujiyama},
	{Build, Boomerang, Fujiyama}, {Buy, Boomerang, Fujiyama}, {Build, Boomerang, Fujiyama},
	{FreeEntrance, Boomerang, Fujiyama}, {Build, NoHotel, Fujiyama}, {Buy, NoHotel, Etoile},
	{Buy, President, Etoile}, {FreePhase, President, Etoile}, {Buy, President, Royal},
	{Build, President, Royal}, {Buy, President, Royal}, {Build, President, Royal},
	{Buy, Waikiki, Royal}, {Build, Waikiki, Royal}, {Buy, Waikiki, Royal},
	{FreeEntrance, Waikiki, Royal}, {Build, Waikiki, Royal}, {Buy, TajMahal, Royal},
	{Buy, TajMahal, Royal}, {Build, TajMahal, Etoile}, {Buy, TajMahal, Etoile},
	{FreePhase, TajMahal, Etoile}, {Build, TajMahal, NoHotel}, {Build, Safari, NoHotel},
	{Build, Safari, Etoile}, {Buy, Safari, Etoile}, {FreeEntrance, Safari, Etoile},
	{Build, Safari, Fujiyama},
}

// Slots lists each hotel's entrance slots (road spaces), its reserved slot
// first (T6).
var Slots = [Hotels][]int8{
	{2, 1, 3, 4, 5, 6},
	{7, 1, 3, 4, 5, 6, 30},
	{8, 9, 10, 22, 23, 24, 27, 28, 29},
	{13, 9, 10, 11, 12, 14},
	{20, 11, 12, 14, 15, 17, 18, 19, 21},
	{16, 15, 17, 18, 19},
	{25, 21, 22, 23, 24},
	{26, 27, 28, 29, 30},
}

// slotOf[h][s] reports whether space s is a slot of hotel h.
var slotOf = func() (t [Hotels][Spaces]bool) {
	for h, slots := range Slots {
		for _, s := range slots {
			t[h][s] = true
		}
	}
	return t
}()

// maxPhases is the most phases a deed has: L'Etoile and Waikiki, 5
// buildings and the facilities.
const maxPhases = 6

// Deed is a hotel's title deed (T7): prices in dollars.
type Deed struct {
	Land     int32
	Entrance int32
	// Buildings is the number of buildings (main building and extensions);
	// the facilities are phase Buildings+1.
	Buildings int8
	// Price and Rent are per phase in deed order, the facilities last.
	Price [maxPhases]int32
	Rent  [maxPhases]int32
}

// Phases returns the number of phases, the facilities included.
func (d *Deed) Phases() int8 { return d.Buildings + 1 }

// Deeds is a set of the eight title deeds (option deeds, T28).
type Deeds [Hotels]Deed

// RulebookDeeds are T7's deeds; EuropeanDeeds differ in the Royal's
// (option deeds=european, T28).
var (
	RulebookDeeds = Deeds{
		{Land: 500, Entrance: 100, Buildings: 1, Price: [maxPhases]int32{1800, 250}, Rent: [maxPhases]int32{400, 600}},
		{Land: 1000, Entrance: 100, Buildings: 3, Price: [maxPhases]int32{2200, 1400, 1400, 500}, Rent: [maxPhases]int32{100, 100, 200, 400}},
		{Land: 3000, Entrance: 250, Buildings: 5, Price: [maxPhases]int32{3300, 2200, 1800, 1800, 1800, 4000}, Rent: [maxPhases]int32{150, 300, 300, 300, 450, 750}},
		{Land: 3500, Entrance: 250, Buildings: 4, Price: [maxPhases]int32{5000, 3000, 2250, 1750, 5000}, Rent: [maxPhases]int32{200, 400, 600, 800, 1100}},
		{Land: 2500, Entrance: 250, Buildings: 4, Price: [maxPhases]int32{3600, 2000, 2000, 2000, 3000}, Rent: [maxPhases]int32{150, 250, 350, 450, 650}},
		{Land: 2500, Entrance: 200, Buildings: 5, Price: [maxPhases]int32{3500, 2500, 2500, 1750, 1750, 2500}, Rent: [maxPhases]int32{200, 350, 500, 500, 650, 1000}},
		{Land: 1500, Entrance: 100, Buildings: 3, Price: [maxPhases]int32{2400, 1000, 500, 1000}, Rent: [maxPhases]int32{100, 100, 200, 300}},
		{Land: 2000, Entrance: 150, Buildings: 3, Price: [maxPhases]int32{2600, 1200, 1200, 2000}, Rent: [maxPhases]int32{100, 100, 250, 500}},
	}
	EuropeanDeeds = func() Deeds {
		d := RulebookDeeds
		d[Royal].Entrance = 200
		d[Royal].Price = [maxPhases]int32{3600, 2600, 1800, 1800, 3000}
		d[Royal].Rent = [maxPhases]int32{150, 300, 300, 450, 600}
		return d
	}()
)

// Face is a face of the permission die (T10).
type Face uint8

const (
	Green  Face = iota // build, paying the deed prices
	Red                // nothing is built
	H                  // build for half (h=half) or free (h=free)
	Double             // pay double and build, or build nothing ("2")
	faces
)

var (
	faceNames   = [faces]string{"green", "red", "h", "double"}
	faceLetters = [faces]byte{'G', 'R', 'H', 'D'}
)

// Word is the face as players read it, on the screen and in the log:
// green, red, H, double. String is its record name.
func (f Face) Word() string {
	if f == H {
		return "H"
	}
	return f.String()
}

func (f Face) String() string {
	if f >= faces {
		return "?"
	}
	return faceNames[f]
}

// ParseFace reads a face as a `permit` line writes it, in any case.
func ParseFace(s string) (Face, error) {
	for f, name := range faceNames {
		if strings.EqualFold(s, name) {
			return Face(f), nil
		}
	}
	return 0, fmt.Errorf("%q is no face of the permission die: want green, red, h or double", s)
}

// Money (T1, T14).
const (
	StartCash2  = 25000
	StartCash34 = 12000
	BankIncome  = 2000
	MinSeats    = 2
	MaxSeats    = 4
	BidStep     = 50 // bids are multiples of $50 (T24)
)
