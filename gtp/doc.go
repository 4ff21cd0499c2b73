// Package gtp is goeval as a Go Text Protocol (version 2) engine, so that
// GoGui, Sabaki, Lizzie and other GUIs can show goeval's control maps and
// rankings: an Engine reads commands from one stream and answers on
// another, as "= answer" or "? message" followed by an empty line, with
// the command's id if it had one ("12 play b d4" answers "=12 ").
//
// Input is cleaned as GTP says: control characters other than tab and
// newline are dropped, tabs become spaces, "#" starts a comment, and blank
// lines are skipped; a line holding only an id answers "?id no command
// after the id", and a line of 1 MiB or more (longer than MaxLine)
// answers "? line of 1 MiB or more: ignored" (with its id) and the engine
// reads on. Every failure is a "? message" answer, never a crash:
// an unknown command answers "? unknown command", a malformed vertex names
// the vertex ("? invalid vertex \"z9\""), an illegal move says why, a board
// size outside 2..25 is "? unacceptable size", and a panic in a command is
// caught and answered as "? internal error: ...".
//
// # Commands
//
// The core of GTP 2: protocol_version, name, version, known_command,
// list_commands, quit, boardsize, clear_board, komi (6.5 until set), play,
// undo, showboard, genmove and reg_genmove. komi answers "? komi not a
// number" for what is not a number and "? komi out of range" for a value
// that is not finite or beyond MaxKomi either way (the area of the largest
// board, which no result can reach). And:
//
//   - time_settings MAIN_TIME BYO_YOMI_TIME BYO_YOMI_STONES and time_left
//     COLOR TIME STONES, which GUIs and servers send, are checked and
//     accepted, and change nothing: goeval does not search, so its moves
//     take the same time however much is left.
//   - fixed_handicap N places the GTP specification's fixed handicap
//     (section 4.1.1) on an empty board and answers its vertices: on
//     19x19 D4 Q16 D16 Q4, then K10 for an odd number, D10 Q10 from six
//     and K4 K16 from eight; the same pattern on the 4th line from 13x13,
//     on the 3rd line below; 2 to 9 stones on odd sizes from 9x9, 2 to 4
//     on 7x7 and even sizes, none below 7x7 ("? invalid number of
//     stones: ..."). place_free_handicap N places the same points, at most
//     the largest fixed handicap of the size (the specification lets an
//     engine place fewer stones than asked when they are enough), and
//     refuses boards below 7x7. set_free_handicap V... places black stones
//     where it is told (2 or more, each once, no pass: else "? bad vertex
//     list: ..."). On a board that is not empty each answers "? board not
//     empty". Handicap stones are setup, not moves: White is to move, the
//     history starts after them, and undo cannot take them off.
//   - loadsgf FILE [N] loads the main line of the first game of FILE as
//     GNU Go does: with N, the position before move N is played, that is
//     after N-1 moves; without N, or with N = 0 or beyond the end, the end
//     of the main line (beyond the end, with a warning); a negative N is
//     an error. The board size and komi are the file's, the moves can be
//     undone one by one, and the answer is the colour to move ("black" or
//     "white"). An illegal move before the position asked for fails the
//     load, the board left as it was, with an error naming the file, the
//     line and column, and the move ("? game.sgf:1:39: sgf: illegal move
//     3 (B Q16): ..."). The SGF reader's warnings (a game tree the file
//     does not close, say) go to Config.Warn.
//   - estimate_score and final_score answer in GNU Go's form, after komi:
//     "W+3.5", "B+0.8" or "0", with one decimal. estimate_score is the
//     judge's estimate of how the game will end, and adds "(upper bound:
//     U, lower: L)" where, as in GNU Go's answers, U and L are results
//     with White positive (GNU Go's own sign: its "B+6.8 (upper bound:
//     17.1, lower: -30.6)" means W+17.1 at best for White, B+30.6 at
//     worst). With a judge that models the spread of the result
//     (control.ResultRanger: goeval's judge by its win model, the network
//     by its score's standard deviation), U and L are the results White
//     reaches with probability 0.1 and 0.9 by that model: an 80% range.
//     Otherwise U gives White every point whose control is below +0.5
//     (not firmly Black's), L gives Black every point above -0.5, and
//     every other point counts its control, so L <= the estimate <= U.
//     final_score counts the position as it stands, as a finished game is
//     counted under area rules (board.CountArea): the dead stones of
//     final_status_list off, every other stone owns its point and every
//     empty region the colour that alone borders it (dame and seki
//     liberties count for neither). With Config.Territory it counts under
//     territory scoring instead (package ko): territory and prisoners,
//     the basic kos still open resolved by the Ikeda Territory I table.
//   - final_status_list alive|dead|seki lists the stones of that status,
//     one chain per line in map order (GNU Go lists one string per line).
//     With a judge that counts (control.Counter, as goeval's judge does),
//     dead and seki are its own verdicts: the stones it takes off, and
//     those it leaves in seki. With another estimator, a stone is dead
//     when the control on it has the opposite sign to its colour, and no
//     stone is in seki.
//   - genmove COLOR plays and answers the top move of the one-ply ranking
//     (package rank) for COLOR, or "pass" when no move gains over a pass;
//     reg_genmove answers the same without playing it. With Config.Model,
//     the move model's likeliest move worth playing (choose). With
//     Config.Policy, the judge's move probabilities (control.MovePredictor,
//     the network's policy) for COLOR, from the record with COLOR to move
//     (see Records): the likeliest legal move that does not fill one of
//     COLOR's own true eyes (every neighbour COLOR's, at most one diagonal
//     point the opponent's, none on the edge), or "pass" when the pass is
//     likelier than every such move. As the pass is always there, an own
//     true eye is never filled.
//   - kgs-genmove_cleanup COLOR, which KGS sends in the cleanup phase after
//     a disagreement about dead stones, is genmove, except that instead of
//     passing while the opponent has stones the judge counts dead (its
//     count) it plays a liberty of the dead chain with the fewest
//     liberties (the first in map order among equals): the first in map
//     order that is legal, not an own true eye and not a self-atari that
//     captures nothing, or failing that the first that is only a
//     self-atari (a throw-in). Played again and again, it takes the dead
//     stones off; COLOR's own dead stones are the opponent's to take.
//   - final_score and final_status_list count with the judge's Counter
//     whatever orders the moves (the network's count takes off the stones
//     its ownership gives to the other colour).
//
// The judge is the estimator Config.Judge builds: every score, status,
// ranking and kata-analyze answer comes from it.
//
// # Records
//
// The engine keeps the record behind the position: the plays (play,
// genmove, a loaded game's moves), each with its colour, passes included.
// An estimator that reads records (control.GameEstimator, as the network
// does) is given it wherever the engine evaluates the position (estimate,
// count, final_score, final_status_list, estimate_score, kata-analyze's
// ownership and moves, the ownership analyze commands): control.Game with
// Start the first position of the history (the board when there is none),
// Moves the moves played since, Komi the engine's komi and Territory
// Config.Territory. The record of a loaded game starts after its setup
// stones, and again after setup stones in mid-game or a suicide (which
// rules that forbid suicide cannot replay); handicap stones start it
// too. An evaluation for the colour that is not to move (genmove,
// kata-analyze) is of the board with that colour to move and no history,
// as KataGo's. When the estimator cannot replay the record (its error),
// the board is evaluated alone, with a warning to Config.Warn (once, not
// again at once for the same failure). A run of
// passes holds at most three positions of the history, however long it
// is.
//
// # GoGui analyze commands
//
// gogui-analyze_commands (also spelt gogui_analyze_commands) lists:
//
//   - dboard goeval-ownership-NAME for every estimator of Config.Estimators:
//     the control map, one row per line from the top, Black positive (GoGui
//     draws positive values as black squares);
//   - pspairs goeval-values: every empty point with its gote miai value
//     (rank.Values; deiri/2, Black positive), one point and value a line;
//   - sboard goeval-ranking [COLOR]: the ranking for COLOR (the side to
//     move by default) as letters a..z on the 26 best moves and X on the 26
//     worst (GTP is 7-bit ASCII, so the cross of the symmetric-estimate article's Figure 10 (docs/estimators.md §4) is a capital X, and
//     every letter is lower case), "" elsewhere;
//   - gfx goeval-ranking-gfx [COLOR]: the same drawn with GoGui's own
//     LABEL and MARK (a cross), and the best move in the status line.
//
// # kata-analyze
//
// kata-analyze's candidate moves are the ranking's best moves, or with
// Config.Policy the judge's likeliest moves (the pass among them when the
// judge gives it a probability; ties in map order, the pass last), with
// their probabilities as the prior and the ownership of the judge's
// evaluation of the position for the colour analysed (the root). Either
// way each candidate's winrate and scoreLead are the judge's evaluation of
// the position after it (one ply, by the record and the move).
//
// kata-analyze [COLOR] [INTERVAL] [KEY VALUE ...] answers in KataGo's
// format so that Lizzie and Sabaki can show goeval's map: "=" and then,
// every INTERVAL centiseconds (100 unless given, as INTERVAL or "interval
// N"; 0 for once), one line of "info move V visits 1 ... order I pv V" for
// each of the best moves (10 unless "maxmoves N") and, with "ownership
// true", "ownership" and size*size values; until the next command or a
// bare newline arrives, which ends the answer with the empty line and is
// then carried out. The keys "avoid COLOR VERTICES UNTILDEPTH" and "allow
// COLOR VERTICES UNTILDEPTH" (vertices separated by commas, the pass
// among them if wanted) are honoured as KataGo's: for the colour analysed,
// the candidates leave out every avoided vertex and, with allow, every
// vertex not allowed; every depth from 1 covers the candidates, the only
// moves goeval considers, and the other colour's keys bear on none of
// them. Other keys are accepted and ignored. lz-analyze takes the same
// arguments, and its errors name lz-analyze.
//
// kata-genmove_analyze and lz-genmove_analyze [COLOR] [KEY VALUE ...]
// take kata-analyze's arguments and answer at once (an interval is
// accepted and ignored): "=", one analysis line of the format, and "play
// MOVE" with genmove's move for COLOR (the side to move by default) among
// the moves the avoid and allow keys leave, which is played.
//
// As KataGo's documentation says of its own output, every value is from
// the perspective of the player being analysed (COLOR, or the side to
// move): ownership is the judge's control times +1 for Black, -1 for
// White, in KataGo's order (row-major from the top-left point, A19 on
// 19x19, to the bottom-right); scoreLead, scoreMean and scoreSelfplay are
// the score after the move minus komi, from that player's side. goeval
// has no search, so some fields are stand-ins that GUIs can draw: visits
// is 1 (one evaluation per move), winrate and lcb are the ranking
// estimator's win probability after the move where it gives one (the
// judge, with --rank-estimator judge: see control.WinPredictor), else
// 1/(1+exp(-scoreLead/10)), a squashed score and not a probability,
// utility and utilityLcb are 2*winrate-1, prior is 1/n for the n moves
// reported (the move model's or the judge's probability when they order
// the moves), scoreStdev is 0 and pv is the move alone.
package gtp
