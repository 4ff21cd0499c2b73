// Package render draws positions and control maps for people: as text (plain
// ASCII when piped, ANSI greys on a terminal) and as pictures, SVG or PNG.
//
// Text boards carry GTP coordinates round the edge (columns A..T without I,
// rows numbered from the bottom), so that a point read off the drawing can
// be typed back into goeval or a GTP engine.
//
// # Pictures
//
// A Picture draws a board the way the seed's figures do: each point's
// control as a square of grey (black for +1, Black's; white for -1,
// White's; mid-grey for 0) or of another Palette, the grid, star points
// and GTP coordinates over it, the stones, each with a small square of its
// own point's colour in the middle (hidden on a stone its colour holds,
// plain on one judged dead), short labels on light discs (the ranking's
// letters a..z, Cross for its worst moves, the moyo views' numbers), and
// lines of caption under the board (the estimator, score, iterations).
//
// A picture is laid out once as a list of shapes, in pixels, and written
// by two small writers: WriteSVG as SVG text, one element per shape, and
// WritePNG by rasterising the same shapes with gonum/plot's vgimg and
// encoding them with the standard image/png. The board takes a square the
// width asked for; the caption adds to the height (Size). The same
// picture gives the same bytes.
package render
