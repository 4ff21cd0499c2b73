package netmodel

import (
	"bytes"
	"compress/gzip"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReadStreamed reads the tiny models in pieces of every small size and
// through a reader that returns one byte at a time: the model is the one
// parsed from the whole content at once.
func TestReadStreamed(t *testing.T) {
	defer func(c int) { feedChunk = c }(feedChunk)
	for _, bin := range []bool{false, true} {
		data := tinyModel(bin, nil)
		name := "tiny.txt"
		if bin {
			name = "tiny.bin"
		}
		want, err := parse(data, name, floatsAuto)
		if err != nil {
			t.Fatal(err)
		}
		for _, chunk := range []int{1, 2, 3, 5, 7, 64, 1000, 1 << 20} {
			feedChunk = chunk
			got, err := Read(iotest.OneByteReader(bytes.NewReader(data)), name)
			if err != nil {
				t.Fatalf("%s in chunks of %d: %v", name, chunk, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s in chunks of %d: the model differs from the one parsed at once", name, chunk)
			}
		}
	}
}

// TestReadGzipTrailer damages only the gzip trailer (CRC, then size): the
// model's content is whole, but the file is corrupt, and the error says so
// though the parser had finished.
func TestReadGzipTrailer(t *testing.T) {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(tinyModel(true, nil))
	zw.Close()
	raw := b.Bytes()
	for _, at := range []int{len(raw) - 8, len(raw) - 1} {
		bad := bytes.Clone(raw)
		bad[at] ^= 0x5a
		_, err := Read(bytes.NewReader(bad), "tiny.bin.gz")
		wantErr(t, err, ErrFormat, "tiny.bin.gz: corrupt or truncated gzip data after ")
	}
	// Truncated inside the stream: the same message, whatever the parser
	// had seen.
	for _, cut := range []int{len(raw) / 3, len(raw) - 4} {
		_, err := Read(bytes.NewReader(raw[:cut]), "tiny.bin.gz")
		wantErr(t, err, ErrFormat, "tiny.bin.gz: corrupt or truncated gzip data after ")
	}
	if _, err := Read(bytes.NewReader(raw), "tiny.bin.gz"); err != nil {
		t.Fatalf("undamaged: %v", err)
	}
}

// TestOnConv: ReadWith calls OnConv once for each convolution, in file
// order, with the model's own weights.
func TestOnConv(t *testing.T) {
	var names []string
	var seen []Conv
	m, err := ReadWith(bytes.NewReader(tinyModel(true, nil)), "tiny.bin", ReadOptions{OnConv: func(c Conv) {
		names = append(names, c.Name)
		seen = append(seen, c)
	}})
	if err != nil {
		t.Fatal(err)
	}
	// The convolutions in file order: the trunk's first, each block's
	// (an ordinary block's two, a global-pooling block's three), then the
	// policy head's three and the value head's two.
	var want []*Conv
	want = append(want, &m.Trunk.InitialConv)
	for _, blk := range m.Trunk.Blocks {
		switch b := blk.(type) {
		case *OrdinaryBlock:
			want = append(want, &b.RegularConv, &b.FinalConv)
		case *GlobalPoolingBlock:
			want = append(want, &b.RegularConv, &b.GpoolConv, &b.FinalConv)
		}
	}
	want = append(want, &m.Policy.P1Conv, &m.Policy.G1Conv, &m.Policy.P2Conv, &m.Value.V1Conv, &m.Value.OwnershipConv)
	if len(seen) != len(want) {
		t.Fatalf("OnConv called for %v, want %d convolutions", names, len(want))
	}
	for i, c := range want {
		if seen[i].Name != c.Name || &seen[i].Weights[0] != &c.Weights[0] {
			t.Errorf("call %d: %s, want %s with the model's weights", i, seen[i].Name, c.Name)
		}
	}
	// A model that fails after its first convolution has called OnConv
	// for that one only.
	names = nil
	data := tinyModel(true, nil)
	_, err = ReadWith(bytes.NewReader(data[:len(data)/2]), "tiny.bin", ReadOptions{OnConv: func(c Conv) { names = append(names, c.Name) }})
	if err == nil || len(names) == 0 || len(names) >= len(want) || !strings.HasPrefix(err.Error(), "tiny.bin: ") {
		t.Errorf("cut in half: error %v after OnConv for %v", err, names)
	}
}
