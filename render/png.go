package render

import (
	"image"
	"image/png"
	"io"
	"math"
	"sync"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/vgimg"
)

// fonts is the cache of the Liberation fonts that PNGs are drawn with; a
// cache of our own, so that goeval never changes gonum/plot's defaults.
var fonts = sync.OnceValue(func() *font.Cache { return font.NewCache(liberation.Collection()) })

// face returns Liberation Sans of the given size in pixels (points at 72
// dots per inch).
func face(size float64, bold bool) font.Face {
	f := font.Font{Typeface: "Liberation", Variant: "Sans"}
	if bold {
		f.Weight = xfont.WeightBold
	}
	return fonts().Lookup(f, font.Length(size))
}

// WritePNG draws the picture width pixels wide (see Size for the height)
// as a PNG image, encoded by the standard image/png. It panics, like
// WriteSVG, on a misused picture.
//
// The scene is the one WriteSVG writes, rasterised by gonum/plot's vgimg
// (antialiased shapes, text in the Liberation fonts that gonum/plot
// carries, so no font need be installed).
func (p *Picture) WritePNG(w io.Writer, width int) error {
	return png.Encode(w, p.layout(width).raster())
}

// Image draws the picture width pixels wide as an image (see WritePNG).
func (p *Picture) Image(width int) image.Image {
	return p.layout(width).raster()
}

// raster draws the scene on an image of its size.
func (s *scene) raster() image.Image {
	c := vgimg.NewWith(vgimg.UseWH(vg.Length(s.w), vg.Length(s.h)), vgimg.UseDPI(72))
	s.drawTo(c, float64(s.h))
	return c.Image()
}

// drawTo draws the scene on a vg canvas whose origin is the bottom-left
// corner, h pixels (points) high.
func (s *scene) drawTo(c vg.Canvas, h float64) {
	pt := func(x, y float64) vg.Point { return vg.Point{X: vg.Length(x), Y: vg.Length(h - y)} }
	for _, sh := range s.shapes {
		switch sh.kind {
		case rectShape:
			var path vg.Path
			path.Move(pt(sh.x, sh.y))
			path.Line(pt(sh.x+sh.w, sh.y))
			path.Line(pt(sh.x+sh.w, sh.y+sh.h))
			path.Line(pt(sh.x, sh.y+sh.h))
			path.Close()
			fillStroke(c, path, sh)
		case circleShape:
			var path vg.Path
			path.Move(pt(sh.x+sh.w, sh.y))
			path.Arc(pt(sh.x, sh.y), vg.Length(sh.w), 0, 2*math.Pi)
			path.Close()
			fillStroke(c, path, sh)
		case lineShape:
			var path vg.Path
			path.Move(pt(sh.x, sh.y))
			path.Line(pt(sh.w, sh.h))
			fillStroke(c, path, sh)
		case textShape:
			f := face(sh.fontSize, sh.bold)
			x := sh.x
			switch sh.anchor {
			case anchorMiddle:
				x -= float64(f.Width(sh.text)) / 2
			case anchorEnd:
				x -= float64(f.Width(sh.text))
			}
			if sh.halo.A != 0 {
				// The halo: the text in the halo's colour, moved round a
				// circle of the halo's width.
				c.SetColor(sh.halo)
				for k := range 12 {
					a := float64(k) * math.Pi / 6
					c.FillString(f, pt(x+sh.haloWidth*math.Cos(a), sh.y+sh.haloWidth*math.Sin(a)), sh.text)
				}
			}
			c.SetColor(sh.fill)
			c.FillString(f, pt(x, sh.y), sh.text)
		}
	}
}

// fillStroke fills and then strokes a path with the shape's paint.
func fillStroke(c vg.Canvas, path vg.Path, sh shape) {
	if sh.fill.A != 0 && sh.kind != lineShape {
		c.SetColor(sh.fill)
		c.Fill(path)
	}
	if sh.stroke.A != 0 {
		c.SetColor(sh.stroke)
		c.SetLineWidth(vg.Length(sh.lineWidth))
		c.Stroke(path)
	}
}
