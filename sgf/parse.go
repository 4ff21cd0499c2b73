package sgf

import (
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Property is one SGF property of a node: its identifier (upper-case
// letters only) and its values as written, escapes included. Use the Node
// and Game methods to read values with escapes processed.
type Property struct {
	ID     string
	Values []string
	offset int
}

// Node is one node of a game tree.
type Node struct {
	Props    []Property
	Children []*Node // Children[0] continues the main line
	Parent   *Node
	offset   int
	src      *source
}

// source is what nodes need to say where they are. It keeps indexes of
// the text, not the text: a position is found by two binary searches, so
// that recording the place of every move of a game written on one line
// costs O(log n) each, not the length of the line.
type source struct {
	name       string
	lineStarts []int // offset of the first byte of every line
	cont       []int // offsets of UTF-8 continuation bytes, ascending
	size       int   // length of the text in bytes
}

// pos returns the line and column (in characters) of a byte offset of the
// decoded text, which is valid UTF-8: the column counts the bytes from the
// line's start that do not continue a character.
func (s *source) pos(offset int) Pos {
	offset = min(offset, s.size)
	line := sort.SearchInts(s.lineStarts, offset+1) // first start after offset
	start := s.lineStarts[line-1]
	cont := sort.SearchInts(s.cont, offset) - sort.SearchInts(s.cont, start)
	return Pos{Line: line, Col: offset - start - cont + 1}
}

func newSource(name, text string) *source {
	s := &source{name: name, lineStarts: []int{0}, size: len(text)}
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			s.lineStarts = append(s.lineStarts, i+1)
		case c == '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				continue
			}
			s.lineStarts = append(s.lineStarts, i+1)
		case c&0xC0 == 0x80:
			s.cont = append(s.cont, i)
		}
	}
	return s
}

// add adds a property to the node. A repeated identifier (AB[aa]AB[bb],
// common in old files though FF[4] forbids it) adds its values to the
// first occurrence, so that nothing is dropped.
func (n *Node) add(prop Property) *Property {
	if p := n.Get(prop.ID); p != nil {
		p.Values = append(p.Values, prop.Values...)
		return p
	}
	n.Props = append(n.Props, prop)
	return &n.Props[len(n.Props)-1]
}

// Pos returns where the node starts in its file.
func (n *Node) Pos() Pos { return n.src.pos(n.offset) }

// Get returns the node's property with identifier id, or nil.
func (n *Node) Get(id string) *Property {
	for i := range n.Props {
		if n.Props[i].ID == id {
			return &n.Props[i]
		}
	}
	return nil
}

// Has reports whether the node has a property with identifier id.
func (n *Node) Has(id string) bool { return n.Get(id) != nil }

// Value returns the first value of property id as SimpleText (escapes
// processed, line breaks turned to spaces, trimmed), or "".
func (n *Node) Value(id string) string {
	p := n.Get(id)
	if p == nil || len(p.Values) == 0 {
		return ""
	}
	return strings.TrimSpace(unescape(p.Values[0], true))
}

// Text returns the first value of property id as Text (escapes and soft
// line breaks processed, line breaks kept), or "".
func (n *Node) Text(id string) string {
	p := n.Get(id)
	if p == nil || len(p.Values) == 0 {
		return ""
	}
	return unescape(p.Values[0], false)
}

// PropPos returns where property id of the node starts, or the node's
// position if it has no such property.
func (n *Node) PropPos(id string) Pos {
	if p := n.Get(id); p != nil {
		return n.src.pos(p.offset)
	}
	return n.Pos()
}

// unescape processes SGF escapes. A backslash makes the next character
// literal, except that a backslash before a line break removes both (a soft
// line break). Other white space becomes a space; line breaks become "\n",
// or a space in SimpleText.
func unescape(raw string, simple bool) string {
	if !strings.ContainsAny(raw, "\\\n\r\t\v\f") {
		return raw
	}
	var sb strings.Builder
	sb.Grow(len(raw))
	newline := "\n"
	if simple {
		newline = " "
	}
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case '\\':
			if i+1 >= len(raw) {
				continue
			}
			i++
			switch raw[i] {
			case '\n':
				if i+1 < len(raw) && raw[i+1] == '\r' {
					i++
				}
			case '\r':
				if i+1 < len(raw) && raw[i+1] == '\n' {
					i++
				}
			default:
				sb.WriteByte(raw[i])
			}
		case '\r':
			if i+1 < len(raw) && raw[i+1] == '\n' {
				i++
			}
			sb.WriteString(newline)
		case '\n':
			sb.WriteString(newline)
		case '\t', '\v', '\f':
			sb.WriteByte(' ')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// Collection is the content of one SGF file: its games in file order.
type Collection struct {
	// Name is the file name used in messages.
	Name string
	// Roots holds the root node of every game tree.
	Roots []*Node
	// Charset is what the file was decoded from ("UTF-8", "GB2312", ...).
	Charset string
	// Warnings lists oddities met while reading.
	Warnings []Warning

	src       *source
	truncated int // the game (from 1) whose tree the file ends in, or 0
}

// Parse parses SGF data; name is used in messages (a file name).
// It returns an error matching ErrNotSGF if the data is not SGF, and a
// *SyntaxError (matching ErrSyntax) if it is malformed.
func Parse(name string, data []byte) (*Collection, error) {
	d, err := decodeInput(data)
	if err != nil {
		var nul *nulError
		if errors.As(err, &nul) {
			return nil, fmt.Errorf("%s:%w", name, err) // "name:line:col: ..."
		}
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	src := newSource(name, d.text)
	c := &Collection{Name: name, Charset: d.charset, src: src}
	for _, w := range d.warnings {
		c.Warnings = append(c.Warnings, Warning{File: name, Pos: Pos{1, 1}, Msg: w})
	}
	p := parser{src: src, text: d.text, coll: c}
	if err := p.run(); err != nil {
		return nil, err
	}
	return c, nil
}

type frame struct {
	parent *Node // the node this tree branches from; nil for a game root
	open   int   // offset of its '('
}

type parser struct {
	src  *source
	text string
	coll *Collection
	i    int
}

func (p *parser) errorf(offset int, format string, args ...any) error {
	return &SyntaxError{File: p.src.name, Pos: p.src.pos(offset), Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) warnf(offset int, format string, args ...any) {
	p.coll.Warnings = append(p.coll.Warnings, Warning{File: p.src.name, Pos: p.src.pos(offset), Msg: fmt.Sprintf(format, args...)})
}

// findStart returns the offset of the first '(' that opens a game tree: one
// followed, after white space, by ';' or by a property identifier and '['.
func (p *parser) findStart(from int) int {
	t := p.text
	for i := from; i < len(t); i++ {
		if t[i] != '(' {
			continue
		}
		j := i + 1
		for j < len(t) && isSpace(t[j]) {
			j++
		}
		if j < len(t) && t[j] == ';' {
			return i
		}
		k := j
		for k < len(t) && isUpper(t[k]) {
			k++
		}
		if k > j && k-j <= 8 {
			for k < len(t) && isSpace(t[k]) {
				k++
			}
			if k < len(t) && t[k] == '[' {
				return i
			}
		}
	}
	return -1
}

func (p *parser) run() error {
	t := p.text
	start := p.findStart(0)
	if start < 0 {
		what := "no game tree \"(;\" found"
		if strings.TrimSpace(t) == "" {
			what = "the file is empty"
		}
		if strings.HasPrefix(strings.TrimSpace(t), "\\HS") || strings.Contains(t, "\\[GAMEINFOMAIN=") {
			what = "a Tygem .gib file"
		} else if looksLikeNGF(t) {
			what = "a WBaduk .ngf file"
		}
		return fmt.Errorf("%s: %w (%s)", p.src.name, ErrNotSGF, what)
	}
	if strings.TrimSpace(t[:start]) != "" {
		p.warnf(0, "text before the first game tree ignored")
	}
	var stack []frame
	var current *Node // the last node of the sequence being read
	var lastProp *Property
	for p.i = start; p.i < len(t); {
		c := t[p.i]
		switch {
		case isSpace(c):
			p.i++
		case len(stack) == 0 && c != '(':
			// Between or after games: anything but a new game tree is ignored.
			next := p.findStart(p.i)
			if next < 0 {
				p.warnf(p.i, "text after the last game tree ignored")
				p.i = len(t)
			} else {
				p.warnf(p.i, "text between game trees ignored")
				p.i = next
			}
		case c == '(':
			if len(stack) > 0 && current == nil {
				return p.errorf(p.i, "variation '(' before any node of its game tree")
			}
			stack = append(stack, frame{parent: current, open: p.i})
			current, lastProp = nil, nil
			p.i++
		case c == ')':
			f := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if current == nil {
				p.warnf(f.open, "empty game tree ignored")
			}
			current, lastProp = f.parent, nil
			p.i++
		case c == ';':
			n := &Node{offset: p.i, src: p.src}
			p.attach(n, current, stack[len(stack)-1])
			current, lastProp = n, nil
			p.i++
		case isUpper(c) || isLower(c):
			if current == nil {
				// "(" followed directly by properties: an old or sloppy
				// writer left out the ';' (Nihon Kiin files do).
				p.warnf(p.i, "missing ';' before the first property of a node")
				n := &Node{offset: p.i, src: p.src}
				p.attach(n, current, stack[len(stack)-1])
				current = n
			}
			prop, err := p.property()
			if err != nil {
				return err
			}
			lastProp = current.add(prop)
		case c == '[':
			if lastProp == nil {
				return p.errorf(p.i, "property value without a property name")
			}
			v, err := p.value(lastProp.ID)
			if err != nil {
				return err
			}
			lastProp.Values = append(lastProp.Values, v)
		default:
			r, _ := utf8.DecodeRuneInString(t[p.i:])
			return p.errorf(p.i, "unexpected %q outside a property value", r)
		}
	}
	if len(stack) > 0 {
		p.warnf(stack[0].open, "the game tree opened here is not closed: the file ends first")
		if r := p.coll.Roots; len(r) > 0 && r[len(r)-1].offset > stack[0].open {
			p.coll.truncated = len(r)
		}
	}
	if len(p.coll.Roots) == 0 {
		return p.errorf(start, "no game in the file")
	}
	return nil
}

// looksLikeNGF recognises a WBaduk/Cyberoro .ngf record: a board size on
// its second line and move lines such as "PMABWRQQR".
func looksLikeNGF(t string) bool {
	lines := strings.Split(t, "\n")
	if len(lines) < 12 {
		return false
	}
	if n, err := strconv.Atoi(strings.TrimSpace(lines[1])); err != nil || n < 2 || n > 52 {
		return false
	}
	for _, l := range lines[11:] {
		if strings.HasPrefix(strings.TrimSpace(l), "PM") {
			return true
		}
	}
	return false
}

func (p *parser) attach(n, current *Node, f frame) {
	switch {
	case current != nil:
		n.Parent = current
		current.Children = append(current.Children, n)
	case f.parent != nil:
		n.Parent = f.parent
		f.parent.Children = append(f.parent.Children, n)
	default:
		p.coll.Roots = append(p.coll.Roots, n)
	}
}

// property reads an identifier and its values.
func (p *parser) property() (Property, error) {
	t := p.text
	start := p.i
	var id strings.Builder
	for p.i < len(t) && (isUpper(t[p.i]) || isLower(t[p.i])) {
		if isUpper(t[p.i]) {
			id.WriteByte(t[p.i])
		}
		p.i++
	}
	name := t[start:p.i]
	if id.Len() == 0 {
		return Property{}, p.errorf(start, "property name %q has no capital letter", name)
	}
	if id.Len() > 16 {
		return Property{}, p.errorf(start, "property name %q is too long", name)
	}
	prop := Property{ID: id.String(), offset: start}
	for {
		for p.i < len(t) && isSpace(t[p.i]) {
			p.i++
		}
		if p.i >= len(t) || t[p.i] != '[' {
			break
		}
		v, err := p.value(prop.ID)
		if err != nil {
			return Property{}, err
		}
		prop.Values = append(prop.Values, v)
	}
	if len(prop.Values) == 0 {
		return Property{}, p.errorf(start, "property %s has no value", name)
	}
	return prop, nil
}

// value reads one bracketed value starting at '[' and returns its raw text.
func (p *parser) value(id string) (string, error) {
	t := p.text
	open := p.i
	for j := open + 1; j < len(t); j++ {
		switch t[j] {
		case '\\':
			j++
		case ']':
			p.i = j + 1
			return t[open+1 : j], nil
		}
	}
	return "", p.errorf(open, "unterminated value of property %s: no ']' before the end of the file", id)
}

// Base returns the file name without its directory, for compact messages.
func (c *Collection) Base() string { return filepath.Base(c.Name) }
