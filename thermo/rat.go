package thermo

import "math/big"

// Small helpers for exact arithmetic. Every *big.Rat the package creates is
// treated as immutable once built: operations always allocate a new value,
// so values may be shared between walls and results without copying.

var (
	ratZero = new(big.Rat)
	ratOne  = big.NewRat(1, 1)
)

func add(a, b *big.Rat) *big.Rat { return new(big.Rat).Add(a, b) }
func sub(a, b *big.Rat) *big.Rat { return new(big.Rat).Sub(a, b) }
func mul(a, b *big.Rat) *big.Rat { return new(big.Rat).Mul(a, b) }
func quo(a, b *big.Rat) *big.Rat { return new(big.Rat).Quo(a, b) }
func neg(a *big.Rat) *big.Rat    { return new(big.Rat).Neg(a) }
func cp(a *big.Rat) *big.Rat     { return new(big.Rat).Set(a) }
func ratInt(n int64) *big.Rat    { return big.NewRat(n, 1) }

// addSlope returns v + s*t for a slope s in {-2..2}.
func addSlope(v *big.Rat, s int, t *big.Rat) *big.Rat {
	if s == 0 {
		return v
	}
	return add(v, mul(ratInt(int64(s)), t))
}

// parseNumber reads the notation's numbers: an optional '-', then digits,
// then optionally '.' and digits (a decimal) or '/' and digits (a fraction).
// It reports ok=false for anything else, and zeroDen for a zero denominator.
func parseNumber(s string) (v *big.Rat, ok, zeroDen bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	if digits() == 0 {
		return nil, false, false
	}
	if i < len(s) && (s[i] == '.' || s[i] == '/') {
		sep := s[i]
		i++
		start := i
		if digits() == 0 {
			return nil, false, false
		}
		if sep == '/' {
			den, _ := new(big.Int).SetString(s[start:i], 10)
			if den.Sign() == 0 {
				return nil, false, true
			}
		}
	}
	if i != len(s) {
		return nil, false, false
	}
	v, ok = new(big.Rat).SetString(s)
	return v, ok, false
}

// bound is one end of an interval of numbers: nil value means unbounded.
type bound struct {
	v    *big.Rat
	incl bool
}

// contains reports whether x lies in the interval (lo, hi) with the ends
// included as their flags say.
func contains(lo, hi bound, x *big.Rat) bool {
	if lo.v != nil {
		c := x.Cmp(lo.v)
		if c < 0 || c == 0 && !lo.incl {
			return false
		}
	}
	if hi.v != nil {
		c := x.Cmp(hi.v)
		if c > 0 || c == 0 && !hi.incl {
			return false
		}
	}
	return true
}

// simplest returns the simplest number (in the sense of Conway's simplicity
// rule) in the interval between lo and hi, which must not be empty: 0 if it
// lies inside, else the integer nearest 0, else the dyadic rational with the
// smallest denominator. An interval that is a single non-dyadic point (which
// arbitrary rational leaves can produce) gives that point.
func simplest(lo, hi bound) *big.Rat {
	if contains(lo, hi, ratZero) {
		return new(big.Rat)
	}
	if hi.v != nil && hi.v.Sign() <= 0 {
		// The whole interval is negative: mirror it.
		nlo := bound{neg(hi.v), hi.incl}
		nhi := bound{nil, false}
		if lo.v != nil {
			nhi = bound{neg(lo.v), lo.incl}
		}
		return neg(simplest(nlo, nhi))
	}
	// The whole interval is positive, so lo is finite.
	n := ceil(lo.v)
	if !contains(lo, hi, new(big.Rat).SetInt(n)) {
		n.Add(n, big.NewInt(1))
	}
	if x := new(big.Rat).SetInt(n); contains(lo, hi, x) {
		return x
	}
	if hi.v != nil && lo.v.Cmp(hi.v) == 0 {
		return cp(lo.v)
	}
	den := big.NewInt(1)
	for {
		den.Lsh(den, 1)
		scaled := mul(lo.v, new(big.Rat).SetInt(den))
		m := ceil(scaled)
		x := new(big.Rat).SetFrac(m, den)
		if !contains(lo, hi, x) {
			x = new(big.Rat).SetFrac(m.Add(m, big.NewInt(1)), den)
		}
		if contains(lo, hi, x) {
			return x
		}
	}
}

// ceil returns the smallest integer >= r.
func ceil(r *big.Rat) *big.Int {
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	// Euclidean DivMod: q = floor(r) since Denom > 0.
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return q
}
