// Package sgftree reads a local endgame tree written as an SGF game tree
// into a thermo.Game, as docs/estimators.md §5 says: the variations whose first
// move is Black's are Black's (Left) options, White's are White's (Right),
// and a leaf is valued by its V[] property or, without one, by an
// estimator's score of the leaf position. It sits beside package thermo so
// that thermo itself stays free of boards and files.
//
// # The tree
//
// The local tree starts at the game's root node, after any chain of
// move-less nodes that the root leads to one by one (game information,
// then setup, as editors often write it). The setup stones (AB, AW, AE) and
// the move, if any, of those nodes make the starting position. From there
// every node is a game whose options are its children:
//
//   - a child whose move is Black's is a Black (Left) option, a child whose
//     move is White's a White (Right) option, whatever the colour of the move
//     before: two moves of one colour in a row are just that player's
//     option in the position after the first, the opponent having played
//     elsewhere, as in combinatorial game theory;
//   - a node with no children is a leaf, and its value is its V[]
//     (the count of the final position, Black positive, read exactly as the
//     decimal written, so V[2.5] is 5/2); a leaf without V[] is valued by
//     the estimator: its control.Result.Score of the whole board after
//     replaying the moves from the root, Black positive, before komi, rounded
//     to the nearest 1/100 (estimator scores are floats; exact rationals of
//     their last bits would only make unreadable counts). It is the
//     on-the-board score of the whole board, stones outside the local area
//     included: only differences between leaves matter to the miai values,
//     but the counts include the rest of the board, so a local tree valued
//     this way is best given on a small board or with V[] leaves;
//   - V[] on a node that has children is ignored: a node's value comes from
//     its options.
//
// A pass (B[] or B[tt] on boards up to 19x19) is a player declining to play
// locally. Declining is not a local move, so a pass node is transparent: its
// children are options of the position it passes in, as if they were its
// parent's children (Black passes, then White plays x: that is White's
// option x where Black passed). A pass with no children has no local
// meaning, so it is an error, as is a V[] that would be lost with it.
//
// # Kos
//
// A move that brings back a position met on the way from the root (the
// same stones; who is to move does not count in a local tree) is a ko:
// its option is that earlier position, which makes a cycle in the game
// graph, as thermo's named notation "A = {C | -2}; C = {13 | A}" does. So
// a ko is written by playing the retake under the take. A retake at once,
// which the rules forbid, stands for a retake after a ko threat and its
// answer elsewhere, and is played with the ban lifted. The move must end
// its variation and carry no V[]: the position it returns to has its own
// value. Read checks that every cycle has the shape of a ko that thermo
// counts; Tree.Locate places what thermo.Analyze may still refuse (a ko
// without swing, say) at the move that closes it.
//
// # What is rejected
//
// Every error is an *Error that says where in the file and what is wrong,
// "hane.sgf:7:12: local tree: ...", and matches one of:
//
//   - thermo.ErrKo: a cycle that is not a ko thermo counts (see
//     thermo.CycleError), placed at a move of the file that closes it;
//   - sgf.ErrIllegalMove: a move on an occupied point, a suicide, or a point
//     off the board;
//   - ErrMalformed: a node below the root with no move, a node with two
//     moves, setup stones below the root, a V[] that is not a number, a
//     pass that ends a variation, a move that brings back a position and
//     then goes on or carries V[], a tree deeper than MaxDepth;
//   - ErrNoEstimator: a leaf without V[] when no estimator was given (the
//     error of Options.Estimator itself is passed on unchanged).
//
// # A command's argument
//
// Load reads a tree as goeval miai takes it: notation for package thermo
// (a syntax error shown under its line with a caret), an SGF file, or
// standard input holding either; Local.Source says where it came from,
// for thermo's writers.
package sgftree
