package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"strings"

	"goeval/board"
)

// ErrPalette reports a palette name that does not exist.
var ErrPalette = errors.New("render: unknown palette")

// Palette maps a control value in [-1, 1] to a colour.
type Palette int

// The palettes.
const (
	// Grey is the grayscale of the articles' figures: +1 (Black's) black, -1 (White's) white,
	// 0 (even) mid-grey, linear in between.
	Grey Palette = iota
	// RedBlue is a diverging scale: +1 blue, -1 red, 0 white, linear in
	// between, for readers who find the greys hard to tell apart.
	RedBlue
)

var paletteNames = [...]string{"grey", "redblue"}

// PaletteNames lists the names ParsePalette accepts, the default first.
func PaletteNames() []string { return append([]string(nil), paletteNames[:]...) }

// String returns the palette's name.
func (pl Palette) String() string {
	if pl >= 0 && int(pl) < len(paletteNames) {
		return paletteNames[pl]
	}
	return fmt.Sprintf("Palette(%d)", int(pl))
}

// ParsePalette returns the palette called name ("grey", also spelt "gray",
// or "redblue"); other names are an error wrapping ErrPalette that lists
// the valid ones.
func ParsePalette(name string) (Palette, error) {
	switch name {
	case "grey", "gray":
		return Grey, nil
	case "redblue":
		return RedBlue, nil
	}
	return 0, fmt.Errorf("%w %q (want %s)", ErrPalette, name, strings.Join(paletteNames[:], ", "))
}

// Color returns the colour of control value v; values outside [-1, 1]
// are clamped, NaN is drawn as 0.
func (pl Palette) Color(v float64) color.RGBA {
	if v != v {
		v = 0
	}
	v = math.Max(-1, math.Min(1, v))
	lerp := func(a, b uint8, t float64) uint8 { return uint8(math.Round(float64(a) + (float64(b)-float64(a))*t)) }
	if pl == RedBlue {
		// White at 0, towards blue (Black) or red (White).
		to := color.RGBA{33, 102, 172, 255} // blue
		if v < 0 {
			to = color.RGBA{178, 24, 43, 255} // red
		}
		t := math.Abs(v)
		return color.RGBA{lerp(255, to.R, t), lerp(255, to.G, t), lerp(255, to.B, t), 255}
	}
	g := lerp(255, 0, (v+1)/2)
	return color.RGBA{g, g, g, 255}
}

// Cross is the label that Picture draws as a cross (×) rather than as
// text: the mark of the worst moves in the symmetric-estimate article's
// Figure 10 (docs/estimators.md §4).
const Cross = "×"

// DefaultWidth is the width in pixels of a picture when none is asked for.
const DefaultWidth = 600

// MinWidth and MaxWidth bound the width of a picture in pixels.
const (
	MinWidth = 100
	MaxWidth = 8000
)

// Picture is a drawing of a board: the grid with its star points and GTP
// coordinates (columns A..T without I, rows numbered from the bottom), the
// stones, each point's control as a square of the palette's colour, short
// labels on points, and lines of caption under the board.
type Picture struct {
	// Board is the position; it must not be nil.
	Board *board.Board
	// Control holds one value in [-1, 1] per point in map order (+1
	// Black's, -1 White's). Each point's square is filled with its colour;
	// a stone that the map gives to the other colour carries a small
	// square of the other colour (dead), and one that the map gives to its
	// own colour by less than UnsettledBelow a mid-grey square
	// (unsettled). A legend under the board shows the scale and the marks
	// in use. Nil leaves the board plain.
	Control []float64
	// Palette colours the control values.
	Palette Palette
	// Labels holds, per point in map order, a short text (up to three
	// characters reads well) drawn on the point in bold, black or white
	// with a halo of the other, whichever stands out on the point's
	// colour: no disc, so that a label is never taken for a stone. ""
	// draws nothing and Cross draws a cross. Nil means no labels.
	Labels []string
	// Caption lists lines of text drawn centred under the board (and the
	// legend); a line too long for the width is wrapped at its commas or
	// spaces.
	Caption []string
	// Last, if not nil, is the point of the last move: its stone carries
	// a ring of the other colour, outside any mark of the map, and the
	// legend says so. Nil, or a point without a stone, marks nothing.
	Last *board.Point
}

// last returns the point of the last move's stone, or board.Pass.
func (p *Picture) last() board.Point {
	if p.Last == nil {
		return board.Pass
	}
	return stoneAt(p.Board, *p.Last)
}

// drawLast draws the ring of the last move on a stone of colour c centred
// at x, y with radius r.
func drawLast(sc *scene, c board.Color, x, y, r float64) {
	ring := white
	if c == board.White {
		ring = blackStone
	}
	sc.add(shape{kind: circleShape, x: x, y: y, w: r * 0.62, stroke: ring, lineWidth: math.Max(1, r/7)})
}

// UnsettledBelow is the control, towards a stone's own colour, under which
// a picture marks the stone unsettled: for the judge, whose map gives a
// stone its colour times 1 - 2P for a death probability P, the chains
// from P = 0.2 (as its Unsettled list) to P = 0.5; beyond that the map
// gives the stone to the other colour and marks it dead.
const UnsettledBelow = 0.6

// stoneMark is the mark a picture puts on a stone.
type stoneMark uint8

const (
	markNone stoneMark = iota
	markUnsettled
	markDead
)

// markOf returns the mark of a stone of colour c whose point has control v.
func markOf(c board.Color, v float64) stoneMark {
	switch s := v * float64(c); {
	case s < 0:
		return markDead
	case s < UnsettledBelow:
		return markUnsettled
	}
	return markNone
}

// check panics, with a "render: ..." message, on a misused Picture.
func (p *Picture) check(width int) {
	if p.Board == nil {
		panic("render: Picture without a Board")
	}
	n := p.Board.Geometry().N
	if p.Control != nil && len(p.Control) != n {
		panic(fmt.Sprintf("render: %d control values for %d points", len(p.Control), n))
	}
	if p.Labels != nil && len(p.Labels) != n {
		panic(fmt.Sprintf("render: %d labels for %d points", len(p.Labels), n))
	}
	if width < MinWidth || width > MaxWidth {
		panic(fmt.Sprintf("render: width %d outside %d..%d", width, MinWidth, MaxWidth))
	}
}

// Size returns the size in pixels of the picture drawn width pixels wide:
// the board takes a width x width square and the caption adds its lines
// below. It panics, like WriteSVG and WritePNG, if width is outside
// MinWidth..MaxWidth.
func (p *Picture) Size(width int) (w, h int) {
	p.check(width)
	return width, width + p.belowHeight(width)
}

// captionFont is the caption's font size in pixels.
func captionFont(width int) float64 { return math.Max(10, math.Round(float64(width)/40)) }

// belowHeight is the height of what is drawn under the board: the rows of
// the legend and the lines of the caption.
func (p *Picture) belowHeight(width int) int {
	n := len(p.legendRows(width)) + len(p.captionLines(width))
	if n == 0 {
		return 0
	}
	f := captionFont(width)
	return int(math.Ceil(float64(n)*f*1.4 + f*0.6))
}

// textWidth returns the width in pixels of s in Liberation Sans of size f,
// the font of the PNG (an SVG viewer's own font is about as wide).
func textWidth(s string, f float64, bold bool) float64 {
	fc := face(f, bold)
	return float64(fc.Width(s))
}

// captionLines returns the caption wrapped to the width: a line that does
// not fit, with a margin, is broken after the last ", " (else space) that
// fits, and the rest indented on the next line.
func (p *Picture) captionLines(width int) []string {
	f := captionFont(width)
	room := float64(width) - 2*f
	var out []string
	for _, line := range p.Caption {
		for textWidth(line, f, false) > room {
			cut := -1
			for _, sep := range []string{", ", " "} {
				for i := strings.LastIndex(line, sep); i > 0; i = strings.LastIndex(line[:i], sep) {
					if textWidth(line[:i+len(sep)-1], f, false) <= room {
						cut = i + len(sep)
						break
					}
				}
				if cut > 0 {
					break
				}
			}
			if cut <= 0 || cut >= len(line) {
				break // one word too long: let it overflow rather than cut it
			}
			out = append(out, strings.TrimRight(line[:cut], " "))
			line = "  " + line[cut:]
		}
		out = append(out, line)
	}
	return out
}

// A legendItem is one entry of the legend: a small drawing and its text,
// and a shorter text for a picture too narrow for the text.
type legendItem struct {
	draw        func(sc *scene, x, y, size float64) float64 // draws at x on the row's middle y; returns its width
	text, short string
}

// legendItems returns what the legend shows: the palette's scale, from
// Black's +1 to White's -1, and the marks of the stones that carry one.
func (p *Picture) legendItems() []legendItem {
	if p.Control == nil {
		return nil
	}
	items := []legendItem{{text: "Black's", short: "B"}, {draw: p.drawScale, text: "White's", short: "W"}}
	var dead, unsettled bool
	for pt, c := range p.Board.Cells() {
		if c != board.Empty {
			switch markOf(c, p.Control[pt]) {
			case markDead:
				dead = true
			case markUnsettled:
				unsettled = true
			}
		}
	}
	if dead {
		items = append(items, legendItem{draw: markedStones(markDead), text: "dead: the other colour's on the map", short: "dead"})
	}
	if unsettled {
		items = append(items, legendItem{draw: markedStones(markUnsettled), text: fmt.Sprintf("unsettled: the map gives it under %g", UnsettledBelow), short: "unsettled"})
	}
	if p.last() != board.Pass {
		items = append(items, legendItem{draw: lastStones, text: "the last move", short: "last"})
	}
	return items
}

// lastStones draws a black and a white stone with the last move's ring,
// for the legend.
func lastStones(sc *scene, x, y, size float64) float64 {
	r := size / 2
	drawStone(sc, board.Black, markNone, x+r, y, r)
	drawLast(sc, board.Black, x+r, y, r)
	drawStone(sc, board.White, markNone, x+3*r+size*0.15, y, r)
	drawLast(sc, board.White, x+3*r+size*0.15, y, r)
	return 4*r + size*0.15
}

// drawScale draws the palette from +1 to -1 as a bar of 11 steps.
func (p *Picture) drawScale(sc *scene, x, y, size float64) float64 {
	const steps = 11
	w := size * 0.55
	for i := range steps {
		v := 1 - 2*float64(i)/(steps-1)
		sc.add(shape{kind: rectShape, x: x + float64(i)*w, y: y - size*0.4, w: w, h: size * 0.8, fill: color.NRGBA(p.Palette.Color(v))})
	}
	sc.add(shape{kind: rectShape, x: x, y: y - size*0.4, w: steps * w, h: size * 0.8, stroke: stoneEdgeDark, lineWidth: 0.75})
	return steps * w
}

// markedStones draws a black and a white stone with mark m.
func markedStones(m stoneMark) func(sc *scene, x, y, size float64) float64 {
	return func(sc *scene, x, y, size float64) float64 {
		r := size * 0.5
		drawStone(sc, board.Black, m, x+r, y, r)
		drawStone(sc, board.White, m, x+3*r+size*0.15, y, r)
		return 4*r + size*0.15
	}
}

// legendRows lays the legend's items out in rows that fit the width, each
// row a list of items; the scale's two ends stay on one row.
func (p *Picture) legendRows(width int) [][]legendItem {
	items := p.legendItems()
	if len(items) == 0 {
		return nil
	}
	f := captionFont(width)
	room := float64(width) - 2*f
	var rows [][]legendItem
	var row []legendItem
	used := 0.0
	for i := 0; i < len(items); i++ {
		group := items[i : i+1]
		if items[i].draw == nil && i+1 < len(items) { // "Black's" goes with the bar
			group = items[i : i+2]
			i++
		}
		w := legendWidth(group, f)
		if w > room { // too narrow for the words: the short ones
			group = append([]legendItem(nil), group...)
			for k := range group {
				group[k].text = group[k].short
			}
			w = legendWidth(group, f)
		}
		if len(row) > 0 && used+w > room {
			rows, row, used = append(rows, row), nil, 0
		}
		row = append(row, group...)
		used += w
	}
	return append(rows, row)
}

// legendWidth is the width of a run of legend items of font size f: each
// drawing, then its text, with gaps.
func legendWidth(items []legendItem, f float64) float64 {
	w := 0.0
	for _, it := range items {
		if it.draw != nil {
			w += it.draw(&scene{}, 0, 0, f) + f*0.4
		}
		w += textWidth(it.text, f, false) + f*1.2
	}
	return w - f*0.8
}

// The colours of the drawing.
var (
	white = color.NRGBA{255, 255, 255, 255}
	black = color.NRGBA{0, 0, 0, 255}
	wood  = color.NRGBA{220, 179, 92, 255}
	ink   = color.NRGBA{34, 34, 34, 255}
	// A black stone has a light rim and a white stone a dark one, so that
	// each shows on every shade of the map, its own colour's included.
	blackStone     = color.NRGBA{17, 17, 17, 255}
	stoneEdgeLight = color.NRGBA{200, 200, 200, 255}
	stoneEdgeDark  = color.NRGBA{60, 60, 60, 255}
	unsettledMark  = color.NRGBA{136, 136, 136, 255}
)

// drawStone draws a stone of colour c with mark m, centred at x, y with
// radius r.
func drawStone(sc *scene, c board.Color, m stoneMark, x, y, r float64) {
	fill, edge, other := blackStone, stoneEdgeLight, white
	if c == board.White {
		fill, edge, other = white, stoneEdgeDark, blackStone
	}
	sc.add(shape{kind: circleShape, x: x, y: y, w: r, fill: fill, stroke: edge, lineWidth: math.Max(1, r/8)})
	s := r * 0.72
	switch m {
	case markDead:
		sc.add(shape{kind: rectShape, x: x - s/2, y: y - s/2, w: s, h: s, fill: other, stroke: edge, lineWidth: math.Max(0.5, r/16)})
	case markUnsettled:
		sc.add(shape{kind: rectShape, x: x - s/2, y: y - s/2, w: s, h: s, fill: unsettledMark})
	}
}

// contrast returns the colour that stands out on bg, black or white, and
// the other for a halo.
func contrast(bg color.NRGBA) (fg, halo color.NRGBA) {
	if 0.299*float64(bg.R)+0.587*float64(bg.G)+0.114*float64(bg.B) >= 140 {
		return black, white
	}
	return white, black
}

// gridColor returns the colour of the grid lines: black on wood; over a
// control map a brown that shows on black, white and grey squares alike.
func (p *Picture) gridColor() color.NRGBA {
	if p.Control == nil {
		return black
	}
	if p.Palette == RedBlue {
		return color.NRGBA{90, 90, 90, 255}
	}
	return color.NRGBA{196, 140, 60, 255}
}

// shapeKind is the kind of one drawing primitive.
type shapeKind uint8

const (
	rectShape   shapeKind = iota // x, y, w, h
	lineShape                    // from x, y to w, h
	circleShape                  // centre x, y, radius w
	textShape                    // baseline at y; x is the left end, centre or right end (anchor)
)

// anchor is where a text's x lies.
type anchor uint8

const (
	anchorMiddle anchor = iota
	anchorStart
	anchorEnd
)

// shape is one primitive of a scene: coordinates in pixels from the
// top-left corner; colours are not premultiplied. A fully transparent
// fill or stroke is not drawn.
type shape struct {
	kind         shapeKind
	x, y, w, h   float64
	fill, stroke color.NRGBA
	lineWidth    float64
	text         string
	fontSize     float64
	anchor       anchor
	bold         bool
	crisp        bool        // a rectangle whose edges are whole pixels: no antialiasing
	halo         color.NRGBA // text: an outline of this colour under the letters
	haloWidth    float64
}

// scene is a picture laid out as primitives in painting order; the SVG
// and PNG writers draw the same scene.
type scene struct {
	w, h   int
	shapes []shape
}

func (s *scene) add(sh shape) { s.shapes = append(s.shapes, sh) }

// starPoints returns the star points (hoshi) of a size x size board: the
// 4-4 points (3-3 below 13x13) of the corners where the board has room,
// the middle of the sides on odd boards of 15 lines or more, and the
// centre of odd boards from 7 lines up.
func starPoints(g *board.Geometry) []board.Point {
	n := g.Size
	if n < 7 {
		return nil
	}
	e := 3
	if n < 13 {
		e = 2
	}
	lines := []int{e, n - 1 - e}
	mid := n / 2
	var out []board.Point
	for _, y := range lines {
		for _, x := range lines {
			out = append(out, g.At(x, y))
		}
	}
	if n%2 == 1 {
		if n >= 15 {
			for _, l := range lines {
				out = append(out, g.At(mid, l), g.At(l, mid))
			}
		}
		out = append(out, g.At(mid, mid))
	}
	return out
}

// layout lays the picture out width pixels wide.
func (p *Picture) layout(width int) *scene {
	p.check(width)
	g := p.Board.Geometry()
	n := g.Size
	w, h := p.Size(width)
	sc := &scene{w: w, h: h}
	cell := float64(width) / float64(n+2)
	origin := 1.5 * cell // the centre of the top-left point, both ways
	at := func(i int) float64 { return origin + float64(i)*cell }
	// edge i is the boundary between the squares of lines i-1 and i,
	// rounded to a whole pixel so that squares tile without seams.
	edge := func(i int) float64 { return math.Round(origin - cell/2 + float64(i)*cell) }

	sc.add(shape{kind: rectShape, w: float64(w), h: float64(h), fill: white, crisp: true})
	if p.Control == nil {
		sc.add(shape{kind: rectShape, x: edge(0), y: edge(0), w: edge(n) - edge(0), h: edge(n) - edge(0), fill: wood, crisp: true})
	} else {
		for y := range n {
			for x := range n {
				v := p.Control[g.At(x, y)]
				sc.add(shape{kind: rectShape, x: edge(x), y: edge(y), w: edge(x+1) - edge(x), h: edge(y+1) - edge(y),
					fill: color.NRGBA(p.Palette.Color(v)), crisp: true})
			}
		}
	}

	// The grid, the edge of the board drawn heavier.
	gc := p.gridColor()
	thin := math.Max(1, cell/28)
	for i := range n {
		lw := thin
		if i == 0 || i == n-1 {
			lw = 2 * thin
		}
		sc.add(shape{kind: lineShape, x: at(0), y: at(i), w: at(n - 1), h: at(i), stroke: gc, lineWidth: lw})
		sc.add(shape{kind: lineShape, x: at(i), y: at(0), w: at(i), h: at(n - 1), stroke: gc, lineWidth: lw})
	}
	for _, s := range starPoints(g) {
		x, y := g.XY(s)
		sc.add(shape{kind: circleShape, x: at(x), y: at(y), w: math.Max(1.5, cell*0.09), fill: gc})
	}

	// Coordinates: letters above and below, numbers on both sides.
	cf := math.Max(7, cell*0.42)
	for i := range n {
		letter := g.GTP(g.At(i, 0))[:1]
		num := fmt.Sprint(n - i)
		base := cf * 0.36
		sc.add(shape{kind: textShape, x: at(i), y: 0.7*cell + base, text: letter, fontSize: cf, fill: ink})
		sc.add(shape{kind: textShape, x: at(i), y: float64(width) - 0.7*cell + base, text: letter, fontSize: cf, fill: ink})
		sc.add(shape{kind: textShape, x: 0.7 * cell, y: at(i) + base, text: num, fontSize: cf, fill: ink})
		sc.add(shape{kind: textShape, x: float64(width) - 0.7*cell, y: at(i) + base, text: num, fontSize: cf, fill: ink})
	}

	// Stones, with the mark the map gives them.
	cells := p.Board.Cells()
	for pt, c := range cells {
		if c == board.Empty {
			continue
		}
		x, y := g.XY(board.Point(pt))
		m := markNone
		if p.Control != nil {
			m = markOf(c, p.Control[pt])
		}
		drawStone(sc, c, m, at(x), at(y), cell*0.46)
		if board.Point(pt) == p.last() {
			drawLast(sc, c, at(x), at(y), cell*0.46)
		}
	}

	// Labels: bold text, or a cross, in black or white with a halo of the
	// other, whichever stands out on the point; no disc, which would look
	// like a stone.
	for pt, l := range p.Labels {
		if l == "" {
			continue
		}
		x, y := g.XY(board.Point(pt))
		cx, cy := at(x), at(y)
		bg := wood
		switch {
		case cells[pt] == board.Black:
			bg = blackStone
		case cells[pt] == board.White:
			bg = white
		case p.Control != nil:
			bg = color.NRGBA(p.Palette.Color(p.Control[pt]))
		}
		fg, halo := contrast(bg)
		if l == Cross {
			d := cell * 0.22
			lw := math.Max(1.5, cell/10)
			for _, ln := range [][4]float64{{cx - d, cy - d, cx + d, cy + d}, {cx - d, cy + d, cx + d, cy - d}} {
				sc.add(shape{kind: lineShape, x: ln[0], y: ln[1], w: ln[2], h: ln[3], stroke: halo, lineWidth: lw + math.Max(2, cell/12)})
			}
			for _, ln := range [][4]float64{{cx - d, cy - d, cx + d, cy + d}, {cx - d, cy + d, cx + d, cy - d}} {
				sc.add(shape{kind: lineShape, x: ln[0], y: ln[1], w: ln[2], h: ln[3], stroke: fg, lineWidth: lw})
			}
			continue
		}
		fs := cell * 0.62
		switch len([]rune(l)) {
		case 1:
		case 2:
			fs = cell * 0.5
		default:
			fs = cell * 0.38
		}
		sc.add(shape{kind: textShape, x: cx, y: cy + fs*0.36, text: l, fontSize: fs, fill: fg, bold: true,
			halo: halo, haloWidth: math.Max(1, fs/7)})
	}

	// The legend and the caption, centred under the board.
	f := captionFont(width)
	line := 0
	rowY := func() float64 { return float64(width) + f*1.4*float64(line) + f*1.1 }
	for _, row := range p.legendRows(width) {
		x := (float64(width) - legendWidth(row, f)) / 2
		mid := rowY() - f*0.36
		for _, it := range row {
			if it.draw != nil {
				x += it.draw(sc, x, mid, f) + f*0.4
			}
			sc.add(shape{kind: textShape, x: x, y: rowY(), text: it.text, fontSize: f, fill: ink, anchor: anchorStart})
			x += textWidth(it.text, f, false) + f*1.2
		}
		line++
	}
	for _, text := range p.captionLines(width) {
		sc.add(shape{kind: textShape, x: float64(width) / 2, y: rowY(), text: text, fontSize: f, fill: ink})
		line++
	}
	return sc
}
