package interrupt

import (
	"errors"
	"fmt"
	"testing"
)

func TestError(t *testing.T) {
	err := fmt.Errorf("label: %w", &Error{Msg: "interrupted: 3 of 9 looked at"})
	if !errors.Is(err, ErrInterrupted) || err.Error() != "label: interrupted: 3 of 9 looked at" {
		t.Errorf("%v: not ErrInterrupted, or not in its own words", err)
	}
	if errors.Is(errors.New("interrupted"), ErrInterrupted) {
		t.Error("any error is taken for an interrupt")
	}
}
