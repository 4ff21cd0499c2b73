package netinput

import "goeval/board"

// This file replays a game the way KataGo's GTP engine records it
// (command/gtp.cpp play → search/search.cpp Search::makeMove →
// game/boardhistory.cpp BoardHistory::makeBoardMoveAssumeLegal), keeping
// the part of BoardHistory the V7 inputs read.

// ruleSet is the part of KataGo's Rules the inputs depend on.
type ruleSet struct {
	territory      bool // territory scoring (else area)
	taxSeki        bool // TAX_SEKI (else TAX_NONE)
	friendlyPassOk bool
	handicapN      bool // white handicap bonus N (else 0)
	// suicide is multi-stone suicide legality; it sets global 8 and
	// Benson's variant. Replays still refuse suicide (goeval's Play).
	suicide bool
	// positionalKo selects KataGo's KO_POSITIONAL for globals 6/7, pass
	// endings and repetition; its superko bans are not modelled (tests
	// only).
	positionalKo bool
}

func (r Rules) set() ruleSet {
	if r == Japanese {
		return ruleSet{territory: true, taxSeki: true}
	}
	return ruleSet{friendlyPassOk: true, handicapN: true}
}

// recentBoards is how many boards back the history keeps (the current one
// and two before it).
const recentBoards = 3

// history is the replayed game state.
type history struct {
	rules ruleSet

	// boards is a ring: boards[cur] is the current board, the one before
	// it the board one move ago, and so on; after a reset all are the
	// board of the reset.
	boards [recentBoards]kboard
	cur    int

	toMove int8         // KataGo's rootPla / presumedNextMovePla
	moves  []board.Move // moves since the last reset

	initBlack, initWhite int // stones on the board at the last reset

	approxValidTurns int // numApproxValidTurnsThisPhase
	endingPasses     int // consecutiveEndingPasses
	passHashes       [2][]uint64
	koHashes         []uint64 // positions since the last pass or reset
	finished         bool     // isGameFinished
	pastPhaseEnd     bool     // isPastNormalPhaseEnd

	whiteBonus    float32 // whiteBonusScore
	handicapBonus float32 // whiteHandicapBonusScore
	whiteMoved    bool
}

func (h *history) board() *kboard { return &h.boards[h.cur] }

// recent returns the board k (0..2) moves ago.
func (h *history) recent(k int) *kboard {
	return &h.boards[(h.cur-k+recentBoards)%recentBoards]
}

// koHash is KataGo's getKoHash: the stones, and the side to move under
// simple ko.
func (h *history) koHash(b *kboard, toMove int8) uint64 {
	if h.rules.positionalKo {
		return b.hash
	}
	return b.hash ^ zobristToMove[colorIdx(toMove)]
}

// reset starts a new history at the current board with toMove to play,
// as BoardHistory::clear followed by
// setAssumeMultipleStartingBlackMovesAreHandicap(true).
func (h *history) reset(toMove int8) {
	b := h.board()
	for i := range h.boards {
		if i != h.cur {
			h.boards[i] = *b
		}
	}
	h.toMove = toMove
	h.moves = h.moves[:0]
	h.initBlack, h.initWhite = 0, 0
	for y := 0; y < b.ySize; y++ {
		for x := 0; x < b.xSize; x++ {
			switch b.color[b.loc(x, y)] {
			case black:
				h.initBlack++
			case white:
				h.initWhite++
			}
		}
	}
	h.approxValidTurns = 0
	h.endingPasses = 0
	h.passHashes[0] = h.passHashes[0][:0]
	h.passHashes[1] = h.passHashes[1][:0]
	h.koHashes = append(h.koHashes[:0], h.koHash(b, toMove))
	h.finished, h.pastPhaseEnd = false, false
	h.whiteBonus = 0
	if h.rules.territory {
		// One point per stone on the board, and per stone captured.
		h.whiteBonus = float32(h.initBlack-h.initWhite) - float32(b.whiteCaptured-b.blackCaptured)
	}
	h.whiteMoved = false
	h.handicapBonus = float32(h.handicapStones())
}

// handicapStones is KataGo's computeWhiteHandicapBonus for WHB_N or
// WHB_ZERO with assumeMultipleStartingBlackMovesAreHandicap.
func (h *history) handicapStones() int {
	if !h.rules.handicapN {
		return 0
	}
	leading := 0
	for i, m := range h.moves {
		if m.Color != board.Black {
			if i+1 < len(h.moves) && h.moves[i+1].Color != board.Black {
				leading = 0
				break
			}
			if m.Point == board.Pass {
				continue
			}
			break
		}
		if m.Point != board.Pass {
			leading++
		}
	}
	if h.initWhite != 0 {
		return 0
	}
	if n := h.initBlack + leading; n > 1 {
		return n
	}
	return 0
}

func contains(hs []uint64, x uint64) bool {
	for _, h := range hs {
		if h == x {
			return true
		}
	}
	return false
}

// play records a legal move l (passLoc for a pass) by c. A move by the
// side not to move first resets the history and the ko point, as GTP's
// play does through Search::setPlayerAndClearHistory.
func (h *history) play(c int8, l int16) {
	if c != h.toMove {
		h.board().ko = noLoc
		h.reset(c)
	}
	if h.finished || h.pastPhaseEnd {
		h.approxValidTurns = min(h.approxValidTurns, 1)
	}
	h.finished, h.pastPhaseEnd = false, false

	spightEnd := false
	if l != passLoc {
		h.endingPasses = 0
	} else {
		kh := h.koHash(h.board(), c)
		if !h.rules.positionalKo {
			// Passes clear the repetition history under simple ko; a
			// repeated position before a pass by the same player still
			// ends the phase.
			h.koHashes = h.koHashes[:0]
			spightEnd = contains(h.passHashes[colorIdx(c)], kh)
		}
		h.endingPasses++
		h.passHashes[colorIdx(c)] = append(h.passHashes[colorIdx(c)], kh)
	}

	next := (h.cur + 1) % recentBoards
	h.boards[next] = h.boards[h.cur]
	h.cur = next
	h.board().play(l, c)

	h.koHashes = append(h.koHashes, h.koHash(h.board(), -c))
	pt := board.Pass
	if l != passLoc {
		x, y := h.board().xy(l)
		pt = board.Point(y*h.board().xSize + x)
	}
	h.moves = append(h.moves, board.Move{Color: board.Color(c), Point: pt})
	h.approxValidTurns++
	h.toMove = -c

	if h.rules.territory && l != passLoc {
		if c == black {
			h.whiteBonus++
		} else {
			h.whiteBonus--
		}
	}
	if c == white && l != passLoc {
		h.whiteMoved = true
	}
	if !h.whiteMoved && c == black && h.rules.handicapN {
		h.handicapBonus = float32(h.handicapStones())
	}

	if h.endingPasses >= 2 || spightEnd {
		if h.rules.territory {
			// GTP prevents the cleanup phase: the game stays in the main
			// phase, past its normal end.
			h.pastPhaseEnd = true
			h.approxValidTurns = min(h.approxValidTurns, 1)
		} else {
			h.finished = true
		}
	}
	if l != passLoc && !h.rules.positionalKo {
		// A third occurrence of a position is a no-result end.
		last, n := h.koHashes[len(h.koHashes)-1], 0
		for _, kh := range h.koHashes {
			if kh == last {
				n++
			}
		}
		if n >= 3 {
			h.finished = true
		}
	}
}

// passEndsPhase is BoardHistory::passWouldEndPhase for the side to move.
func (h *history) passEndsPhase() bool {
	return h.endingPasses+1 >= 2 || h.spightlikePass()
}

func (h *history) spightlikePass() bool {
	if h.rules.positionalKo {
		return false
	}
	return contains(h.passHashes[colorIdx(h.toMove)], h.koHash(h.board(), h.toMove))
}

// passEndsGame is BoardHistory::passWouldEndGame (main phase only).
func (h *history) passEndsGame() bool { return h.passEndsPhase() && !h.rules.territory }

// suppressFriendlyPass is BoardHistory::shouldSuppressEndGameFromFriendlyPass.
func (h *history) suppressFriendlyPass() bool {
	return h.rules.friendlyPassOk && !h.rules.territory && h.endingPasses+1 == 2 && !h.spightlikePass()
}
