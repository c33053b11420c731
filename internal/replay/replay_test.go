package replay_test

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"hotels/internal/replay"
)

func TestFile(t *testing.T) {
	tests := []struct {
		file  string
		print string         // what Print writes
		json  map[string]any // what PrintJSON writes, decoded
	}{
		{
			file:  "testdata/complete.txt",
			print: "testdata/complete.txt: ok, over: ann $14,100, bob $7,500; winner: ann\n",
			json: map[string]any{
				"file": "testdata/complete.txt", "ok": true, "over": true,
				"final":   map[string]any{"ann": 14100.0, "bob": 7500.0},
				"winners": []any{"ann"},
			},
		},
		{
			file:  "testdata/tie.txt",
			print: "testdata/tie.txt: ok, over: ann $6,000, bob $6,000; winner: ann, bob\n",
			json: map[string]any{
				"file": "testdata/tie.txt", "ok": true, "over": true,
				"final":   map[string]any{"ann": 6000.0, "bob": 6000.0},
				"winners": []any{"ann", "bob"},
			},
		},
		{
			file:  "testdata/unfinished.txt",
			print: "testdata/unfinished.txt: ok, not over: bob is to buy shares\n",
			json:  map[string]any{"file": "testdata/unfinished.txt", "ok": true, "over": false},
		},
		{
			file: "testdata/illegal.txt",
			print: "testdata/illegal.txt:10: bob play 11I: bob is to buy shares; " +
				"legal: buy up to 3 with $6000 of Sackson $200 (23 left)\n",
			json: map[string]any{
				"file": "testdata/illegal.txt", "ok": false, "line": 10.0,
				"error": "bob play 11I: bob is to buy shares; legal: buy up to 3 with $6000 of Sackson $200 (23 left)",
			},
		},
		{
			file:  "testdata/magic.txt",
			print: "testdata/magic.txt:1: not a game record: the first line must be \"hotels-record 1\"\n",
			json: map[string]any{
				"file": "testdata/magic.txt", "ok": false, "line": 1.0,
				"error": "not a game record: the first line must be \"hotels-record 1\"",
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			res := replay.File(tc.file)
			var out bytes.Buffer
			res.Print(&out)
			if out.String() != tc.print {
				t.Errorf("Print:\n%q\nwant:\n%q", out.String(), tc.print)
			}
			out.Reset()
			res.PrintJSON(&out)
			if !strings.HasSuffix(out.String(), "}\n") || strings.Count(out.String(), "\n") != 1 {
				t.Errorf("PrintJSON wrote %q, want one line", out.String())
			}
			var got map[string]any
			if err := json.Unmarshal(out.Bytes(), &got); err != nil {
				t.Fatalf("PrintJSON wrote %q: %v", out.String(), err)
			}
			if !equalJSON(got, tc.json) {
				t.Errorf("PrintJSON:\n%v\nwant:\n%v", got, tc.json)
			}
			if ok, _ := tc.json["ok"].(bool); res.OK != ok {
				t.Errorf("OK = %v, want %v", res.OK, ok)
			}
		})
	}
}

func equalJSON(a, b map[string]any) bool {
	keys := slices.Sorted(maps.Keys(a))
	if !slices.Equal(keys, slices.Sorted(maps.Keys(b))) {
		return false
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

func TestFileMissing(t *testing.T) {
	res := replay.File("testdata/no-such-file.txt")
	if res.OK || res.Line != 0 || !strings.Contains(res.Error, "no-such-file.txt") {
		t.Errorf("File(missing) = %+v", res)
	}
	var out bytes.Buffer
	res.Print(&out)
	if !strings.HasPrefix(out.String(), "testdata/no-such-file.txt: ") {
		t.Errorf("Print: %q", out.String())
	}
}

func TestRead(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		want       string
	}{
		{"empty", "", 1, "empty"},
		{"another game", "hotels-record 1\ngame chess\n", 2, `"chess"`},
		{"A9: a tile not in the rack, and what was legal", "hotels-record 1\ngame acquire\nseat ann\nseat bob\nbag 1A 12I 2A 11I\nann play 7E\n",
			6, "ann play 7E: 7E is not in your rack (A9); ann is to play a tile; legal: `play 2A` `play 11I`"},
		{"A12: a chain on the board", "hotels-record 1\ngame acquire\nseat ann\nbag 1A 2A 5A 6A\nann play 2A\nann found Tower\nann buy\nann play 5A\nann buy\nann play 6A\nann found Tower\n",
			11, "ann found Tower: Tower is already on the board (A12)"},
		{"a check that fails", "hotels-record 1\ngame acquire\nseat ann\nbag 1A 2A\ncheck cash ann 5000\n",
			5, "check cash failed: ann is 6000, not 5000"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := replay.Read("x.txt", strings.NewReader(tc.text))
			if res.OK || res.Line != tc.line || !strings.Contains(res.Error, tc.want) {
				t.Errorf("Read = line %d %q, want line %d …%s…", res.Line, res.Error, tc.line, tc.want)
			}
		})
	}
}
