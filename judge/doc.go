// Package judge is goeval's judging estimator ("judge"): it tells which
// stones are dead and who is winning, where the estimators of the literature only draw a
// map in which every stone counts as alive.
//
// How it judges a position:
//
//  1. The symmetric λ/κ estimate (package influence, docs/estimators.md §2) gives
//     a first map x.
//  2. Every chain gets features (Features): the mean of x on its stones,
//     its liberties and their control, the control within three steps of
//     it, its enclosure (its colour's stones and empty points walled in by
//     the opponent's stones) and living space (the same, but also walled
//     by empty points the opponent controls) with the eyes in them, the
//     weakest adjacent opponent chain, the stage of the game (stones over
//     points), its group (the chains of its colour linked by shared
//     liberties: their size, liberties and control), a few products of
//     these, and for a chain with at most two
//     liberties what a capture search finds (package tactics): dead
//     whoever moves first, or capturable by the side to move. With
//     Params.Playouts, a chain also gets the mean final ownership of its
//     stones in that many random games played out from the position
//     (package playout): a group with room but no two eyes dies in most
//     of them, which none of the static features sees. The playouts cost
//     time and say little early in the game, so the shipped parameters
//     play them only in late positions, which have weights of their own
//     (Params.Late, from the stage Params.LateFrom on).
//  3. A logistic death model turns the features into the probability P
//     that the chain is dead (fitted to a stronger program's expected
//     ownership of the chain's stones, so that P is one half less half
//     of it), in two rounds: the first from the chain's
//     own features, the second from its first-round odds and those of its
//     neighbours (its group mates' deaths, its attackers' deaths), so that
//     chains share their fate. Chains that Benson's algorithm proves
//     pass-alive (package life), and chains in seki (two opposing chains
//     whose liberties are all shared or eyes: life.AnalyzeSeki), never
//     die; a seki's shared liberties are dame (control 0). Three
//     look-alikes are no seki: an eye that leans on a chain of two
//     liberties (taken on the eye point); a pair in which one chain can
//     fill one of its liberties and come out with a liberty neither had
//     (by joining another of its chains, by a capture, or through an "eye"
//     that touches its wall), which makes it a race that the death model
//     judges; and two eyeless chains sharing two liberties where the
//     smaller fills one on purpose and its capture leaves the other a
//     closed, dead eye shape (nakade); that other chain then dies and the
//     sacrificer lives. In a capturing race that the next move decides
//     (two chains in atari on one liberty), the side to move captures:
//     the other's chain dies and its own lives, unless the capture leaves
//     the capturer in atari (a ko, or stones taken back at once).
//  4. Chains with P above DeadAt are given to the opponent (as if
//     captured and filled), and the λ/κ estimate is run again, warm-started
//     from x, so that the territory around a dead group goes to its
//     killer. A lone stone that can be taken only by a ko capture, next
//     to a living chain of its colour, is not: its fate is the ko's.
//  5. The map: a stone's control is its colour times (1 - 2P), so a dead
//     stone shows the opponent's sign (goeval draws it in lower case); an
//     empty point's is the second estimate's. Chains with P from 0.2 to
//     0.8 are unsettled (Unsettled): the judge cannot tell their fate, and
//     says so in its report and notes.
//  6. The score is not the map's plain sum: a prior that knows only the
//     stage and the side to move (a position that looks even is worth
//     about 7 points to Black on the board, komi's worth, early on) is
//     moved towards the count (the map's empty points, and every stone
//     whole for the colour judged to own it) by a gate that opens as the
//     game settles and closes with the expected number of misjudged
//     stones; and a count far from the prior is believed only up to a
//     reach (R·tanh(d/R), see ScoreParams), since it is more often a
//     misjudged group than a rout. The count
//     first loses a fitted share of the stones at risk, by side (the sum
//     of colour·P over the stones counted alive, and a little of it over
//     those judged dead): late in the game each stone counted alive with
//     death probability P costs its side about 0.8·P. So the score is
//     honest about what the map cannot see. And it does not outweigh
//     what the map can see: it stays within the points still open (in
//     the count, step 8, and the territory held thinly: more than
//     ThinTerritory points for each stone walling it in, as a lone stone
//     "holds" an empty board) and four points for each unit of doubt on
//     the unsettled chains of the map's sum, so that once the board is
//     settled a lopsided game is forecast as lopsided (see ScoreParams).
//  7. The win probability (Analysis.WinProbability, with the game's
//     komi): a logistic in the score's margin over komi, whose even point (a
//     fraction of a point to Black: the games' Korean rules count
//     territory, in which Black's area is a point more than his territory
//     when he played the last stone) and spread (the margin at which the
//     odds reach about 3 to 1; it narrows as the game goes on and widens
//     with the expected number of misjudged stones) are fitted to the
//     winners of the training games. On the dev set it stays near 1/2 up
//     to move 150 (Brier score 0.25), a little overconfident where it
//     strays, and is about calibrated 20 moves before the end (see the
//     README).
//  8. The count (Analysis.Count, control.Counter): the position counted
//     as it stands, as a finished game is counted under area rules, with the
//     chains taken off in step 4 dead and the seki left (board.CountArea).
//     The score forecasts the end; the count says how things stand, and at
//     the end of a game it is the result (exact on 153 of the 165 counted
//     dev games' last positions).
//
// Judge.Analyze does all of this once and fills an Analysis, which the
// caller holds and asks for the map and score, the dead stones and seki,
// the count (step 8), the win probability (step 7) and the unsettled
// chains, without judging the position again. Estimate and the control
// interfaces (WinProbability, Count, Report, Notes) serve callers that
// see only a control.Estimator: the judge keeps the analysis of its last
// Estimate and answers from it while they ask about that position.
//
// The weights of steps 3, 6 and 7 are fitted by "goeval tune --reference"
// (package tune) on the training games: a stronger program's evaluation of
// 14,888 of their positions (KataGo's small network: its ownership for the
// death model, its lead for the score model) and the games' winners for
// the win model, the positions of counted games weighing 3 in the last two
// (they are a quarter of the training games, half of the dev set's). They
// ship in params.json; Default returns them: from 0.42 of the points
// occupied on (about move 180), a late model with 8 playouts and a λ/κ
// estimate of its own (λ and κ chosen, before, by cross-validated runs on
// the dev set). WithPlayouts returns the parameters of the slower judge
// registered as "judge-playouts" (params-playouts.json): a late model with
// 48 playouts from 0.2 of the points occupied on (about move 75). The
// judge is measured on the dev set, which it was not fitted on, by
// "goeval compare" against the truth and, with --reference, against the
// stronger program; see the README for the figures and docs/judge-notes.md
// for what each part buys.
//
// The training games are 19x19 with komi 6.5, and the fitted weights are used as
// they are on the other sizes. The death model reads each chain's own
// surroundings and carries over; the count needs no weights (it was exact
// on all 32 finished 9x9 records under area rules in the SGF corpus, and
// all 9 on 13x13). The score's prior, about 7 points to Black, is about
// komi on 9x9 and 13x13 too, but on smaller boards it can exceed the
// points there are, so the score is held within ±(number of points)
// (ScoreParams).
//
// Sign conventions are goeval's: +1 Black, -1 White, maps row-major from
// the top-left point, scores Black positive before komi.
package judge
