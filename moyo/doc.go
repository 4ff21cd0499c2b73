// Package moyo is the cutoff-number estimator of Tajima and Sanechika's
// "Equivalent Size of Moyo" (docs/estimators.md §3): it measures how
// tightly each vacant point is enclosed by each colour, which a distance-
// based influence cannot see in a large framework (moyo).
//
// Conventions are goeval's (see package control): control in [-1, 1],
// Black positive; maps row-major from the top-left point (GTP A19 on
// 19x19); the score is the sum of control over all points, before komi.
//
// # What it computes
//
// Atsumi. The signed atsumi of a vacant point is the propagating influence
// of package influence with cap-each, alpha = 1/2 and maximum distance 4
// (Settings.AtsumiReach): v = min(B,1) - min(W,1), where B sums 2^-d over
// the black stones at path length d <= 4 through vacant points, W likewise.
// Black's atsumi is max(v, 0), White's max(-v, 0). It is built by
// influence.Propagate with influence.AtsumiSettings, the same code as the
// propagate estimator.
//
//   - Territory of a colour: a vacant point whose atsumi for it is 1
//     (B >= 1 and no white stone within reach, or the reverse).
//   - Cutoff point of a colour: a vacant point whose atsumi for it is at
//     least 0.8 (territory included).
//
// Cutoff objects of a colour c:
//
//  1. the stones of c;
//  2. c's cutoff points;
//  3. n-legs: for a stone of c on line n <= 4 from an edge (line 1 being the
//     edge line), the vacant points on the perpendicular from the stone to
//     that edge, stopping at the first stone on the way; a stone near a
//     corner has a leg to each edge it is within 4 lines of;
//  4. same-colour spans: where two legs of c reach the same edge at first-
//     line points at most 6 apart (at most 5 first-line points between),
//     with no stone or leg of the other colour between them, the first-line
//     points between them.
//
// A vacant point claimed by both colours is an object of neither.
//
// Cutoff numbers. From a vacant point that is no object, move along each of
// the four lines; the first object met decides that direction for its
// colour, and reaching the edge first decides nothing. b and w count the
// directions decided for Black and White (b + w <= 4), d = b - w, and the
// enclosed equivalent size is D = 2d/10, from -0.8 to 0.8.
//
// The control map: stones +-1; territory +-1; other vacant cutoff objects
// +-0.8; every other vacant point D. Analysis also carries the paper's sums
// over the vacant points only: S, the sum of those values, and S', the same
// sum with the signed atsumi in place of the value wherever the atsumi is
// not 0 (the paper's "the enclosed equivalent size on a point is not summed
// up if the point has some atsumi"). The score (the sum over all points)
// counts stones too, as every goeval score does.
//
// Regions (the paper's section 3, Figure 3): a vacant point belongs to the
// colour whose nearest stone is strictly closer, by path length through
// vacant points (1 for a point next to the stone); equal distances make the
// equidistance line. With Settings.RegionOverride (the paper's variation
// 5.3(1)), on a vacant point that is no object, where the region's colour
// and the sign of D disagree, the region's colour wins and |D| is kept.
//
// # Decisions where the paper is silent
//
//   - A stone on the first line of an edge counts as a leg of length 0 that
//     reaches that edge at its own point, so it can end a span (the paper's
//     n-leg for n = 1). A leg that stops at a stone does not reach the edge.
//   - Spans join consecutive leg ends of one colour along an edge's first
//     line; they are broken by a stone of the other colour or by a leg
//     point of the other colour (a leg to any edge, as first-line legs of a
//     stone near the corner run along the first line). These tests use the
//     legs as drawn, before the rule for points claimed by both colours.
//   - A point claimed by both colours (say a black leg crossing a white
//     one) is no object: it gets cutoff numbers itself, and rays pass
//     through it.
//   - A vacant point that is several objects of one colour is reported by
//     the first kind in the order territory, cutoff point, leg, span; its
//     value is 1 for territory and 0.8 otherwise.
//   - S' replaces the value of every vacant point with nonzero atsumi,
//     objects included (a cutoff point with atsumi 0.875 counts 0.875, not
//     0.8; territory counts 1 either way).
//   - The region override applies to the control map (and so to S and to
//     S' where the atsumi is 0); the pairs and d views and Analysis.B/W stay
//     as counted. A point with d = 0 or on the equidistance line is not
//     changed. Points that no stone can reach (an empty board) are in no
//     region. Stones are reported in their own colour's region.
//   - The atsumi reach is an integer >= 1 (Options "atsumi-reach"); the
//     region override is Options "region-override", 0 or 1.
//
// # Views and JSON
//
// Moyo implements control.Viewer (views objects, pairs, d, size and
// regions, drawn like the paper's Figures 4, 5, 6, 7 and 3), and
// control.Labeler (the same views as labels for pictures), and
// control.Reporter (JSON fields "pairs", "objects", "regions", "S" and
// "S_prime"; see Moyo.Report).
//
// # Cost
//
// One bounded propagation (reach 4: four steps of the propagating
// estimator's bit-parallel search, a few µs) for the atsumi, one walk per
// leg, one
// sweep along each of the four directions for the cutoff numbers (the
// colour of the last object passed is the answer for every point until the
// next object), and, for the regions, one breadth-first search from all
// stones at once, where a point keeps the colours of the neighbours one
// step nearer: it holds both exactly on the equidistance line. Estimate
// does not allocate; it skips the regions unless the override needs them.
package moyo
