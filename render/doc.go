// Package render draws positions and control maps for people: as text (plain
// ASCII when piped, ANSI greys on a terminal) and as pictures, SVG or PNG.
//
// Text boards carry GTP coordinates round the edge (columns A..T without I,
// rows numbered from the bottom), so that a point read off the drawing can
// be typed back into goeval or a GTP engine.
//
// # Pictures
//
// A Picture draws a board the way the figures of the papers in docs/estimators.md do: each point's
// control as a square of grey (black for +1, Black's; white for -1,
// White's; mid-grey for 0) or of another Palette, the grid, star points
// and GTP coordinates over it, and the stones, black with a light rim and
// white with a dark one so that both show on every shade. A stone that the
// map gives to the other colour (dead) carries a small square of the other
// colour, and one that the map gives to its own colour by less than
// UnsettledBelow (unsettled) a mid-grey square; other stones carry none.
// Short labels (the ranking's letters a..z, Cross for its worst moves, the
// moyo views' numbers and symbols) are drawn in bold black or white with a
// halo of the other, whichever stands out on the point, with no disc that
// could pass for a stone. Under the board a legend shows the palette's
// scale from Black's to White's and the stone marks in use, and the
// caption's lines follow (the estimator, score, iterations), wrapped at
// commas to the width.
//
// A picture is laid out once as a list of shapes, in pixels, and written
// by two small writers: WriteSVG as SVG text, one element per shape, and
// WritePNG by rasterising the same shapes with gonum/plot's vgimg and
// encoding them with the standard image/png. The board takes a square the
// width asked for; the caption adds to the height (Size). The same
// picture gives the same bytes.
package render
