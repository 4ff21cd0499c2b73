// Package sgf is goeval's reader of Smart Game Format files (FF[1] to FF[4])
// for the game of Go: it parses a file into game trees and replays a game's
// main line onto a board.Board.
//
// What it accepts, and how:
//
//   - Collections: a file may hold several games; Collection.Games lists them
//     in file order. Variations: the main line is the first child at every
//     node.
//   - Character sets: UTF-8 (with or without a byte-order mark), UTF-16 with a
//     byte-order mark, and any CA[] charset known to golang.org/x/text
//     (GB2312, Shift_JIS, EUC-KR, ...), all decoded to UTF-8 before parsing so
//     that multi-byte characters can never be mistaken for SGF syntax. Text
//     that is valid UTF-8 is read as UTF-8 even where CA[] says otherwise (a
//     warning says so); text without CA[] that is not UTF-8 is read as
//     ISO-8859-1, the SGF default.
//   - Text values: escapes (\] \\ \:) and soft line breaks (a backslash before
//     a line break) as FF[4] defines them.
//   - Points: compressed lists such as AB[aa:cc]; passes as B[] and, on boards
//     up to 19x19, B[tt].
//   - FF[3] and older: lower-case letters in property names are ignored
//     (AddBlack[..] is AB), and a missing ';' after '(' is tolerated.
//   - Game information from the root (and the nodes before the first move):
//     SZ, KM (KM[] means no komi given), HA, RE, RU, PB, PW, DT, PL, and any
//     other property through Node.Value. V[] values stay on their nodes.
//
// Errors are for people. Malformed input is a *SyntaxError, printed as
// "file:line:col: sgf: what is wrong" and matching ErrSyntax; other formats
// (.gib, .ngf, binary) match ErrNotSGF; well-formed files that goeval cannot
// use (a board larger than 25x25, a rectangular board, a game other than Go)
// match ErrUnsupported; an illegal move in a record is a *MoveError that
// names the move number, the point and the reason. Positions are counted in
// lines from 1 and in characters from 1 within the line, after decoding.
// Recoverable oddities (a suicide in a record, an unknown charset, trailing
// text after the last game, a komi beyond ±1000, HA[] without handicap
// stones, a point in both AB and AW of one node, GM[] after the first move)
// are kept as Warnings rather than dropped. A chain that a node's setup (AB,
// AW, AE) leaves without liberties is removed, as SGF viewers do, with a
// warning naming its stones: no position holds one.
//
// Reading (ReadFile, Load, Read) stops early on what is no record:
// binary input at its first NUL byte (input that is not UTF-16), and any
// input at DefaultMaxSize, 64 MB, or the limit SetMaxSize sets (or
// SizeFlag, the flag.Value of a command line's limit in megabytes; an
// error matching ErrTooLarge), so that /dev/zero or an endless stream is
// refused after a bounded read; a regular file over the limit is refused
// before it is read.
//
// No input makes the reader panic or hang: parsing is iterative (no
// recursion on nesting depth) and linear in the size of the input, and
// finding a node's line and column takes two binary searches, however long
// its line (BenchmarkOneLine reads games written on one line).
package sgf
