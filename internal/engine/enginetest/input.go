package enginetest

import "encoding/binary"

// Input hands out a fuzzer's bytes to a game's fuzz test, which builds a
// setup and actions from them. Once they are used up it returns zeros,
// which the tests take to choose random legal actions until the game ends.
type Input struct{ data []byte }

// NewInput hands out data.
func NewInput(data []byte) *Input { return &Input{data: data} }

// Len is how many bytes are left.
func (in *Input) Len() int { return len(in.data) }

// Byte returns the next byte, or 0 once there are none.
func (in *Input) Byte() byte {
	if len(in.data) == 0 {
		return 0
	}
	b := in.data[0]
	in.data = in.data[1:]
	return b
}

// Uint64 returns the next 8 bytes, little-endian, zeros past the end.
func (in *Input) Uint64() uint64 {
	var b [8]byte
	for i := range b {
		b[i] = in.Byte()
	}
	return binary.LittleEndian.Uint64(b[:])
}

// Take returns the next n bytes, or as many as are left.
func (in *Input) Take(n int) []byte {
	n = min(n, len(in.data))
	b := in.data[:n]
	in.data = in.data[n:]
	return b
}
