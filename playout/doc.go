// Package playout plays random games to the end from a position, fast, and
// says who owns each point at their end: Monte-Carlo ownership, the way
// playout-based Go programs judge which stones are dead.
//
// Board is a position laid out for playing many moves: a padded board,
// chains kept as rings of stones with pseudo-liberty counts and the sums
// of their liberties' indices and squares (which tell whether a chain is
// in atari, and where, without walking it), and a list of the empty points
// to draw from. Runner.Ownership plays a fixed number of random games and
// averages the final owners. The games are uniformly random but for four
// rules: no filling of one's own eyes, no suicide or ko retake, no
// self-atari of two or more stones, and an answer to an atari the last
// move made (capture the stone just played, or save one's own chain next
// to it, by a capture or by running). Without the last two, random play
// throws away groups that are alive and lets dead ones escape, which is
// what the judge
// asks the playouts about: with them, 32 playouts give 0.992 of the stones
// of the dev games' last counted positions (20 moves before the end) their
// true fate, against 0.980 without, and the games are a quarter shorter
// (136 moves against 178). The draws are seeded the same for every call,
// so the answer is a function of the position, and swapping the colours
// negates it exactly.
//
// The package board is its slow twin: the tests play random games on both
// and require the same stones, the same legal moves, the same ko and the
// same self-ataris and chains in atari after every move.
package playout
