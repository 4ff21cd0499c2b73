package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"strconv"
	"strings"
)

// svgFonts is the font-family list of the SVG's text: the viewer picks the
// first it has. Liberation Sans is the font the PNG writer draws with.
const svgFonts = "Liberation Sans, Arial, Helvetica, DejaVu Sans, sans-serif"

// WriteSVG draws the picture width pixels wide (see Size) as an SVG
// document. It panics, with a "render: ..." message, if the picture is
// misused (Control or Labels of the wrong length, no Board) or width is
// outside MinWidth..MaxWidth.
//
// The SVG is written as text, one element per shape, so that it stays
// small, reads and diffs as text, and leaves the viewer to centre and
// draw the text in its own fonts; the output is the same bytes for the
// same picture.
func (p *Picture) WriteSVG(w io.Writer, width int) error {
	return p.layout(width).writeSVG(w)
}

// writeSVG writes the scene as a standalone SVG document.
func (s *scene) writeSVG(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	s.writeSVGElement(bw)
	return bw.Flush()
}

// writeSVGElement writes the <svg> element alone, as it is embedded in
// HTML.
func (s *scene) writeSVGElement(bw *bufio.Writer) {
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"%s\">\n",
		s.w, s.h, s.w, s.h, svgFonts)
	for _, sh := range s.shapes {
		switch sh.kind {
		case rectShape:
			fmt.Fprintf(bw, "<rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"%s", num(sh.x), num(sh.y), num(sh.w), num(sh.h), paint(sh))
			if sh.crisp {
				bw.WriteString(` shape-rendering="crispEdges"`)
			}
			bw.WriteString("/>\n")
		case lineShape:
			fmt.Fprintf(bw, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"%s/>\n", num(sh.x), num(sh.y), num(sh.w), num(sh.h), paint(sh))
		case circleShape:
			fmt.Fprintf(bw, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"%s/>\n", num(sh.x), num(sh.y), num(sh.w), paint(sh))
		case textShape:
			fmt.Fprintf(bw, "<text x=\"%s\" y=\"%s\" font-size=\"%s\"", num(sh.x), num(sh.y), num(sh.fontSize))
			switch sh.anchor {
			case anchorMiddle:
				bw.WriteString(` text-anchor="middle"`)
			case anchorEnd:
				bw.WriteString(` text-anchor="end"`)
			}
			if sh.bold {
				bw.WriteString(` font-weight="bold"`)
			}
			bw.WriteString(paint(sh))
			if sh.halo.A != 0 {
				// The outline drawn first, under the letters.
				fmt.Fprintf(bw, ` stroke="%s" stroke-width="%s" stroke-linejoin="round" paint-order="stroke"`, hex(sh.halo), num(2*sh.haloWidth))
			}
			bw.WriteByte('>')
			xml.EscapeText(bw, []byte(sh.text))
			bw.WriteString("</text>\n")
		}
	}
	bw.WriteString("</svg>\n")
}

// paint returns the fill and stroke attributes of a shape.
func paint(sh shape) string {
	var sb strings.Builder
	if sh.fill.A == 0 {
		sb.WriteString(` fill="none"`)
	} else {
		fmt.Fprintf(&sb, ` fill="%s"`, hex(sh.fill))
		if sh.fill.A != 255 {
			fmt.Fprintf(&sb, ` fill-opacity="%s"`, num(float64(sh.fill.A)/255))
		}
	}
	if sh.stroke.A != 0 {
		fmt.Fprintf(&sb, ` stroke="%s" stroke-width="%s"`, hex(sh.stroke), num(sh.lineWidth))
		if sh.stroke.A != 255 {
			fmt.Fprintf(&sb, ` stroke-opacity="%s"`, num(float64(sh.stroke.A)/255))
		}
	}
	return sb.String()
}

// hex returns a colour as #rrggbb.
func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// num formats a coordinate with at most two decimals and no trailing
// zeros.
func num(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		s = "0"
	}
	return s
}
