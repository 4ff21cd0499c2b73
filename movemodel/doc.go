// Package movemodel predicts the move a strong player would choose, with a
// generalized Bradley-Terry model of move choice fitted to professional
// games (Coulom, "Computing Elo Ratings of Move Patterns in the Game of
// Go", 2007).
//
// # The model
//
// Each legal move of the side to move, and the pass, is a candidate. A
// candidate has features, at most one of each Group: its local shape, the
// largest spatial pattern around it that the model knows, what it does
// tactically (captures, escapes, ataris, self-ataris), its distance to the
// two previous moves and to the edge, and, when the caller supplies them,
// its place in a one-ply ranking by an estimator and the owner of its
// point by an estimator's map. Every feature value has a strength, its
// gamma; a candidate's strength is the product of its features' gammas,
// and its probability is its strength over the sum of the strengths of
// all candidates of the position.
//
// # Conventions
//
//   - Features are from the mover's side: stones are the mover's own or
//     the opponent's, never Black or White, so one model serves both
//     colours, and a position and its colour-swapped twin with the other
//     side to move have the same features.
//   - Shapes and patterns are canonical under the 8 symmetries of the
//     board: a shape's code and a pattern's key are the least of its 8
//     images'. Pattern keys are Zobrist hashes over a fixed table made
//     from a fixed seed, so they are the same in every run and are stored
//     in parameter files.
//   - Spatial patterns are nested: the pattern of size k holds the points
//     at distance d(dx, dy) = |dx| + |dy| + max(|dx|, |dy|) up to k from
//     the move (size 3 is the 3x3 square, size 10 holds 72 points); off
//     the board is a state of its own, so patterns see the edge.
//   - Candidates come in map order (the top-left point first), the pass
//     last; a Candidate's F[g] is the value of group g, from 1, or 0 when
//     the move has no feature of the group (gamma 1).
//
// # Fitting
//
// Harvest counts shapes and patterns over training positions to build the
// Tables; Extractor computes the features of every candidate; Choices holds
// the candidates of many positions and which was played; Fit finds the
// gammas by minorization-maximization, one group at a time, with Coulom's
// prior of one virtual win and one virtual loss against a candidate of
// strength 1 for every value. The parameter file format is described at
// Model.Write; Default returns the model that ships with goeval, embedded.
// docs/moves.md says how it was fitted and how well it predicts.
package movemodel
