package movemodel

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sync"
)

// Model is a fitted move model: the tables that number shapes and
// patterns, and the gamma (strength) of every value of every group.
type Model struct {
	Tables Tables
	// Gamma holds, per group, the gamma of each value (Gamma[g][v-1]).
	Gamma [NumGroups][]float64
	// GainEstimator and OwnerEstimator name the estimators whose one-ply
	// gains and map the Gain and Owner groups were fitted with ("" when
	// the model does not use the group). A caller must give the model
	// maps by the same estimators.
	GainEstimator, OwnerEstimator string
	// Notes says how the model was fitted, for people (the data, the fit's
	// figures).
	Notes string
}

// Uses reports whether the model has gammas for group g.
func (m *Model) Uses(g Group) bool { return len(m.Gamma[g]) > 0 }

// Strength returns the product of the gammas of the candidate's features
// (1 for a feature value the model has no gamma for).
func (m *Model) Strength(c *Candidate) float64 {
	s := 1.0
	for g, v := range c.F {
		if v > 0 && int(v) <= len(m.Gamma[g]) {
			s *= m.Gamma[g][v-1]
		}
	}
	return s
}

// Probabilities stores in dst (reused) the probability of each candidate:
// its strength over the sum of all candidates' strengths, and returns it.
func (m *Model) Probabilities(dst []float64, cands []Candidate) []float64 {
	dst = dst[:0]
	sum := 0.0
	for i := range cands {
		s := m.Strength(&cands[i])
		dst = append(dst, s)
		sum += s
	}
	for i := range dst {
		dst[i] /= sum
	}
	return dst
}

// The parameter file: "goevalmm", a version, the two estimator names and
// the notes (each a length and bytes), then per group its number of
// values, the shape codes (uint32) or pattern keys (uint64) of the table
// groups, and the gammas as float32, all little-endian, the whole
// gzip-compressed.
const (
	fileMagic   = "goevalmm"
	fileVersion = 1
)

// ErrFormat is returned for a parameter file goeval cannot read.
var ErrFormat = errors.New("movemodel: not a move model parameter file")

// Write writes m in the parameter file format. Table entries are written
// in the order of their values, so the same model gives the same bytes.
func (m *Model) Write(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	le := binary.LittleEndian
	put := func(v any) {
		if err == nil {
			err = binary.Write(bw, le, v)
		}
	}
	str := func(s string) {
		put(uint32(len(s)))
		if err == nil {
			_, err = bw.WriteString(s)
		}
	}
	if _, err = bw.WriteString(fileMagic); err != nil {
		return err
	}
	put(uint32(fileVersion))
	str(m.GainEstimator)
	str(m.OwnerEstimator)
	str(m.Notes)
	put(uint32(NumGroups))
	for g := range NumGroups {
		n := len(m.Gamma[g])
		put(uint32(n))
		switch Group(g) {
		case GroupShape:
			if len(m.Tables.Shapes) != n {
				return fmt.Errorf("movemodel: %d shapes for %d gammas", len(m.Tables.Shapes), n)
			}
			put(byValue(m.Tables.Shapes))
		case GroupPattern:
			if len(m.Tables.Patterns) != n {
				return fmt.Errorf("movemodel: %d patterns for %d gammas", len(m.Tables.Patterns), n)
			}
			put(byValue(m.Tables.Patterns))
		}
		f := make([]float32, n)
		for i, v := range m.Gamma[g] {
			f[i] = float32(v)
		}
		put(f)
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// byValue lists a table's keys in the order of their values (1, 2, ...).
func byValue[K comparable](t map[K]uint32) []K {
	out := make([]K, len(t))
	for k, v := range t {
		out[v-1] = k
	}
	return out
}

// maxValues bounds a group's size in a file, against corrupt input.
const maxValues = 1 << 24

// Read reads a model written by Write. Errors wrap ErrFormat for a file
// that is not one.
func Read(r io.Reader) (*Model, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	br := bufio.NewReader(zr)
	le := binary.LittleEndian
	get := func(v any) {
		if err == nil {
			err = binary.Read(br, le, v)
		}
	}
	magic := make([]byte, len(fileMagic))
	if _, err = io.ReadFull(br, magic); err != nil || string(magic) != fileMagic {
		return nil, ErrFormat
	}
	var version, ng uint32
	get(&version)
	if err == nil && version != fileVersion {
		return nil, fmt.Errorf("%w: version %d (this goeval reads %d)", ErrFormat, version, fileVersion)
	}
	str := func() string {
		var n uint32
		get(&n)
		if err != nil || n > maxValues {
			err = cmpErr(err, "string too long")
			return ""
		}
		b := make([]byte, n)
		if err == nil {
			_, err = io.ReadFull(br, b)
		}
		return string(b)
	}
	m := &Model{Tables: Tables{Shapes: map[uint32]uint32{}, Patterns: map[uint64]uint32{}}}
	m.GainEstimator, m.OwnerEstimator, m.Notes = str(), str(), str()
	get(&ng)
	if err == nil && ng != uint32(NumGroups) {
		return nil, fmt.Errorf("%w: %d feature groups (this goeval has %d)", ErrFormat, ng, NumGroups)
	}
	for g := range NumGroups {
		var n uint32
		get(&n)
		if err != nil || n > maxValues {
			return nil, fmt.Errorf("%w: %v", ErrFormat, cmpErr(err, "group too large"))
		}
		switch Group(g) {
		case GroupShape:
			keys := make([]uint32, n)
			get(keys)
			for i, k := range keys {
				m.Tables.Shapes[k] = uint32(i + 1)
			}
		case GroupPattern:
			keys := make([]uint64, n)
			get(keys)
			for i, k := range keys {
				m.Tables.Patterns[k] = uint32(i + 1)
			}
		}
		f := make([]float32, n)
		get(f)
		if n > 0 {
			m.Gamma[g] = make([]float64, n)
		}
		for i, v := range f {
			if !(v > 0) || math.IsInf(float64(v), 0) {
				err = cmpErr(err, fmt.Sprintf("group %v value %d has gamma %v", Group(g), i+1, v))
			}
			m.Gamma[g][i] = float64(v)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrFormat, err)
	}
	if len(m.Tables.Shapes) != len(m.Gamma[GroupShape]) || len(m.Tables.Patterns) != len(m.Gamma[GroupPattern]) {
		return nil, fmt.Errorf("%w: a table repeats a key", ErrFormat)
	}
	return m, nil
}

func cmpErr(err error, msg string) error {
	if err != nil {
		return err
	}
	return errors.New(msg)
}

// ReadFile reads a model from a parameter file.
func ReadFile(path string) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	m, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

//go:embed moves.params
var shipped []byte

var (
	defaultOnce  sync.Once
	defaultModel *Model
	defaultErr   error
)

// Default returns the model that ships with goeval (moves.params,
// embedded; see docs/moves.md for how it was fitted). Callers share it and
// must not modify it.
func Default() (*Model, error) {
	defaultOnce.Do(func() {
		defaultModel, defaultErr = Read(bytes.NewReader(shipped))
	})
	return defaultModel, defaultErr
}
