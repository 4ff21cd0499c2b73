package board

// Move is one move of a game: a colour and a point (Pass to pass).
type Move struct {
	Color Color
	Point Point
}
