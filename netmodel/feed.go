package netmodel

import (
	"fmt"
	"io"
)

// feedChunk is the size of the pieces a feed hands the parser (a variable
// so that tests can cut the content everywhere).
var feedChunk = 256 << 10

// feed reads a model's content on a goroutine of its own and hands it to
// the parser in chunks, so that decompressing a .gz file overlaps parsing
// it. Its error (a corrupt stream, too much content) is kept for drain.
type feed struct {
	chunks chan []byte
	quit   chan struct{}
	done   chan struct{} // closed when the goroutine has ended; err is set
	err    error
}

// startFeed starts reading src; name and gz shape the errors as the
// whole-file read did.
func startFeed(src io.Reader, name string, gz bool) *feed {
	f := &feed{chunks: make(chan []byte, 8), quit: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(f.done)
		defer close(f.chunks)
		var total int64
		for {
			buf := make([]byte, feedChunk)
			n, err := fill(src, buf)
			total += int64(n)
			if total > maxFileBytes {
				f.err = fmt.Errorf("%s: more than %d bytes of content: %w", name, int64(maxFileBytes), ErrFormat)
				return
			}
			if n > 0 {
				select {
				case f.chunks <- buf[:n]:
				case <-f.quit:
					return
				}
			}
			switch {
			case err == io.EOF:
				return
			case err != nil:
				if gz {
					f.err = fmt.Errorf("%s: corrupt or truncated gzip data after %d bytes (%v): %w", name, total, err, ErrFormat)
				} else {
					f.err = fmt.Errorf("%s: %w", name, err)
				}
				return
			}
		}
	}()
	return f
}

// next returns the next chunk; false at the end of the content or after
// an error.
func (f *feed) next() ([]byte, bool) {
	c, ok := <-f.chunks
	return c, ok
}

// drain reads the rest of the content, discarding it, and returns the
// stream's error, if any.
func (f *feed) drain() error {
	for range f.chunks {
	}
	<-f.done
	return f.err
}

// stop ends the goroutine early (after an error) and waits for it.
func (f *feed) stop() {
	select {
	case <-f.quit:
	default:
		close(f.quit)
	}
	<-f.done
}

// fill reads into buf until it is full or src fails; unlike io.ReadFull it
// keeps io.EOF and io.ErrUnexpectedEOF apart (a clean end against a
// truncated gzip stream).
func fill(src io.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := src.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
