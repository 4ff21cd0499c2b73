// Package playout plays random games to the end from a position, fast, and
// says who owns each point at their end: Monte-Carlo ownership, the way
// playout-based Go programs judge which stones are dead.
//
// Board is a position laid out for playing many moves: a padded board,
// chains kept as rings of stones with pseudo-liberty counts, and a list of
// the empty points to draw from. Runner.Ownership plays a fixed number of
// uniformly random games (no filling of one's own eyes, no suicide, no ko
// retake) and averages the final owners. The draws are seeded the same for
// every call, so the answer is a function of the position, and swapping
// the colours negates it exactly.
//
// The package board is its slow twin: the tests play random games on both
// and require the same stones, the same legal moves and the same ko after
// every move.
package playout
