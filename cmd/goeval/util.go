package main

import (
	"errors"

	"goeval/eval"
	"goeval/sgf"
)

func asMoveError(err error, me **sgf.MoveError) bool { return errors.As(err, me) }

func allSpecs() []eval.Spec { return eval.All() }
