// Package tactics reads capture fights: whether a chain with few liberties
// can be captured, by a short search of the moves that matter (its
// liberties, and for its owner the captures of the chains that press it).
//
// It is the judge's tactical eye (package judge): a static map cannot see
// that a chain in a ladder or a net is dead; a few hundred board plays can.
//
// The search is the classic attack/defend pair of mutual recursion:
//
//   - attack: the attacker is to move. A chain with one liberty is
//     captured. Otherwise the attacker tries each liberty; the attack
//     works if some move leaves a position the defender cannot defend.
//     A chain with more than MaxLiberties liberties at the attacker's turn
//     has escaped.
//   - defend: the defender is to move. It tries to capture an adjacent
//     attacking chain in atari and to extend at each liberty; a move that
//     leaves the chain more than MaxLiberties liberties has escaped, one
//     that leaves it one liberty fails, and any other works if the attack
//     on the new position fails.
//
// Moves the attacker might need beyond the liberties (a net one point away,
// a throw-in that is not a liberty) are not tried, so an attack the reader
// finds is real but some are missed. A ko capture counts as a capture.
// Each question is bounded by a node budget (Reader.Budget); when it runs
// out the answer is Unknown, never a guess.
//
// The Reader owns its scratch memory: reuse one value per goroutine; it
// does not allocate once warm.
package tactics
