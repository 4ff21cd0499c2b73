package eval

import (
	"errors"
	"fmt"
	"math"
	"sync"

	"goeval/control"
	"goeval/netmodel"
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
	sym  int
	nw   *neural.Network
}

// LoadNetwork reads the KataGo model at path for the estimator "net",
// whose default symmetry becomes sym (0..7, or -1 for the mean of all
// eight). The network is read once: a second call with the same path only
// sets the symmetry. Its errors name the file.
func LoadNetwork(path string, sym int) error {
	if sym < -1 || sym > 7 {
		return fmt.Errorf("%w %d (want 0..7, or -1 for all)", neural.ErrSymmetry, sym)
	}
	loaded.Lock()
	defer loaded.Unlock()
	if loaded.nw != nil && loaded.path == path {
		loaded.sym = sym
		return nil
	}
	m, err := netmodel.Load(path)
	if err != nil {
		return err
	}
	nw, err := neural.New(m)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	loaded.path, loaded.nw, loaded.sym = path, nw, sym
	return nil
}

// Network returns the network LoadNetwork read (nil if none) and its
// default symmetry.
func Network() (*neural.Network, int) {
	loaded.Lock()
	defer loaded.Unlock()
	return loaded.nw, loaded.sym
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
// for the mean of all eight; default 0) and komi (for bare boards; default
// neural.DefaultKomi).
func newNet(o Options) (control.Estimator, error) {
	nw, sym := Network()
	if nw == nil {
		return nil, ErrNoNetwork
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
	return nw.NewEstimator(sym, komi)
}

// UnloadNetwork forgets the network LoadNetwork read: the estimator net
// is then unavailable again (for tests, and programs that switch
// networks).
func UnloadNetwork() {
	loaded.Lock()
	defer loaded.Unlock()
	loaded.path, loaded.nw, loaded.sym = "", nil, 0
}
