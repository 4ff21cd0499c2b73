package peer

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"goeval/board"
)

// ErrAnswer reports an answer the Evaluator cannot read.
var ErrAnswer = errors.New("peer: unreadable answer")

// MapSource says where an Evaluator's control map comes from.
type MapSource int8

// The map sources (see the package documentation).
const (
	MapAuto      MapSource = iota // the first the engine knows of MapInfluence, MapDead
	MapInfluence                  // initial_influence COLOR territory_value (GnuGo)
	MapDead                       // final_status_list dead
	MapNone                       // no map
)

var mapNames = [...]string{"auto", "influence", "dead", "none"}

// String returns "auto", "influence", "dead" or "none".
func (m MapSource) String() string { return mapNames[m] }

// Evaluator puts positions on one engine's board and asks for its score
// and map. It is not safe for concurrent use.
type Evaluator struct {
	c        *Client
	scoreCmd string
	mapSrc   MapSource

	// The engine's board, as far as we know it.
	valid  bool
	game   int
	size   int
	komi   float64
	played []board.Move
	placed bool // set up stone by stone: no history

	topMoves int8 // Suggest: 0 not asked yet, 1 top_moves known, 2 not
}

// NewEvaluator asks the engine which commands it knows and returns an
// Evaluator for it. It fails if the engine knows neither estimate_score
// nor final_score, or if m asks for a map command the engine lacks.
func NewEvaluator(c *Client, m MapSource) (*Evaluator, error) {
	e := &Evaluator{c: c}
	switch {
	case c.Known("estimate_score"):
		e.scoreCmd = "estimate_score"
	case c.Known("final_score"):
		e.scoreCmd = "final_score"
	default:
		return nil, fmt.Errorf("peer: %s knows neither estimate_score nor final_score", c.name)
	}
	influence, dead := c.Known("initial_influence"), c.Known("final_status_list")
	switch {
	case m == MapAuto && influence, m == MapInfluence && influence:
		e.mapSrc = MapInfluence
	case m == MapAuto && dead, m == MapDead && dead:
		e.mapSrc = MapDead
	case m == MapAuto, m == MapNone:
		e.mapSrc = MapNone
	default:
		return nil, fmt.Errorf("peer: %s does not know the command of map %s", c.name, m)
	}
	return e, nil
}

// Map returns the map source in use (never MapAuto).
func (e *Evaluator) Map() MapSource { return e.mapSrc }

// ScoreCommand returns the command used for the score.
func (e *Evaluator) ScoreCommand() string { return e.scoreCmd }

// SetPosition puts a position on the engine's board. game tells games
// apart; moves are the game's moves from the empty board up to the
// position, or nil when the position cannot be reached by moves, in which
// case b is set up stone by stone. When the position continues the game
// already on the board, only the new moves are played.
func (e *Evaluator) SetPosition(game, size int, komi float64, moves []board.Move, b *board.Board) error {
	err := e.setPosition(game, size, komi, moves, b)
	if err != nil {
		e.valid = false
	}
	return err
}

func (e *Evaluator) setPosition(game, size int, komi float64, moves []board.Move, b *board.Board) error {
	geo := board.GeometryOf(size)
	if moves != nil && e.valid && !e.placed && e.game == game && e.size == size && e.komi == komi &&
		len(moves) >= len(e.played) && sameMoves(moves[:len(e.played)], e.played) {
		return e.play(geo, moves[len(e.played):])
	}
	e.valid = false
	for _, cmd := range []string{"boardsize " + strconv.Itoa(size), "clear_board",
		"komi " + strconv.FormatFloat(komi, 'f', -1, 64)} {
		if _, err := e.c.Send(cmd); err != nil {
			return err
		}
	}
	e.game, e.size, e.komi, e.played, e.placed = game, size, komi, e.played[:0], moves == nil
	e.valid = true
	if moves != nil {
		return e.play(geo, moves)
	}
	for p, c := range b.Cells() {
		if c != board.Empty {
			if _, err := e.c.Send("play " + c.String() + " " + geo.GTP(board.Point(p))); err != nil {
				return err
			}
		}
	}
	return nil
}

func (e *Evaluator) play(geo *board.Geometry, moves []board.Move) error {
	for _, m := range moves {
		if _, err := e.c.Send("play " + m.Color.String() + " " + geo.GTP(m.Point)); err != nil {
			return err
		}
		e.played = append(e.played, m)
	}
	return nil
}

func sameMoves(a, b []board.Move) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Score asks the engine for its score of the position on its board and
// returns it in goeval's convention: Black positive, before komi (the
// engine's result after komi, plus komi).
func (e *Evaluator) Score() (float64, error) {
	a, err := e.c.Send(e.scoreCmd)
	if err != nil {
		return 0, err
	}
	r, err := ParseScore(a)
	if err != nil {
		return 0, err
	}
	return r + e.komi, nil
}

// ParseScore reads a GTP score answer ("B+6.5", "W+3.0 (upper bound:
// -2.0, lower: -4.0)", "0") as a result after komi, Black positive. Only
// the first word counts.
func ParseScore(a string) (float64, error) {
	f := strings.Fields(a)
	if len(f) == 0 {
		return 0, fmt.Errorf("%w: empty score", ErrAnswer)
	}
	s := strings.ToUpper(f[0])
	if s == "0" || s == "DRAW" || s == "JIGO" {
		return 0, nil
	}
	sign := 0.0
	switch {
	case strings.HasPrefix(s, "B+"):
		sign = 1
	case strings.HasPrefix(s, "W+"):
		sign = -1
	}
	v, err := strconv.ParseFloat(s[min(2, len(s)):], 64)
	if sign == 0 || err != nil || v < 0 || v != v {
		return 0, fmt.Errorf("%w: score %q", ErrAnswer, a)
	}
	return sign * v, nil
}

// Control asks the engine for its map of the position b (which must be on
// its board) and writes it into dst (one value per point in map order,
// Black positive, in [-1, 1]), reusing its memory. It returns dst[:0] when
// the engine has no map.
func (e *Evaluator) Control(dst []float64, b *board.Board) ([]float64, error) {
	geo := b.Geometry()
	dst = dst[:0]
	switch e.mapSrc {
	case MapInfluence:
		color := "black"
		if b.ToMove() == board.White {
			color = "white"
		}
		a, err := e.c.Send("initial_influence " + color + " territory_value")
		if err != nil {
			return dst, err
		}
		f := strings.Fields(a)
		if len(f) != geo.N {
			return dst, fmt.Errorf("%w: initial_influence gave %d values for %d points", ErrAnswer, len(f), geo.N)
		}
		for p, s := range f {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil || v != v {
				return dst, fmt.Errorf("%w: initial_influence value %q", ErrAnswer, s)
			}
			dst = append(dst, influenceControl(b.At(board.Point(p)), -v))
		}
	case MapDead:
		dead, err := e.Dead(b)
		if err != nil {
			return dst, err
		}
		dst = deadControl(dst, b, dead)
	}
	return dst, nil
}

// Dead asks the engine which stones of the position b (which must be on
// its board) are dead: its answer to "final_status_list dead". It fails
// with ErrAnswer if the engine names a point that is off the board or
// holds no stone.
func (e *Evaluator) Dead(b *board.Board) ([]board.Point, error) {
	a, err := e.c.Send("final_status_list dead")
	if err != nil {
		return nil, err
	}
	var dead []board.Point
	for _, v := range strings.Fields(a) {
		p, err := b.Geometry().ParseGTP(v)
		if err != nil {
			return nil, fmt.Errorf("%w: final_status_list: %v", ErrAnswer, err)
		}
		if b.At(p) == board.Empty {
			return nil, fmt.Errorf("%w: final_status_list: %s holds no stone", ErrAnswer, v)
		}
		dead = append(dead, p)
	}
	return dead, nil
}

// influenceControl turns GnuGo's territory value t (here Black positive)
// of a point holding c into a control value.
func influenceControl(c board.Color, t float64) float64 {
	if c == board.Empty {
		return max(-1, min(1, t))
	}
	if t*float64(c) < 0 {
		return -float64(c) // counted for the opponent: dead
	}
	return float64(c)
}

// deadControl writes the map of b with the stones in dead removed: stones
// their colour (dead ones the opponent's), empty points the colour that
// alone borders their region, 0 where both or none do.
func deadControl(dst []float64, b *board.Board, dead []board.Point) []float64 {
	pos := *b
	for _, p := range dead {
		pos.Set(p, board.Empty)
	}
	own, _ := pos.Area(nil)
	dst = dst[:0]
	for _, v := range own {
		dst = append(dst, float64(v))
	}
	for _, p := range dead {
		dst[p] = -float64(b.At(p))
	}
	return dst
}
