// Package ko solves positions made of basic endgame kos and two-sided dame
// under Ikeda Territory I scoring, as Robert Jasiek's study "Class of
// positions I1" tabulates them (Robert Jasiek; docs/estimators.md §5), and finds such kos on a board.
//
// # The inputs
//
// The study's algorithms use these quantities without defining them in
// words; this package defines them so:
//
//   - A basic endgame ko is a ko in which nothing is at stake but the one
//     stone that a capture takes: a lone stone in atari whose only
//     liberty, the ko point, is surrounded by the stone's own colour, so
//     that its owner connects by filling the ko point and the opponent
//     captures by playing there (and is then in atari himself, which makes
//     the ko); no group around it is short of liberties, and connecting
//     gains no territory. Under territory scoring a capture is worth one
//     prisoner; connecting, and every other play here, is worth nothing.
//   - Kb is the number of basic kos that Black can connect: a Black stone
//     is in atari, and White may capture it next. Kw is the number that
//     White can connect. K = Kb + Kw > 0, and Kd = Kb - Kw.
//   - D >= 0 is the number of two-sided dame: empty points bordered by
//     both colours, worth nothing to either, that still have to be filled.
//   - Tb, Tw >= 0 are the ko threats of each side: plays elsewhere that
//     the opponent answers, each threat and its answer together changing
//     the score by nothing (the study's "non-dame ko threats"); Td = Tb -
//     Tw.
//   - The side to move.
//
// The study assumes Kb >= Kw. When Kw > Kb the position is the mirror
// image of one that does not: Solve swaps the colours (Kb with Kw, Tb with
// Tw, the side to move), solves that, and swaps back, so the score changes
// sign and so do the ko fight's winner and every move's colour
// (Solution.Mirrored says so).
//
// # The table
//
// With Kd taken from the (mirrored, where needed) position, the case is
//
//	case 1  either to move, Kd mod 3 = 0          score -Kd/3            no ko fight
//	case 2  Black to move, Kd mod 3 = 1           score -(Kd - 1)/3      no ko fight
//	case 3  White to move, Kd mod 3 = 1, Td > 0   score -(Kd - 1)/3      Black wins the ko fight
//	case 4  White to move, Kd mod 3 = 1, Td <= 0  score -(Kd - 1)/3 - 1  White wins it
//	case 5  Black to move, Kd mod 3 = 2, Td > 0   score -(Kd - 2)/3      Black wins it
//	case 6  Black to move, Kd mod 3 = 2, Td <= 0  score -(Kd - 2)/3 - 1  White wins it
//	case 7  White to move, Kd mod 3 = 2           score -(Kd - 2)/3 - 1  no ko fight
//
// The score is the score due to the kos, Black minus White: the prisoners
// the kos give Black less those they give White. The study's "other
// style" writes the same number as Kd times the per-ko miai value -1/3
// plus a remainder: -Kd/3, -Kd/3 + 1/3, -Kd/3 + 1/3, -Kd/3 - 2/3,
// -Kd/3 + 2/3, -Kd/3 - 1/3, -Kd/3 - 1/3 for cases 1 to 7.
//
// Solution.Moves is the study's algorithm for the case, as data: who
// plays, what (connect a ko, capture in a ko, a ko threat, its answer, a
// dame, a pass) and in which ko. The kos are numbered from 0: 0..Kb-1 are
// Black's to connect at the start, Kb..K-1 White's (in the colours given,
// after any mirroring is undone).
//
// # Readings taken where the study is terse
//
//   - "Repeat 2*Kw times: connect ko": the players connect alternately
//     from the side to move, each one of his own kos (Black one of the
//     Kb, White one of the Kw), so that Kd of Black's kos remain.
//   - Case 1's variants A and B: the variant that starts with the side to
//     move, A (Black connects first) when Black is to move, B (White
//     captures first) when White is; step 1 has an even length, so the
//     side to move is the same before and after it.
//   - Case 2: Black connects one ko, and then case 1's steps follow with
//     White to move, so with variant B, as the study says.
//   - The ko fights (cases 3 to 6): every "capture ko" is in the one ko
//     left, by the players in turn, the first capture by the side to move
//     (White in cases 3 and 4; White again in cases 5 and 6, after Black's
//     connection of step 3), each followed by the other player's threat
//     and the capturer's answer: the other player may not retake at once.
//   - "Choose variant A or else B": A (play a dame) when a dame is left,
//     else B (pass); the variant letter of the later step follows it.
//   - "Passes": the alternation ends with three passes in a row (the
//     study's remarks: three successive passes end it). Passes in the
//     alternation score nothing, as the study's propositions count them.
//
// # Kos on a board
//
// Find lists the basic kos still open on a finished position, with its
// dead stones taken off, and Count counts such a position under territory
// scoring: territory (empty points bordered by one colour only, none of
// them a ko point or next to a stone in seki) and prisoners (the stones
// captured in the record, board.Board.Captures, and the dead stones), with
// the open kos and the dame resolved by the table. The judge's count under
// area rules does not use this package.
//
// # Output
//
// Solution.WriteText and WriteJSON write a solution as goeval ikeda
// prints it, the kos numbered from 1; Count.Text and Count.Report say how
// a territory count was made, for goeval's position output. The JSON
// types' fields may be added, never renamed.
package ko
