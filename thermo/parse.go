package thermo

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxDepth is the deepest nesting Parse accepts, counting braces and the
// implicit games written with runs of bars. Deeper input is a *SyntaxError.
const MaxDepth = 1000

// MaxInput is the longest input, in bytes, that Parse accepts.
const MaxInput = 1 << 20

// Parse reads a game in CGT notation and returns its tree.
//
// A game is a number or {L | R}, where L and R are lists of games separated
// by commas and either list may be empty ("{ | 3}"). Numbers are integers,
// decimals or fractions with an optional minus sign: 4, -2.5, 13/4.
// CGSuite's shorthand of longer runs of bars is read as CGSuite does: a run
// of k bars binds more loosely than any run of fewer bars, and commas bind
// more tightly than any bar, so "{4||3|2}" is "{4 | {3 | 2}}",
// "{a|b||c}" is "{{a | b} | c}" and "{a|||b||c|d}" is "{a | {b | {c | d}}}".
// Two runs of the longest length at one level are ambiguous and an error.
// Whitespace is ignored between tokens.
//
// Positions may be named, which is how a ko is written: the input is then
// a list of definitions NAME = GAME separated by ';' (one more ';' at the
// end is allowed), the first being the root, and a NAME may stand for an
// option anywhere, before or after its definition: the ko of "Miai Counting With Trees" is
// "A = {C | -2}; C = {13 | A}". A name is a letter followed by letters,
// digits and '_', other than the words kept for CGT shorthand and
// infinities (v, inf, on, off, ...); a definition's GAME is a number or
// braces, not another name. Each named node's Label is its name. A name
// used but not defined, defined twice, or not reachable from the root is
// a *SyntaxError.
//
// Malformed input gives a *SyntaxError (wrapping ErrSyntax) with the
// position of the problem: unbalanced braces, an empty option between
// commas, a leaf that is not a number, anything after the game, input
// longer than MaxInput or nested deeper than MaxDepth. CGT shorthand such as
// "*" or "^" and infinite values give an *UnsupportedError (wrapping
// ErrUnsupported). Every node's Pos is its byte offset in src.
func Parse(src string) (*Game, error) {
	p := &parser{src: src}
	if len(src) > MaxInput {
		return nil, p.errorf(MaxInput, "input longer than %d bytes", MaxInput)
	}
	p.next()
	if p.tok.kind == tEOF {
		return nil, p.errorf(p.tok.off, "empty input: expected a game")
	}
	if p.tok.kind == tWord && p.peek().kind == tEq {
		return p.definitions()
	}
	g, err := p.game(0)
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, p.errorf(p.tok.off, "unexpected %s after the game", p.tok.describe())
	}
	return g, nil
}

// MustParse is like Parse but panics on error. It is meant for tests,
// examples and literals in code.
func MustParse(src string) *Game {
	g, err := Parse(src)
	if err != nil {
		panic(err)
	}
	return g
}

type tokKind int

const (
	tEOF tokKind = iota
	tLBrace
	tRBrace
	tComma
	tBars
	tWord
	tEq   // '=' in a definition
	tSemi // ';' between definitions
)

type token struct {
	kind tokKind
	off  int
	text string // the token's source text
}

func (t token) describe() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tWord:
		return fmt.Sprintf("%q", t.text)
	}
	return fmt.Sprintf("'%s'", t.text)
}

type parser struct {
	src string
	pos int
	tok token
	// In the named notation: the node of every name, defined or not yet,
	// where each was defined, and where each was first used.
	named   map[string]*Game
	defined map[string]int
	used    map[string]int
}

func (p *parser) next() {
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if !unicode.IsSpace(r) {
			break
		}
		p.pos += n
	}
	start := p.pos
	if p.pos == len(p.src) {
		p.tok = token{kind: tEOF, off: start}
		return
	}
	switch c := p.src[p.pos]; c {
	case '{', '}', ',', '=', ';':
		p.pos++
		k := map[byte]tokKind{'{': tLBrace, '}': tRBrace, ',': tComma, '=': tEq, ';': tSemi}[c]
		p.tok = token{kind: k, off: start, text: p.src[start:p.pos]}
		return
	case '|':
		for p.pos < len(p.src) && p.src[p.pos] == '|' {
			p.pos++
		}
		p.tok = token{kind: tBars, off: start, text: p.src[start:p.pos]}
		return
	}
	for p.pos < len(p.src) {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		if unicode.IsSpace(r) || strings.ContainsRune("{},|=;", r) {
			break
		}
		p.pos += n
	}
	p.tok = token{kind: tWord, off: start, text: p.src[start:p.pos]}
}

// peek returns the token after the current one.
func (p *parser) peek() token {
	pos, tok := p.pos, p.tok
	p.next()
	t := p.tok
	p.pos, p.tok = pos, tok
	return t
}

// position turns a byte offset into a 1-based line and rune column.
func (p *parser) position(off int) (line, col int) {
	if off > len(p.src) {
		off = len(p.src)
	}
	line, col = 1, 1
	for _, r := range p.src[:off] {
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func (p *parser) errorf(off int, format string, args ...any) error {
	line, col := p.position(off)
	return &SyntaxError{Offset: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) unsupportedf(off int, format string, args ...any) error {
	line, col := p.position(off)
	return &UnsupportedError{Offset: off, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// game parses a number or a braced game at the current token and leaves the
// token after it current.
func (p *parser) game(depth int) (*Game, error) {
	switch t := p.tok; t.kind {
	case tWord:
		g, err := p.leaf(t)
		if err != nil {
			return nil, err
		}
		p.next()
		return g, nil
	case tLBrace:
		return p.group(depth + 1)
	case tRBrace:
		return nil, p.errorf(t.off, "unbalanced braces: '}' without '{'")
	default:
		return nil, p.errorf(t.off, "unexpected %s: expected a number or '{'", t.describe())
	}
}

var shorthands = []string{"*", "^", "v", "↑", "↓", "±", "+-", "⇑", "⇓", "+_"}

func (p *parser) leaf(t token) (*Game, error) {
	v, ok, zeroDen := parseNumber(t.text)
	switch {
	case ok:
		return &Game{Value: v, Pos: t.off}, nil
	case zeroDen:
		return nil, p.errorf(t.off, "leaf %q has a zero denominator", t.text)
	case p.named != nil && isName(t.text):
		if _, ok := p.used[t.text]; !ok {
			p.used[t.text] = t.off
		}
		return p.node(t.text), nil
	}
	lower := strings.ToLower(strings.TrimLeft(t.text, "-+"))
	if lower == "inf" || lower == "infinity" || lower == "∞" || lower == "on" || lower == "off" {
		return nil, p.unsupportedf(t.off, "infinite value %q is not supported: leaves are finite counts", t.text)
	}
	for _, s := range shorthands {
		if strings.HasPrefix(t.text, s) && (s != "v" || t.text == "v" || t.text[1] >= '0' && t.text[1] <= '9') {
			return nil, p.unsupportedf(t.off, "CGT shorthand %q is not supported: write the game out, e.g. {0 | 0} for *", t.text)
		}
	}
	if isName(t.text) {
		return nil, p.errorf(t.off, "leaf %q is not a number (want an integer, decimal or fraction such as -3, 2.5, 13/4); to name positions, as for a ko, write definitions: A = {C | -2}; C = {13 | A}", t.text)
	}
	return nil, p.errorf(t.off, "leaf %q is not a number (want an integer, decimal or fraction such as -3, 2.5, 13/4)", t.text)
}

// node returns the node of a name, made on first mention.
func (p *parser) node(name string) *Game {
	g := p.named[name]
	if g == nil {
		g = &Game{Label: name}
		p.named[name] = g
	}
	return g
}

// definitions parses the named notation, the current token being the
// first name.
func (p *parser) definitions() (*Game, error) {
	p.named, p.defined, p.used = map[string]*Game{}, map[string]int{}, map[string]int{}
	var root *Game
	var order []string
	for p.tok.kind != tEOF {
		t := p.tok
		if t.kind != tWord || !isName(t.text) {
			return nil, p.errorf(t.off, "unexpected %s: expected a name to define (a letter followed by letters, digits or '_')", t.describe())
		}
		if off, dup := p.defined[t.text]; dup {
			line, col := p.position(off)
			return nil, p.errorf(t.off, "%s is defined twice (first at %d:%d)", t.text, line, col)
		}
		p.defined[t.text] = t.off
		order = append(order, t.text)
		p.next()
		if p.tok.kind != tEq {
			return nil, p.errorf(p.tok.off, "unexpected %s: expected '=' after the name %s", p.tok.describe(), t.text)
		}
		p.next()
		body := p.tok
		if body.kind == tWord && isName(body.text) {
			return nil, p.errorf(body.off, "%s = %s: a definition is a number or a game in braces, not another name (use %s where %s is meant)", t.text, body.text, body.text, t.text)
		}
		g, err := p.game(0)
		if err != nil {
			return nil, err
		}
		n := p.node(t.text)
		*n = *g
		n.Label, n.Pos = t.text, body.off
		if root == nil {
			root = n
		}
		switch p.tok.kind {
		case tSemi:
			p.next()
		case tEOF:
		default:
			return nil, p.errorf(p.tok.off, "unexpected %s after the definition of %s: expected ';' before the next definition", p.tok.describe(), t.text)
		}
	}
	undefined, at := "", len(p.src)
	for name, off := range p.used {
		if _, ok := p.defined[name]; !ok && off < at {
			undefined, at = name, off
		}
	}
	if undefined != "" {
		return nil, p.errorf(at, "undefined name %s", undefined)
	}
	// Every definition must be reachable from the root.
	reach := map[*Game]bool{}
	preorder(root, func(n *Game) { reach[n] = true })
	for _, name := range order {
		if !reach[p.named[name]] {
			return nil, p.errorf(p.defined[name], "%s is defined but not reachable from the root %s (the first definition)", name, order[0])
		}
	}
	return root, nil
}

// slot is one position between separators inside braces: a game, or nothing.
type slot struct {
	g   *Game
	off int
}

// sep is a separator inside braces: a comma (bars == 0) or a run of bars.
type sep struct {
	bars int
	off  int
}

// group parses "{ ... }" with the current token at '{'.
func (p *parser) group(depth int) (*Game, error) {
	open := p.tok
	if depth > MaxDepth {
		return nil, p.errorf(open.off, "games nested deeper than %d", MaxDepth)
	}
	p.next()
	var slots []slot
	var seps []sep
	for {
		// An element, or nothing.
		switch p.tok.kind {
		case tWord, tLBrace:
			off := p.tok.off
			g, err := p.game(depth)
			if err != nil {
				return nil, err
			}
			slots = append(slots, slot{g, off})
		case tEOF:
			return nil, p.errorf(open.off, "unbalanced braces: '{' is never closed")
		default:
			slots = append(slots, slot{nil, p.tok.off})
		}
		// A separator or the end of the group.
		switch t := p.tok; t.kind {
		case tComma:
			seps = append(seps, sep{0, t.off})
		case tBars:
			seps = append(seps, sep{len(t.text), t.off})
		case tRBrace:
			p.next()
			g, err := p.build(open.off, slots, seps, depth)
			if err != nil {
				return nil, err
			}
			g.Pos = open.off
			return g, nil
		case tEOF:
			return nil, p.errorf(open.off, "unbalanced braces: '{' is never closed")
		default:
			return nil, p.errorf(t.off, "unexpected %s: missing ',' or '|' between options", t.describe())
		}
		p.next()
	}
}

// build turns the slots and separators of one level into a game, splitting
// at the single longest run of bars.
func (p *parser) build(off int, slots []slot, seps []sep, depth int) (*Game, error) {
	if depth > MaxDepth {
		return nil, p.errorf(off, "games nested deeper than %d", MaxDepth)
	}
	split, longest := -1, 0
	for i, s := range seps {
		switch {
		case s.bars > longest:
			split, longest = i, s.bars
		case s.bars == longest && longest > 0:
			return nil, p.errorf(s.off, "ambiguous bars: two runs of %d '|' at one level; add braces", longest)
		}
	}
	if split < 0 {
		return nil, p.errorf(off, "braces without '|': want {left options | right options}")
	}
	left, err := p.side(slots[:split+1], seps[:split], depth)
	if err != nil {
		return nil, err
	}
	right, err := p.side(slots[split+1:], seps[split+1:], depth)
	if err != nil {
		return nil, err
	}
	return &Game{Left: left, Right: right, Pos: off}, nil
}

// side turns one side of a split into a list of options: an implicit game
// if it still holds bars, else the comma-separated games.
func (p *parser) side(slots []slot, seps []sep, depth int) ([]*Game, error) {
	for _, s := range seps {
		if s.bars > 0 {
			g, err := p.build(slots[0].off, slots, seps, depth+1)
			if err != nil {
				return nil, err
			}
			return []*Game{g}, nil
		}
	}
	if len(slots) == 1 && slots[0].g == nil {
		return nil, nil // an empty side: that player has no move
	}
	opts := make([]*Game, len(slots))
	for i, s := range slots {
		if s.g == nil {
			return nil, p.errorf(s.off, "empty option: a ',' with no game beside it")
		}
		opts[i] = s.g
	}
	return opts, nil
}
