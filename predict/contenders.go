package predict

import (
	"goeval/control"
	"goeval/rank"
)

// OnePlyContender is the contender that orders moves one ply deep by the
// estimators newEst builds: each worker's Ranker is the Ranking of a
// rank.Ranker of its own, with one worker and no miai values.
func OnePlyContender(name string, newEst func() control.Estimator) Contender {
	return Contender{Name: name, New: func() (Ranker, error) {
		return Ranking(rank.New(newEst, rank.Settings{Workers: 1, Top: -1})), nil
	}}
}

// PolicyContender is the contender that orders moves by the move
// probabilities (Policy) of the estimators newEst builds, which must be
// control.MovePredictors (the network); each worker builds its own.
func PolicyContender(name string, newEst func() control.Estimator) Contender {
	return Contender{Name: name, New: func() (Ranker, error) {
		return Policy(newEst().(control.MovePredictor)), nil
	}}
}

// PeerContender is the contender of a GTP engine (Peer) started with argv
// and o, one for each worker.
func PeerContender(name string, argv []string, o PeerOptions) Contender {
	return Contender{Name: name, New: func() (Ranker, error) { return Peer(argv, o) }}
}
