// Package thermo computes thermographs, counts and miai values of local Go
// endgame trees, exactly, in the sense of combinatorial game theory (CGT).
//
// A local game is a tree: Black's options are Left's, White's are Right's,
// and a leaf is a number, the count of the final position with Black
// positive. Parse reads CGT notation such as "{4 | {3 | 2}}"; trees can also
// be built in code.
package thermo
