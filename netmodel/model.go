package netmodel

import "errors"

// ErrFormat is wrapped by the errors of files that are not valid KataGo
// models: not gzip, truncated, corrupt, inconsistent shapes, non-finite
// weights.
var ErrFormat = errors.New("netmodel: malformed model file")

// ErrUnsupported is wrapped by the errors of valid models this package does
// not read: a model version other than SupportedVersions, or a layer
// feature (such as dilation) the evaluator lacks.
var ErrUnsupported = errors.New("netmodel: unsupported model")

// SupportedVersions are the model versions Read accepts.
var SupportedVersions = []int{8}

// Model is a KataGo network as its file describes it.
type Model struct {
	// Name is the model's name from the file's header.
	Name string
	// Version is KataGo's model format version (8 for the g170 networks).
	Version int
	// NumInputChannels and NumInputGlobalChannels are the numbers of
	// spatial and global input features (22 and 19 for version 8).
	NumInputChannels       int
	NumInputGlobalChannels int
	// PostProcess holds the multipliers of the outputs' post-processing.
	PostProcess PostProcess
	// Trunk, Policy and Value are the network's parts, in file order.
	Trunk  Trunk
	Policy PolicyHead
	Value  ValueHead
}

// PostProcess holds the multipliers KataGo's post-processing applies to the
// raw outputs (ModelPostProcessParams). Models before version 13 do not
// store them and get KataGo's defaults.
type PostProcess struct {
	TDScoreMultiplier             float64
	ScoreMeanMultiplier           float64
	ScoreStdevMultiplier          float64
	LeadMultiplier                float64
	VarianceTimeMultiplier        float64
	ShorttermValueErrorMultiplier float64
	ShorttermScoreErrorMultiplier float64
	// OutputScaleMultiplier multiplies every raw output; it is 1 except
	// on KataGo's GPU backends.
	OutputScaleMultiplier float64
}

// DefaultPostProcess returns KataGo's multipliers for models that do not
// store them (versions before 13): 20, 20, 20, 20, 40, 0.25, 30 and an
// output scale of 1.
func DefaultPostProcess() PostProcess {
	return PostProcess{
		TDScoreMultiplier:             20,
		ScoreMeanMultiplier:           20,
		ScoreStdevMultiplier:          20,
		LeadMultiplier:                20,
		VarianceTimeMultiplier:        40,
		ShorttermValueErrorMultiplier: 0.25,
		ShorttermScoreErrorMultiplier: 30,
		OutputScaleMultiplier:         1,
	}
}

// Conv is a convolution layer without bias.
type Conv struct {
	Name                    string
	KY, KX                  int // kernel height and width, odd
	InChannels, OutChannels int
	DilationY, DilationX    int // always 1 in what Read returns
	// Weights holds KY*KX*InChannels*OutChannels values in file order,
	// [y][x][in][out].
	Weights []float32
}

// BatchNorm is a batch-normalisation layer in inference form.
type BatchNorm struct {
	Name     string
	Channels int
	Epsilon  float32
	HasScale bool
	HasBias  bool
	// Mean and Variance hold the running statistics, Channels values each.
	Mean, Variance []float32
	// Scale and Bias hold the learned parameters; a missing one is nil.
	Scale, Bias []float32
	// MergedScale and MergedBias fold the layer into y = x*s + b (see the
	// package comment); a missing scale counts as 1, a missing bias as 0.
	MergedScale, MergedBias []float32
}

// ActivationKind is a nonlinearity.
type ActivationKind int

const (
	// ActReLU is max(x, 0), the only activation of models before
	// version 11.
	ActReLU ActivationKind = iota
	// ActIdentity is x (version 11 and later only).
	ActIdentity
)

// String returns the name of the activation as KataGo's files spell it.
func (k ActivationKind) String() string {
	switch k {
	case ActReLU:
		return "ACTIVATION_RELU"
	case ActIdentity:
		return "ACTIVATION_IDENTITY"
	}
	return "ACTIVATION_UNKNOWN"
}

// Activation is an activation layer.
type Activation struct {
	Name string
	Kind ActivationKind
}

// MatMul is a fully connected layer without bias: out = in · Weights.
type MatMul struct {
	Name                    string
	InChannels, OutChannels int
	// Weights holds InChannels*OutChannels values, [in][out].
	Weights []float32
}

// MatBias adds a bias vector of Channels values.
type MatBias struct {
	Name     string
	Channels int
	Weights  []float32
}

// Trunk is the residual tower shared by the heads.
type Trunk struct {
	Name string
	// TrunkChannels is the width C of the tower. MidChannels is the width
	// inside ordinary blocks, RegularChannels and GpoolChannels those of the
	// two branches of global-pooling blocks. DilatedChannels is unused.
	TrunkChannels, MidChannels, RegularChannels, DilatedChannels, GpoolChannels int
	// InitialConv maps the spatial inputs to C channels, InitialMatMul the
	// global inputs to C channels added at every point.
	InitialConv   Conv
	InitialMatMul MatMul
	// Blocks are the residual blocks in order, each an *OrdinaryBlock or
	// a *GlobalPoolingBlock.
	Blocks []Block
	// TipBN and TipActivation end the trunk.
	TipBN         BatchNorm
	TipActivation Activation
}

// Block is a residual block of the trunk: *OrdinaryBlock or
// *GlobalPoolingBlock (later versions add nested bottleneck blocks).
type Block interface {
	// BlockName returns the block's name from the file (as "rconv3").
	BlockName() string
	block()
}

// OrdinaryBlock is KataGo's ResidualBlock:
// t += FinalConv(act(MidBN(RegularConv(act(PreBN(t)))))).
type OrdinaryBlock struct {
	Name          string
	PreBN         BatchNorm
	PreActivation Activation
	RegularConv   Conv
	MidBN         BatchNorm
	MidActivation Activation
	FinalConv     Conv
}

// GlobalPoolingBlock is KataGo's GlobalPoolingResidualBlock: a regular
// branch biased per channel by a matrix product of the global pooling of a
// second branch.
type GlobalPoolingBlock struct {
	Name            string
	PreBN           BatchNorm
	PreActivation   Activation
	RegularConv     Conv // C -> R
	GpoolConv       Conv // C -> G
	GpoolBN         BatchNorm
	GpoolActivation Activation
	GpoolToBiasMul  MatMul // 3G -> R
	MidBN           BatchNorm
	MidActivation   Activation
	FinalConv       Conv // R -> C
}

// BlockName returns the block's name.
func (b *OrdinaryBlock) BlockName() string { return b.Name }

// BlockName returns the block's name.
func (b *GlobalPoolingBlock) BlockName() string { return b.Name }

func (*OrdinaryBlock) block()      {}
func (*GlobalPoolingBlock) block() {}

// PolicyHead is the move-policy head (KataGo's PolicyHeadDesc).
type PolicyHead struct {
	Name           string
	P1Conv         Conv // C -> P
	G1Conv         Conv // C -> G1
	G1BN           BatchNorm
	G1Activation   Activation
	GpoolToBiasMul MatMul // 3·G1 -> P
	P1BN           BatchNorm
	P1Activation   Activation
	P2Conv         Conv   // P -> PolicyChannels
	GpoolToPassMul MatMul // 3·G1 -> PolicyChannels
}

// ValueHead is the value, score and ownership head (KataGo's ValueHeadDesc).
type ValueHead struct {
	Name         string
	V1Conv       Conv // C -> V1
	V1BN         BatchNorm
	V1Activation Activation
	V2Mul        MatMul // 3·V1 -> V2
	V2Bias       MatBias
	V2Activation Activation
	V3Mul        MatMul // V2 -> 3: win, loss, no-result logits
	V3Bias       MatBias
	SV3Mul       MatMul // V2 -> ScoreChannels
	SV3Bias      MatBias
	// OwnershipConv reads the V1 activations, not the trunk: V1 -> 1.
	OwnershipConv Conv
}

// ScoreChannels returns the number of score outputs (4 for version 8:
// score mean, score stdev, lead, variance of time left, all pre-scaling).
func (m *Model) ScoreChannels() int { return m.Value.SV3Mul.OutChannels }

// PolicyChannels returns the number of policy output channels (1 for
// version 8).
func (m *Model) PolicyChannels() int { return m.Policy.P2Conv.OutChannels }

// NumParams returns the number of parameters as KataGo's
// ModelDesc::getNumParameters counts them: every convolution, matmul and
// matbias weight and the batch-norm scales and biases the file holds
// (means and variances excluded).
func (m *Model) NumParams() int {
	n := 0
	conv := func(c *Conv) { n += len(c.Weights) }
	mm := func(l *MatMul) { n += len(l.Weights) }
	bn := func(b *BatchNorm) {
		if b.HasScale {
			n += b.Channels
		}
		if b.HasBias {
			n += b.Channels
		}
	}
	t := &m.Trunk
	conv(&t.InitialConv)
	mm(&t.InitialMatMul)
	for _, blk := range t.Blocks {
		switch b := blk.(type) {
		case *OrdinaryBlock:
			bn(&b.PreBN)
			conv(&b.RegularConv)
			bn(&b.MidBN)
			conv(&b.FinalConv)
		case *GlobalPoolingBlock:
			bn(&b.PreBN)
			conv(&b.RegularConv)
			conv(&b.GpoolConv)
			bn(&b.GpoolBN)
			mm(&b.GpoolToBiasMul)
			bn(&b.MidBN)
			conv(&b.FinalConv)
		}
	}
	bn(&t.TipBN)
	p := &m.Policy
	conv(&p.P1Conv)
	conv(&p.G1Conv)
	bn(&p.G1BN)
	mm(&p.GpoolToBiasMul)
	bn(&p.P1BN)
	conv(&p.P2Conv)
	mm(&p.GpoolToPassMul)
	v := &m.Value
	conv(&v.V1Conv)
	bn(&v.V1BN)
	mm(&v.V2Mul)
	n += len(v.V2Bias.Weights)
	mm(&v.V3Mul)
	n += len(v.V3Bias.Weights)
	mm(&v.SV3Mul)
	n += len(v.SV3Bias.Weights)
	conv(&v.OwnershipConv)
	return n
}
