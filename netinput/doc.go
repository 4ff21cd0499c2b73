// Package netinput builds the inputs of KataGo's networks (input version
// V7, used by model versions 8 to 17) from a Go position and the moves
// that led to it, exactly as KataGo's NNInputs::fillRowV7 does: 22 planes
// of the board and 19 global values, all from the point of view of the
// side to move. Features.Fill is the entry point.
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
//   - Every value is 0 or 1 except global 5 (selfKomi/20, selfKomi being
//     White's komi plus bonuses from pla's side, clipped to ±(points+20))
//     and global 18 (the komi parity wave, −0.5..0.5).
//
// The inputs are those of KataGo's GTP command kata-raw-nn after GTP play
// commands replaying Position.Moves: raw evaluation with all history (at
// most 5 moves shown), no conservative pass, no passing hacks, draws
// worth half a win, no playout doubling, and leading Black moves counted
// as handicap stones. Like GTP, a move by the side not to move restarts
// the history (and clears the ko point), and the cleanup phase of
// Japanese rules never starts (two passes leave the game in the main
// phase). docs/net.md §2 describes the planes and globals; the files here
// name the KataGo functions they follow (neuralnet/nninputs.cpp fillRowV7,
// game/board.cpp, game/boardhistory.cpp).
//
// To reproduce KataGo's ladder planes exactly, also where its node budget
// of 25,000 moves cuts a search short, the package keeps its own board
// with KataGo's representation (linked chains with heads, rebuilt on undo
// as KataGo rebuilds them), because the order in which a chain lists its
// stones and liberties steers the search. Setup stones of the start board
// are placed one by one in row-major order, as KataGo's Board::parseBoard
// does; KataGo loading an SGF places them in the file's order, which can
// differ in those pathological cases only.
//
// The package knows boards and rules, nothing of network weights or
// kernels.
package netinput
