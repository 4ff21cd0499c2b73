// Package control defines what every goeval estimator produces: a control
// map and a score. It sits low, importing only board, so that estimator
// packages (influence, moyo, judge) implement Estimator without importing
// the registry that lists them.
//
// Conventions (docs/estimators.md §0): a point's control is a number in
// [-1, 1], +1 when Black owns it, -1 when White owns it, 0 for 50-50.
// Control maps are row-major from the top-left point (GTP A19 on 19x19) to
// the bottom-right (T1), the order KataGo uses for ownership. The score is
// the sum of control over all points, stones included, Black positive,
// before komi.
package control
