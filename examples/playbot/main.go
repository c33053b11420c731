// Command playbot is an example bot for Hotels: it runs `bot wait` over
// ssh as a bot account, and in every room it is invited to plays the first
// legal action of each turn (the least bid of a range; at Hotel Tycoon's
// Town Hall, an entrance for each hotel it can pay for) until the game is
// over. It needs nothing but the standard library and an ssh client; the
// protocol is docs/protocol.md.
//
//	ssh -p 2222 HOST account bot --yes      # once: make the key's account a bot
//	go run ./examples/playbot -game acquire -- ssh -p 2222 HOST
//
// Everything after -- is the ssh command that reaches the server; playbot
// adds `bot wait` and the -game flags to it. A host then seats it with
// `ssh HOST invite ROOM NAME`.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() {
	var games multi
	flag.Var(&games, "game", "wait for this game only (acquire, holiday, tycoon); repeat for several")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: playbot [-game G]... -- ssh [ssh options] HOST")
		flag.PrintDefaults()
	}
	flag.Parse()
	args := flag.Args()
	if len(args) == 0 {
		flag.Usage()
		os.Exit(2)
	}
	args = append(args, "bot", "wait")
	for _, g := range games {
		args = append(args, "--game", g)
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		log.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		log.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		log.Fatal(err)
	}
	b := &bot{out: in, logf: log.Printf}
	if err := b.play(out); err != nil {
		log.Print(err)
	}
	if err := cmd.Wait(); err != nil {
		log.Fatal(err)
	}
}

// message is every field of the server's lines that playbot reads.
type message struct {
	Type  string   `json:"type"`
	Room  string   `json:"room"`
	Legal []string `json:"legal"`
	Range *struct {
		Verb string `json:"verb"`
		Min  int    `json:"min"`
	} `json:"range"`
	Entrances *struct {
		Cash   int `json:"cash"`
		Hotels []struct {
			Hotel  string `json:"hotel"`
			Price  int    `json:"price"`
			Spaces []int  `json:"spaces"`
		} `json:"hotels"`
	} `json:"entrances"`
	Error     string `json:"error"`
	Code      string `json:"code"`
	Sent      string `json:"sent"`
	GameID    int64  `json:"game_id"`
	Standings []struct {
		Name  string `json:"name"`
		Score int    `json:"score"`
		Place int    `json:"place"`
	} `json:"standings"`
}

// bot answers the turns read from the server.
type bot struct {
	out  io.Writer
	logf func(format string, args ...any)
	// over, if set, is told of each game that ends.
	over func(room string, gameID int64)
}

// play reads the server's lines until they end, and answers each turn.
func (b *bot) play(in io.Reader) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64<<10), 4<<20) // a state line can be long
	for sc.Scan() {
		var m message
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return fmt.Errorf("the server sent a line that is not JSON: %v", err)
		}
		switch m.Type {
		case "invitation":
			b.logf("invited to room %s", m.Room)
		case "turn":
			if err := b.answer(m); err != nil {
				return err
			}
		case "error":
			b.logf("room %s refused %q: %s", m.Room, m.Sent, m.Error)
			if m.Code == "too_fast" && m.Room != "" {
				time.Sleep(100 * time.Millisecond)
				if err := b.send(m.Room, m.Sent); err != nil {
					return err
				}
			}
		case "over":
			var places []string
			for _, s := range m.Standings {
				places = append(places, fmt.Sprintf("%d. %s %d", s.Place, s.Name, s.Score))
			}
			b.logf("room %s: game %d is over: %s", m.Room, m.GameID, strings.Join(places, ", "))
			if b.over != nil {
				b.over(m.Room, m.GameID)
			}
		}
	}
	return sc.Err()
}

// answer sends the first legal action of a turn, or the least of a range;
// at the Town Hall, entrances for as many hotels as the cash allows.
func (b *bot) answer(m message) error {
	var action string
	switch {
	case m.Entrances != nil:
		action = entrances(m)
	case len(m.Legal) > 0:
		action = m.Legal[0]
	case m.Range != nil:
		action = fmt.Sprintf("%s %d", m.Range.Verb, m.Range.Min)
	default:
		return nil
	}
	return b.send(m.Room, action)
}

// entrances is one set of the Town Hall's entrances: hotel by hotel, the
// first space no other entrance of the set has taken, while the cash
// lasts (docs/protocol.md: one entrance per hotel, no space twice, the
// prices together at most the cash).
func entrances(m message) string {
	action, cash, taken := "entrance", m.Entrances.Cash, map[int]bool{}
	for _, h := range m.Entrances.Hotels {
		for _, sp := range h.Spaces {
			if !taken[sp] && h.Price <= cash {
				action += fmt.Sprintf(" %s %d", h.Hotel, sp)
				cash -= h.Price
				taken[sp] = true
				break
			}
		}
	}
	if action == "entrance" {
		return m.Legal[0] // none affordable: pass
	}
	return action
}

// send sends one action for room.
func (b *bot) send(room, action string) error {
	line, err := json.Marshal(map[string]string{"room": room, "action": action})
	if err != nil {
		return err
	}
	_, err = b.out.Write(append(line, '\n'))
	return err
}

// multi is a flag that may be given several times.
type multi []string

func (m *multi) String() string     { return strings.Join(*m, ",") }
func (m *multi) Set(v string) error { *m = append(*m, v); return nil }
