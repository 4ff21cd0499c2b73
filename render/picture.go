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
	// Grey is the seed's grayscale: +1 (Black's) black, -1 (White's) white,
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
// text: the mark of the worst moves in the seed's Figure 10.
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
	// Black's, -1 White's). Each point's square is filled with its colour,
	// and each stone carries a small square of its own point's colour, so
	// that a stone judged dead shows the other colour. Nil leaves the board
	// plain.
	Control []float64
	// Palette colours the control values.
	Palette Palette
	// Labels holds, per point in map order, a short text (up to three
	// characters reads well) drawn on a light disc on the point; "" draws
	// nothing and Cross draws a cross. Nil means no labels.
	Labels []string
	// Caption lists lines of text drawn centred under the board.
	Caption []string
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
	return width, width + p.captionHeight(width)
}

// captionFont is the caption's font size in pixels.
func captionFont(width int) float64 { return math.Max(10, math.Round(float64(width)/40)) }

func (p *Picture) captionHeight(width int) int {
	if len(p.Caption) == 0 {
		return 0
	}
	f := captionFont(width)
	return int(math.Ceil(float64(len(p.Caption))*f*1.4 + f*0.6))
}

// The colours of the drawing.
var (
	white      = color.NRGBA{255, 255, 255, 255}
	black      = color.NRGBA{0, 0, 0, 255}
	wood       = color.NRGBA{220, 179, 92, 255}
	ink        = color.NRGBA{34, 34, 34, 255}
	stoneEdge  = color.NRGBA{128, 128, 128, 255}
	discFill   = color.NRGBA{255, 255, 255, 230}
	discEdge   = color.NRGBA{96, 96, 96, 255}
	crossColor = color.NRGBA{192, 0, 0, 255}
)

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
	crisp        bool // a rectangle whose edges are whole pixels: no antialiasing
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

	// Stones, each with its control as a small square in the middle: on
	// a stone its own colour's control hides the square, and the more the
	// control leans the other way, the plainer the square shows.
	cells := p.Board.Cells()
	for pt, c := range cells {
		if c == board.Empty {
			continue
		}
		x, y := g.XY(board.Point(pt))
		fill := black
		if c == board.White {
			fill = white
		}
		sc.add(shape{kind: circleShape, x: at(x), y: at(y), w: cell * 0.46, fill: fill, stroke: stoneEdge, lineWidth: math.Max(1, cell/20)})
		if p.Control != nil {
			s := cell * 0.34
			sc.add(shape{kind: rectShape, x: at(x) - s/2, y: at(y) - s/2, w: s, h: s, fill: color.NRGBA(p.Palette.Color(p.Control[pt]))})
		}
	}

	// Labels on light discs; crosses as two strokes.
	for pt, l := range p.Labels {
		if l == "" {
			continue
		}
		x, y := g.XY(board.Point(pt))
		cx, cy := at(x), at(y)
		sc.add(shape{kind: circleShape, x: cx, y: cy, w: cell * 0.4, fill: discFill, stroke: discEdge, lineWidth: math.Max(0.75, cell/36)})
		if l == Cross {
			d := cell * 0.2
			lw := math.Max(1.5, cell/11)
			sc.add(shape{kind: lineShape, x: cx - d, y: cy - d, w: cx + d, h: cy + d, stroke: crossColor, lineWidth: lw})
			sc.add(shape{kind: lineShape, x: cx - d, y: cy + d, w: cx + d, h: cy - d, stroke: crossColor, lineWidth: lw})
			continue
		}
		fs := cell * 0.56
		switch len([]rune(l)) {
		case 1:
		case 2:
			fs = cell * 0.42
		default:
			fs = cell * 0.32
		}
		sc.add(shape{kind: textShape, x: cx, y: cy + fs*0.36, text: l, fontSize: fs, fill: black, bold: true})
	}

	// The caption, centred under the board.
	f := captionFont(width)
	for i, line := range p.Caption {
		sc.add(shape{kind: textShape, x: float64(width) / 2, y: float64(width) + f*1.4*float64(i) + f*1.1, text: line, fontSize: f, fill: ink})
	}
	return sc
}
