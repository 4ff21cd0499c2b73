// Package influence holds goeval's influence-style control estimators: the
// propagating influence function (propagate.go) and the symmetric λ/κ
// iteration of seed 003 section 3, defined in SPEC section 2.
//
// Conventions (SPEC sections 0 and 7): a point's control is a number in
// [-1, 1], +1 when Black owns it, -1 when White owns it, 0 for 50-50. Maps
// are row-major from the top-left point (GTP A19 on 19x19) to the
// bottom-right. The score is the sum of control over all points, stones
// included, Black positive, before komi.
package influence
