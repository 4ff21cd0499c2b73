package eval

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"sync"

	"goeval/control"
	"goeval/neural"
)

// ErrNoNetwork reports the estimator "net" asked for with no network
// loaded (LoadNetwork).
var ErrNoNetwork = errors.New("eval: no network loaded: give one with --net FILE or GOEVAL_NET=FILE (a KataGo model, e.g. g170-b6c96-….bin.gz)")

// loaded is the network of the estimator "net": read once, shared by every
// estimator the registry builds (each with its own scratch).
var loaded struct {
	sync.Mutex
	path string
	set  NetSettings
	nw   *neural.Network
}

// NetSettings are the defaults of the estimator net, which its options
// override. The zero value is symmetry 0 with the record's moves.
type NetSettings struct {
	// Symmetry is 0..7, or -1 for the mean of all eight.
	Symmetry int
	// NoHistory shows the network the position alone, as KataGo's
	// analysis engine does by default (neural.Estimator.SetHistory).
	NoHistory bool
}

// ParseSymmetry reads a symmetry as NetSettings takes it: 0..7, or "all"
// for the mean of all eight (-1). It reports false for anything else.
func ParseSymmetry(s string) (int, bool) {
	if s == "all" {
		return -1, true
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 7 {
		return 0, false
	}
	return n, true
}

// LoadNetwork reads the KataGo model at path for the estimator "net",
// with the defaults s. The network is read once: a second call with the
// same path only sets the defaults. Its errors name the file.
func LoadNetwork(path string, s NetSettings) error {
	if s.Symmetry < -1 || s.Symmetry > 7 {
		return fmt.Errorf("%w %d (want 0..7, or -1 for all)", neural.ErrSymmetry, s.Symmetry)
	}
	loaded.Lock()
	defer loaded.Unlock()
	if loaded.nw != nil && loaded.path == path {
		loaded.set = s
		return nil
	}
	nw, err := neural.Load(path)
	if err != nil {
		return err
	}
	loaded.path, loaded.nw, loaded.set = path, nw, s
	return nil
}

// Network returns the network LoadNetwork read (nil if none) and the
// estimator's defaults.
func Network() (*neural.Network, NetSettings) {
	loaded.Lock()
	defer loaded.Unlock()
	return loaded.nw, loaded.set
}

// Usable returns the registered estimators that can be built now: all of
// them but net while no network is loaded.
func Usable() []Spec {
	nw, _ := Network()
	var out []Spec
	for _, s := range specs {
		if s.Name == NetName && nw == nil {
			continue
		}
		out = append(out, s)
	}
	return out
}

// NetName is the name of the network's estimator.
const NetName = "net"

// newNet builds the estimator "net" from the options symmetry (0..7, or -1
// for the mean of all eight), history (1: the record's moves, 0: none) and
// komi (for bare boards; default neural.DefaultKomi); the first two
// default to LoadNetwork's settings.
func newNet(o Options) (control.Estimator, error) {
	nw, set := Network()
	if nw == nil {
		return nil, ErrNoNetwork
	}
	sym, history := set.Symmetry, !set.NoHistory
	if v, ok := o["history"]; ok {
		if v != 0 && v != 1 {
			return nil, fmt.Errorf("eval: history %v is not 0 or 1", v)
		}
		history = v == 1
	}
	if v, ok := o["symmetry"]; ok {
		if !(v == -1 || (v >= 0 && v <= 7 && v == math.Trunc(v))) {
			return nil, fmt.Errorf("%w %v (want 0..7, or -1 for all)", neural.ErrSymmetry, v)
		}
		sym = int(v)
	}
	komi := neural.DefaultKomi
	if v, ok := o["komi"]; ok {
		if math.IsNaN(v) || math.Abs(v) > 1000 {
			return nil, fmt.Errorf("eval: komi %v out of range", v)
		}
		komi = v
	}
	e, err := nw.NewEstimator(sym, komi)
	if err != nil {
		return nil, err
	}
	e.SetHistory(history)
	return e, nil
}

// UnloadNetwork forgets the network LoadNetwork read: the estimator net
// is then unavailable again (for tests, and programs that switch
// networks).
func UnloadNetwork() {
	loaded.Lock()
	defer loaded.Unlock()
	loaded.path, loaded.nw, loaded.set = "", nil, NetSettings{}
}
