package records

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"unicode"

	"goeval/board"
)

// ErrLabels reports a malformed labels file.
var ErrLabels = errors.New("compare: malformed labels")

// LabelsFile is the name of the labels file that goeval's data sets keep
// beside their game records.
const LabelsFile = "final-ownership.jsonl"

// Label is one line of a labels file: the final ownership of one counted
// game, judged by someone we trust more than ourselves.
type Label struct {
	// File is the game record's base name ("game.sgf"), the key.
	File string `json:"file"`
	// Moves is the length of the game's main line (0 when not given).
	Moves int `json:"moves"`
	// Ownership holds one value per point in map order: +1 Black, -1
	// White, 0 dame or seki.
	Ownership []int8 `json:"ownership"`
	// AreaScore is the sum of Ownership: Black positive, before komi.
	AreaScore float64 `json:"area_score"`
	// Komi and Result are the record's, for reference.
	Komi   float64 `json:"komi"`
	Result string  `json:"result"`
	// Dead lists the stones judged dead, as GTP vertices.
	Dead []string `json:"dead"`
	// Judge names who judged the dead stones, and EngineResult is its
	// estimate of the result, after komi, Black positive, when it gave
	// one (goeval label writes both; they are optional).
	Judge        string   `json:"judge,omitempty"`
	EngineResult *float64 `json:"engine_result,omitempty"`
	// Line is where the label stands in its file, from 1.
	Line int `json:"-"`
}

// NewLabel returns the label of the game record file (its base name is
// kept) whose main line of moves moves ends in the position b, the stones
// in dead being dead: its ownership and area score by Ownership, with the
// record's komi and result.
func NewLabel(file string, moves int, b *board.Board, dead []board.Point, komi float64, result string) Label {
	own, area := Ownership(nil, b, dead)
	l := Label{File: filepath.Base(file), Moves: moves, Ownership: own, AreaScore: area, Komi: komi, Result: result, Dead: []string{}}
	for _, p := range dead {
		l.Dead = append(l.Dead, b.Geometry().GTP(p))
	}
	return l
}

// Labels are the labels of a labels file by game record base name.
type Labels struct {
	// Name is the labels file's path, for messages.
	Name   string
	byFile map[string]*Label
}

// Len returns the number of labelled games.
func (l *Labels) Len() int {
	if l == nil {
		return 0
	}
	return len(l.byFile)
}

// Lookup returns the label of the game record at path (by its base name),
// or nil.
func (l *Labels) Lookup(path string) *Label {
	if l == nil {
		return nil
	}
	return l.byFile[filepath.Base(path)]
}

// LabelClashes returns the files whose labels would share their key, the
// base name (see Lookup), with a file before them: File is the later name
// and Same the first. Give it files without duplicates (Unique).
func LabelClashes(files []string) []Duplicate {
	var out []Duplicate
	first := map[string]string{}
	for _, f := range files {
		base := filepath.Base(f)
		if s, ok := first[base]; ok {
			out = append(out, Duplicate{File: f, Same: s})
			continue
		}
		first[base] = f
	}
	return out
}

// ReadLabels reads a labels file (see ParseLabels).
func ReadLabels(path string) (*Labels, error) { return readFile(path, ParseLabels) }

// readFile reads the file at path with parse, which names it by its path.
func readFile[T any](path string, parse func(name string, r io.Reader) (T, error)) (T, error) {
	f, err := os.Open(path)
	if err != nil {
		var none T
		return none, err
	}
	defer f.Close()
	return parse(path, f)
}

// ParseLabels reads a labels file: JSON Lines, one object per counted game
// with at least "file" (a base name) and "ownership" (size*size values of
// -1, 0 or +1, in map order); "area_score", when given, must equal the sum
// of the ownership. Blank lines are skipped; unknown fields are ignored.
// Errors wrap ErrLabels and say where: "labels.jsonl:12: compare: ...".
func ParseLabels(name string, r io.Reader) (*Labels, error) {
	out := &Labels{Name: name, byFile: map[string]*Label{}}
	err := jsonLines(name, r, ErrLabels, func(line int, text []byte, bad func(string, ...any) error) error {
		var raw struct {
			Label
			AreaScore *float64 `json:"area_score"`
		}
		if err := decodeLine(name, line, ErrLabels, text, &raw, labelHints); err != nil {
			return err
		}
		l := raw.Label
		l.Line = line
		if msg := baseName(l.File); msg != "" {
			return bad("%s", msg)
		}
		if out.byFile[l.File] != nil {
			return bad("%s labelled twice (first on line %d)", l.File, out.byFile[l.File].Line)
		}
		size := int(math.Sqrt(float64(len(l.Ownership))) + 0.5)
		if size*size != len(l.Ownership) || board.ValidSize(size) != nil {
			return bad("%s: %d ownership values is not a board size's square", l.File, len(l.Ownership))
		}
		sum := 0.0
		for i, v := range l.Ownership {
			if v < -1 || v > 1 {
				return bad("%s: ownership value %d at index %d (want -1, 0 or 1)", l.File, v, i)
			}
			sum += float64(v)
		}
		if raw.AreaScore != nil && *raw.AreaScore != sum {
			return bad("%s: area_score %g but the ownership sums to %g", l.File, *raw.AreaScore, sum)
		}
		l.AreaScore = sum
		geo := board.GeometryOf(size)
		for _, v := range l.Dead {
			if _, err := geo.ParseGTP(v); err != nil {
				return bad("%s: dead stone %v", l.File, err)
			}
		}
		out.byFile[l.File] = &l
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// jsonLines calls fn with every line of r that is not blank, its number
// (from 1) and a function that makes an error at that line wrapping kind
// ("name:12: compare: malformed ...: what"), and stops at fn's first
// error.
func jsonLines(name string, r io.Reader, kind error, fn func(line int, text []byte, bad func(format string, args ...any) error) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for line := 1; sc.Scan(); line++ {
		text := bytes.TrimRight(sc.Bytes(), " \t\r") // leading space kept: columns count from the line's start
		if len(bytes.TrimSpace(text)) == 0 {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %w: %s", name, line, kind, fmt.Sprintf(format, args...))
		}
		if err := fn(line, text, bad); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// labelHints says what a labels file's fields hold, for decodeLine.
var labelHints = map[string]string{
	"ownership": "a labels file's ownership is -1, 0 or 1 a point (a reference file, with values from -1 to 1, is read by --reference)",
}

// decodeLine decodes one line of a JSON Lines file into v (a pointer to a
// struct), and says what is wrong with it for people, with its place,
// "name:12:19: kind: what": a line that is not an object, malformed JSON,
// or a field of the wrong type (with hints[field], what the field
// holds, when there is one), never Go's types.
func decodeLine(name string, line int, kind error, text []byte, v any, hints map[string]string) error {
	err := json.Unmarshal(text, v)
	if err == nil {
		return nil
	}
	lead := len(text) - len(bytes.TrimLeft(text, " \t"))
	at := func(offset int64, format string, args ...any) error {
		return fmt.Errorf("%s:%d:%d: %w: %s", name, line, int(offset)+1, kind, fmt.Sprintf(format, args...))
	}
	if c := text[lead]; c != '{' {
		found := "a JSON " + jsonKind(c)
		if jsonKind(c) == "" {
			found = fmt.Sprintf("%q", c)
		}
		return at(int64(lead), "%s, not an object: each line holds one JSON object, {...}", found)
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		field := te.Field
		for i, part := range strings.Split(field, ".") { // drop the Go names of embedded structs
			if part != "" && unicode.IsUpper(rune(part[0])) {
				continue
			}
			field = strings.Join(strings.Split(field, ".")[i:], ".")
			break
		}
		msg := fmt.Sprintf("%q holds %s where %s belongs", field, jsonValue(te.Value), goKind(te.Type))
		if h := hints[field]; h != "" {
			msg += ": " + h
		}
		return at(max(te.Offset-1, 0), "%s", msg)
	case errors.As(err, &se):
		return at(max(se.Offset-1, 0), "malformed JSON: %v", se)
	}
	return at(int64(lead), "%v", err)
}

// jsonKind names the JSON value that starts with c, "" if none does.
func jsonKind(c byte) string {
	switch {
	case c == '[':
		return "array"
	case c == '"':
		return "string"
	case c == '-' || c >= '0' && c <= '9':
		return "number"
	case c == 't' || c == 'f':
		return "boolean"
	case c == 'n':
		return "null"
	}
	return ""
}

// jsonValue rewrites encoding/json's name of a value ("number 0.8",
// "string") for a sentence.
func jsonValue(v string) string {
	switch {
	case strings.HasPrefix(v, "number "):
		return "the number " + strings.TrimPrefix(v, "number ")
	case v == "array":
		return "a list"
	case v == "bool":
		return "true or false"
	case v == "object":
		return "an object"
	}
	return "a " + v
}

// goKind says in JSON's words what a Go type decodes from.
func goKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list, [...]"
	case reflect.Struct, reflect.Map:
		return "an object, {...}"
	}
	return "another value"
}

// baseName returns what is wrong with a "file" field that must name a
// game record by its base name, or "".
func baseName(file string) string {
	switch {
	case file == "":
		return `no "file"`
	case filepath.Base(file) != file:
		return fmt.Sprintf(`"file" %q is not a base name`, file)
	}
	return ""
}
