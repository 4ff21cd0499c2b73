// Package netinput builds the inputs of KataGo's networks (input version
// V7, used by model versions 8 to 17) from a Go position and the moves
// that led to it, exactly as KataGo's NNInputs::fillRowV7 does: 22 planes
// of the board and 19 global values, all from the point of view of the
// side to move.
//
// Conventions:
//
//   - The board is size×size with size 2..19; point (x, y) is goeval's
//     board.Point y*size+x, x the column from the left and y the row from
//     the top (GTP A19 on 19x19 is point 0), which is also KataGo's NN
//     position when the network buffer is exactly the board's size.
//   - Spatial features are stored NHWC: the 22 values of a point are
//     contiguous, element (point, plane) at point*NumSpatial + plane.
//   - "pla" is the side to move, "opp" the other colour.
//
// The package knows boards and rules, nothing of network weights or
// kernels.
package netinput
