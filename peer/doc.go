// Package peer runs outside Go engines through GTP, the Go Text Protocol
// (version 2), so that goeval can be measured beside them on the same
// positions.
//
// Client is a GTP client: Start runs an engine as a child process, Send
// sends one command and reads its answer ("= ..." or "? ...") within a
// timeout (Options.Timeout, 30 s by default), SendContext gives up as well
// when a context is cancelled (killing the engine, left mid-command), and
// Close asks the engine to quit and makes sure it is gone. Options.OwnGroup
// starts the engine in a process group of its own, out of reach of a
// Ctrl-C at the terminal, so that the program decides what to do with it
// (and stopping it then stops the whole group, a wrapper script's children
// too); Options.Context gives Send a context of its own. An engine that
// does not answer in time
// is killed; an engine that exits is reported with the last lines of its
// standard error. Errors match ErrRefused (the engine answered "?"),
// ErrTimeout and ErrExited. A command line names an engine as
// NAME=COMMAND (Spec; Specs is the flag.Value of a repeatable --peer).
//
// Evaluator puts positions on an engine's board and asks for its judgement:
//
//   - Positions: SetPosition replays a game's moves with boardsize,
//     clear_board, komi and play, which every GTP engine understands; when
//     the next position asked for is later in the same game, only the new
//     moves are played. Positions that moves cannot reach (setup stones)
//     are put on an empty board stone by stone (as play commands of both
//     colours, which never capture on the way to a legal position); the
//     engine then has no history, so ko and the side to move may be lost.
//     (GnuGo's "loadsgf FILE N" is not used: it loads the position before
//     move N, so the position after n moves needs "loadsgf FILE n+1", and
//     it ties the peer to the engine's own SGF reader.)
//   - Score: "estimate_score", answered like "W+3.5 (upper bound: ...,
//     lower: ...)" by GnuGo. That is a result after komi; Score converts it
//     to goeval's convention, Black positive and before komi (score = result
//   - komi). Engines without estimate_score are asked "final_score".
//   - Map: where the engine knows "initial_influence" (GnuGo), the map is
//     GnuGo's territory valuation ("initial_influence COLOR
//     territory_value", COLOR the side to move) turned into goeval's
//     convention: GnuGo's values are White positive, in [-1, 1] for empty
//     points, 0 for living stones, and ±2 for stones GnuGo counts as dead
//     (territory counting: point plus prisoner). Empty points get the
//     negated value clamped to [-1, 1]; a stone gets its own colour, or the
//     opponent's where GnuGo's value counts it for the opponent. Where the
//     engine knows only "final_status_list", the map comes from its dead
//     stones: stones of their colour unless dead, empty points owned by
//     the one colour that alone borders them once the dead are removed.
//     (GnuGo's final_status_list is exact but takes seconds to a minute
//     per middle-game position at level 1, so it is never the first
//     choice.) Otherwise there is no map.
package peer
