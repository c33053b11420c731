//go:build !windows
// +build !windows

package uv

import (
	"context"
)

// streamData hands each read of the input stream to input (Hotels patch:
// upstream sent them on a channel to another goroutine).
func (d *TerminalReader) streamData(ctx context.Context, input func([]byte)) error {
	return d.sendBytes(ctx, input)
}
