package neural

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"goeval/internal/nnkernel"
	"goeval/internal/pool"
	"goeval/netinput"
	"goeval/netmodel"
)

// ErrInput is wrapped by the errors of Evaluate and Raw for inputs that do
// not fit: mixed or unsupported board sizes, wrong feature lengths, a bad
// symmetry, a destination of the wrong length.
var ErrInput = errors.New("neural: invalid input")

// ErrUnsupported is wrapped by the error of New for models it cannot
// evaluate.
var ErrUnsupported = errors.New("neural: unsupported model")

// AllSymmetries asks Evaluate for the mean of the 8 symmetries' outputs.
const AllSymmetries = -1

// MinSize and MaxSize bound the board sizes an Evaluator accepts.
const (
	MinSize = 2
	MaxSize = netinput.MaxSize
)

// Network is a model prepared for evaluation. It is immutable and safe for
// concurrent use; evaluate it through an Evaluator per goroutine.
type Network struct {
	model *netmodel.Model
	pp    netmodel.PostProcess

	trunkC int // trunk width
	conv1  *nnkernel.Conv
	ginput matMul
	blocks []block
	tip    batchNorm

	p1, g1  *nnkernel.Conv
	g1BN    batchNorm
	g1Bias  matMul // 3·G1 -> P
	p1BN    batchNorm
	p2      *nnkernel.Conv
	passMul matMul

	v1       *nnkernel.Conv
	v1BN     batchNorm
	v2       matMul
	v2Bias   []float32
	v2Act    nnkernel.Activation
	v3       matMul
	v3Bias   []float32
	sv3      matMul
	sv3Bias  []float32
	ownConv  *nnkernel.Conv
	maxWidth int // the widest per-point tensor inside a block
}

// batchNorm is a folded batch norm with its activation.
type batchNorm struct {
	scale, bias []float32
	act         nnkernel.Activation
}

// matMul is a matrix product of ic inputs to oc outputs, [ic][oc].
type matMul struct {
	w      []float32
	ic, oc int
}

// block is a residual block; gpool says whether it has the global-pooling
// branch (gpoolConv, gpoolBN, gpoolBias).
type block struct {
	gpool     bool
	pre       batchNorm
	regular   *nnkernel.Conv
	gpoolConv *nnkernel.Conv
	gpoolBN   batchNorm
	gpoolBias matMul
	mid       batchNorm
	final     *nnkernel.Conv
}

// modelConvs returns every convolution of m, in file order.
func modelConvs(m *netmodel.Model) []*netmodel.Conv {
	t, p, v := &m.Trunk, &m.Policy, &m.Value
	convs := []*netmodel.Conv{&t.InitialConv}
	for _, blk := range t.Blocks {
		switch mb := blk.(type) {
		case *netmodel.OrdinaryBlock:
			convs = append(convs, &mb.RegularConv, &mb.FinalConv)
		case *netmodel.GlobalPoolingBlock:
			convs = append(convs, &mb.RegularConv, &mb.GpoolConv, &mb.FinalConv)
		}
	}
	return append(convs, &p.P1Conv, &p.G1Conv, &p.P2Conv, &v.V1Conv, &v.OwnershipConv)
}

// prepared holds convolutions prepared by nnkernel.NewConv (whose Winograd
// transforms of the weights take most of New's time), keyed by their
// first weight, which a layer shares with every copy of its Conv.
type prepared struct {
	mu    sync.Mutex
	convs map[*float32]*nnkernel.Conv
}

// prepare prepares c, which netmodel has checked (NewConv panics only on
// shapes it refuses), and keeps it.
func (pr *prepared) prepare(c netmodel.Conv) {
	k := nnkernel.NewConv(c.KY, c.KX, c.InChannels, c.OutChannels, c.Weights)
	pr.mu.Lock()
	defer pr.mu.Unlock()
	if pr.convs == nil {
		pr.convs = map[*float32]*nnkernel.Conv{}
	}
	pr.convs[&c.Weights[0]] = k
}

// get returns c prepared. Both ways of filling pr (prepareAll, and
// loadPrepared's OnConv) prepare every convolution of the model, after
// which only build reads it, on one goroutine.
func (pr *prepared) get(c *netmodel.Conv) *nnkernel.Conv {
	k := pr.convs[&c.Weights[0]]
	if k == nil {
		panic("neural: convolution " + c.Name + " was not prepared")
	}
	return k
}

// prepareAll prepares every convolution of m on all processors at once.
func prepareAll(m *netmodel.Model) *prepared {
	convs := modelConvs(m)
	pr := &prepared{}
	// The jobs cannot fail.
	_ = pool.Map(context.Background(), 0, len(convs), func() (struct{}, error) { return struct{}{}, nil },
		func(_ context.Context, _ struct{}, i int) error {
			pr.prepare(*convs[i])
			return nil
		})
	return pr
}

// Load reads the model file at path (netmodel.Load) and prepares it for
// evaluation as New does, preparing each convolution on the other
// processors while the rest of the file is read and decompressed. Its
// errors name the file.
func Load(path string) (*Network, error) {
	m, pr, err := loadPrepared(path)
	if err != nil {
		return nil, err
	}
	nw, err := build(m, pr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return nw, nil
}

// loadPrepared reads the model at path with its convolutions prepared as
// they are read.
func loadPrepared(path string) (*netmodel.Model, *prepared, error) {
	pr := &prepared{}
	jobs := make(chan netmodel.Conv, 64)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for c := range jobs {
				pr.prepare(c)
			}
		})
	}
	m, err := netmodel.LoadWith(path, netmodel.ReadOptions{OnConv: func(c netmodel.Conv) { jobs <- c }})
	close(jobs)
	wg.Wait()
	return m, pr, err
}

func newMatMul(m *netmodel.MatMul) matMul {
	return matMul{w: m.Weights, ic: m.InChannels, oc: m.OutChannels}
}

func activation(a netmodel.Activation) nnkernel.Activation {
	if a.Kind == netmodel.ActIdentity {
		return nnkernel.Identity
	}
	return nnkernel.ReLU
}

func newBN(b *netmodel.BatchNorm, a netmodel.Activation) batchNorm {
	return batchNorm{scale: b.MergedScale, bias: b.MergedBias, act: activation(a)}
}

// New prepares model m for evaluation. m must be a model version Read
// accepts (8) with netinput's numbers of input features; New keeps
// references to m's weights, which must not change afterwards.
func New(m *netmodel.Model) (*Network, error) {
	if err := check(m); err != nil { // before the work of preparing it
		return nil, err
	}
	return build(m, prepareAll(m))
}

// check refuses the models New cannot evaluate.
func check(m *netmodel.Model) error {
	if m.Version != 8 {
		return fmt.Errorf("%s: model version %d: %w", m.Name, m.Version, ErrUnsupported)
	}
	if m.NumInputChannels != netinput.NumSpatial || m.NumInputGlobalChannels != netinput.NumGlobal {
		return fmt.Errorf("%s: %d spatial and %d global inputs, want %d and %d: %w",
			m.Name, m.NumInputChannels, m.NumInputGlobalChannels, netinput.NumSpatial, netinput.NumGlobal, ErrUnsupported)
	}
	return nil
}

// build makes the Network of m with its convolutions from pr (any missing
// are prepared now).
func build(m *netmodel.Model, pr *prepared) (*Network, error) {
	if err := check(m); err != nil {
		return nil, err
	}
	newConv := pr.get
	t := &m.Trunk
	nw := &Network{
		model:  m,
		pp:     m.PostProcess,
		trunkC: t.TrunkChannels,
		conv1:  newConv(&t.InitialConv),
		ginput: newMatMul(&t.InitialMatMul),
		tip:    newBN(&t.TipBN, t.TipActivation),
	}
	nw.maxWidth = t.TrunkChannels
	for _, blk := range t.Blocks {
		var b block
		switch mb := blk.(type) {
		case *netmodel.OrdinaryBlock:
			b = block{
				pre:     newBN(&mb.PreBN, mb.PreActivation),
				regular: newConv(&mb.RegularConv),
				mid:     newBN(&mb.MidBN, mb.MidActivation),
				final:   newConv(&mb.FinalConv),
			}
		case *netmodel.GlobalPoolingBlock:
			b = block{
				gpool:     true,
				pre:       newBN(&mb.PreBN, mb.PreActivation),
				regular:   newConv(&mb.RegularConv),
				gpoolConv: newConv(&mb.GpoolConv),
				gpoolBN:   newBN(&mb.GpoolBN, mb.GpoolActivation),
				gpoolBias: newMatMul(&mb.GpoolToBiasMul),
				mid:       newBN(&mb.MidBN, mb.MidActivation),
				final:     newConv(&mb.FinalConv),
			}
			nw.maxWidth = max(nw.maxWidth, b.gpoolConv.OC)
		default:
			return nil, fmt.Errorf("%s: block %s of type %T: %w", m.Name, blk.BlockName(), blk, ErrUnsupported)
		}
		nw.maxWidth = max(nw.maxWidth, b.regular.OC)
		nw.blocks = append(nw.blocks, b)
	}
	p := &m.Policy
	nw.p1 = newConv(&p.P1Conv)
	nw.g1 = newConv(&p.G1Conv)
	nw.g1BN = newBN(&p.G1BN, p.G1Activation)
	nw.g1Bias = newMatMul(&p.GpoolToBiasMul)
	nw.p1BN = newBN(&p.P1BN, p.P1Activation)
	nw.p2 = newConv(&p.P2Conv)
	nw.passMul = newMatMul(&p.GpoolToPassMul)
	v := &m.Value
	nw.v1 = newConv(&v.V1Conv)
	nw.v1BN = newBN(&v.V1BN, v.V1Activation)
	nw.v2 = newMatMul(&v.V2Mul)
	nw.v2Bias = v.V2Bias.Weights
	nw.v2Act = activation(v.V2Activation)
	nw.v3 = newMatMul(&v.V3Mul)
	nw.v3Bias = v.V3Bias.Weights
	nw.sv3 = newMatMul(&v.SV3Mul)
	nw.sv3Bias = v.SV3Bias.Weights
	nw.ownConv = newConv(&v.OwnershipConv)
	return nw, nil
}

// Model returns the model the network was built from.
func (nw *Network) Model() *netmodel.Model { return nw.model }

// NewEvaluator returns an Evaluator of nw for one goroutine.
func (nw *Network) NewEvaluator() *Evaluator {
	return &Evaluator{nw: nw}
}
