package records

import (
	"errors"
	"fmt"
	"testing"
)

func TestParseBands(t *testing.T) {
	got, err := ParseBands("50, 100,150,200,end-20")
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != fmt.Sprint(DefaultBands) {
		t.Errorf("got %v, want %v", got, DefaultBands)
	}
	got, err = ParseBands("0,End,end-0")
	if err == nil {
		t.Errorf("end and end-0 are the same band: got %v", got)
	}
	got, err = ParseBands("0,End-3")
	if err != nil || fmt.Sprint(got) != "[0 end-3]" {
		t.Errorf("got %v, %v", got, err)
	}
	for _, s := range []string{"", "x", "-5", "+5", "end-", "end20", "end-x", "50,50", "5.5"} {
		if _, err := ParseBands(s); !errors.Is(err, ErrBand) {
			t.Errorf("ParseBands(%q) err = %v, want ErrBand", s, err)
		}
	}
}

func TestBandAt(t *testing.T) {
	tests := []struct {
		band  Band
		moves int
		n     int
		ok    bool
	}{
		{Band{Move: 50}, 200, 50, true},
		{Band{Move: 200}, 200, 200, true},
		{Band{Move: 201}, 200, 201, false},
		{Band{Move: 20, FromEnd: true}, 200, 180, true},
		{Band{Move: 20, FromEnd: true}, 20, 0, true},
		{Band{Move: 20, FromEnd: true}, 19, -1, false},
		{Band{FromEnd: true}, 7, 7, true},
	}
	for _, tt := range tests {
		n, ok := tt.band.At(tt.moves)
		if n != tt.n || ok != tt.ok {
			t.Errorf("%v.At(%d) = %d, %v; want %d, %v", tt.band, tt.moves, n, ok, tt.n, tt.ok)
		}
	}
}
