// Package render draws positions and control maps for people: as text (plain
// ASCII when piped, ANSI greys on a terminal) and, elsewhere in the package,
// as pictures.
//
// Text boards carry GTP coordinates round the edge (columns A..T without I,
// rows numbered from the bottom), so that a point read off the drawing can
// be typed back into goeval or a GTP engine.
package render
