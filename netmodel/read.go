package netmodel

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// Limits that keep a corrupt header from asking for absurd allocations.
const (
	maxChannels   = 1 << 14
	maxKernel     = 31
	maxBlocks     = 1 << 10
	maxNameLen    = 96      // KataGo's limit on model names (since 1.17)
	maxFileBytes  = 1 << 30 // uncompressed content
	maxBeforeMark = 100     // KataGo's limit before a binary block's '@'
	binMark       = "@BIN@" // start of a binary float block
)

// floatMode says how float blocks are stored.
type floatMode int

const (
	floatsAuto   floatMode = iota // binary if the block starts with "@BIN@"
	floatsBinary                  // "@BIN@" then little-endian float32s
	floatsText                    // whitespace-separated decimal tokens
)

// Load reads the model file at path. The name's suffix selects the format
// (see the package comment). Errors name the file and wrap ErrFormat,
// ErrUnsupported or the error of opening the file.
func Load(path string) (*Model, error) { return LoadWith(path, ReadOptions{}) }

// LoadWith is Load with options.
func LoadWith(path string, o ReadOptions) (*Model, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadWith(f, path, o)
}

// Read reads a model from r; name is the file's name, used for its suffix
// (see the package comment) and in error messages. It reads r to its end.
func Read(r io.Reader, name string) (*Model, error) { return ReadWith(r, name, ReadOptions{}) }

// ReadOptions are the options of ReadWith and LoadWith.
type ReadOptions struct {
	// OnConv, if not nil, is called with each convolution as soon as its
	// weights are read, in file order, on the reading goroutine: a caller
	// can prepare a layer while the rest of the file is still being read
	// and decompressed. The Conv is a copy; its Weights are the model's
	// own. It is called only for convolutions that read without error, and
	// the model may still fail later.
	OnConv func(Conv)
}

// ReadWith is Read with options. The content is decompressed on a
// goroutine of its own while it is parsed, so that decompression (most of
// the time of a .gz file) overlaps parsing and the callers' OnConv work.
func ReadWith(r io.Reader, name string, o ReadOptions) (*Model, error) {
	lower := strings.ToLower(name)
	br := bufio.NewReader(r)
	gz := strings.HasSuffix(lower, ".gz")
	if !gz && !strings.HasSuffix(lower, ".bin") && !strings.HasSuffix(lower, ".txt") {
		magic, _ := br.Peek(2)
		gz = len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b
	}
	mode := floatsAuto
	switch {
	case strings.HasSuffix(lower, ".bin.gz"), strings.HasSuffix(lower, ".bin"):
		mode = floatsBinary
	case strings.HasSuffix(lower, ".txt.gz"), strings.HasSuffix(lower, ".txt"):
		mode = floatsText
	}
	var src io.Reader = br
	if gz {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: not a gzip file (%v): %w", name, err, ErrFormat)
		}
		defer zr.Close()
		src = zr
	}
	f := startFeed(src, name, gz)
	defer f.stop()
	p := &parser{file: name, mode: mode, feed: f, onConv: o.OnConv}
	m := p.model()
	// The content is read to its end (a gzip stream's checksum, the size
	// limit), and an error of the stream wins over a parse error, which it
	// may have caused.
	if err := f.drain(); err != nil {
		return nil, err
	}
	if p.err != nil {
		return nil, p.err
	}
	return m, nil
}

// parse reads a model from the uncompressed content of a file.
func parse(data []byte, file string, mode floatMode) (*Model, error) {
	p := &parser{file: file, data: data, mode: mode}
	m := p.model()
	if p.err != nil {
		return nil, p.err
	}
	return m, nil
}

// parser reads tokens and float blocks. Its error is sticky: after the
// first failure every read returns a zero value and p.err keeps the first
// error.
type parser struct {
	file   string
	data   []byte // the content read so far (all of it without a feed)
	feed   *feed  // the rest of the content; nil: data is all of it
	pos    int
	mode   floatMode
	layer  string // the layer being read, for messages
	err    error
	onConv func(Conv)
}

// need reports whether data holds n bytes from pos, reading more of the
// content as needed; false when the content ends first, or its stream
// fails (the error is the feed's, which ReadWith reports).
func (p *parser) need(n int) bool {
	for len(p.data)-p.pos < n {
		if p.feed == nil {
			return false
		}
		chunk, ok := p.feed.next()
		if !ok {
			p.feed = nil
			return false
		}
		p.data = append(p.data, chunk...)
	}
	return true
}

// fail records an error about the current layer wrapping kind.
func (p *parser) fail(kind error, format string, args ...any) {
	if p.err != nil {
		return
	}
	where := p.file + ": "
	if p.layer != "" {
		where += "layer " + p.layer + ": "
	}
	p.err = fmt.Errorf("%s%s: %w", where, fmt.Sprintf(format, args...), kind)
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

func (p *parser) skipSpace() {
	for p.need(1) && isSpace(p.data[p.pos]) {
		p.pos++
	}
}

// token returns the next whitespace-separated token; what names it for the
// error at the end of the data.
func (p *parser) token(what string) string {
	if p.err != nil {
		return ""
	}
	p.skipSpace()
	start := p.pos
	for p.need(1) && !isSpace(p.data[p.pos]) {
		p.pos++
	}
	if start == p.pos {
		p.fail(ErrFormat, "%s expected, the data ends (truncated file)", what)
		return ""
	}
	return string(p.data[start:p.pos])
}

// int reads an integer token in [lo, hi].
func (p *parser) int(what string, lo, hi int) int {
	tok := p.token(what)
	if p.err != nil {
		return 0
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		p.fail(ErrFormat, "%s: %q is not an integer", what, clip(tok))
		return 0
	}
	if v < lo || v > hi {
		p.fail(ErrFormat, "%s %d out of range [%d, %d]", what, v, lo, hi)
		return 0
	}
	return v
}

// bool reads a 0 or 1 token.
func (p *parser) bool(what string) bool {
	return p.int(what, 0, 1) == 1
}

// float reads one float token (not a float block).
func (p *parser) float(what string) float32 {
	tok := p.token(what)
	if p.err != nil {
		return 0
	}
	v, err := strconv.ParseFloat(tok, 32)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		p.fail(ErrFormat, "%s: %q is not a finite number", what, clip(tok))
		return 0
	}
	return float32(v)
}

// name reads a layer's name and makes it the current layer.
func (p *parser) name(kind string) string {
	after := p.layer
	n := p.token(kind + " name")
	if p.err == nil && len(n) > 256 {
		p.fail(ErrFormat, "%s name after %q longer than 256 bytes", kind, after)
	}
	p.layer = n
	return n
}

// floats reads a block of n floats, binary or text, and checks they are
// finite.
func (p *parser) floats(n int) []float32 {
	if p.err != nil {
		return nil
	}
	mode := p.mode
	if mode == floatsAuto {
		mode = floatsText
		q := p.pos
		for p.need(q-p.pos+1) && isSpace(p.data[q]) {
			q++
		}
		p.need(q - p.pos + len(binMark))
		if bytes.HasPrefix(p.data[q:], []byte(binMark)) {
			mode = floatsBinary
		}
	}
	var out []float32
	if mode == floatsBinary {
		out = p.binaryFloats(n)
	} else {
		out = p.textFloats(n)
	}
	if p.err != nil {
		return nil
	}
	for i, v := range out {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			p.fail(ErrFormat, "weight %d of %d is %v (weights must be finite)", i, n, v)
			return nil
		}
	}
	return out
}

func (p *parser) binaryFloats(n int) []float32 {
	p.need(maxBeforeMark + len(binMark))
	at := bytes.IndexByte(p.data[p.pos:min(len(p.data), p.pos+maxBeforeMark+1)], '@')
	if at < 0 {
		p.fail(ErrFormat, "no binary float block at byte %d (\"@BIN@\" expected; a text model read as binary?)", p.pos)
		return nil
	}
	p.pos += at
	if !bytes.HasPrefix(p.data[p.pos:], []byte(binMark)) {
		p.fail(ErrFormat, "bad binary float block header at byte %d (\"@BIN@\" expected)", p.pos)
		return nil
	}
	p.pos += len(binMark)
	p.need(4 * n)
	if rest := len(p.data) - p.pos; rest/4 < n {
		p.fail(ErrFormat, "%d floats expected at byte %d, only %d bytes left (truncated file)", n, p.pos, rest)
		return nil
	}
	out := make([]float32, n)
	b := p.data[p.pos : p.pos+4*n]
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	p.pos += 4 * n
	return out
}

func (p *parser) textFloats(n int) []float32 {
	// Each number takes at least two bytes with its separator: refuse a
	// count the data cannot hold before allocating for it.
	p.need(2*n - 2)
	if rest := len(p.data) - p.pos; rest/2+1 < n {
		p.fail(ErrFormat, "%d floats expected at byte %d, only %d bytes left (truncated file)", n, p.pos, rest)
		return nil
	}
	out := make([]float32, n)
	for i := range out {
		out[i] = p.float(fmt.Sprintf("weight %d of %d", i, n))
		if p.err != nil {
			return nil
		}
	}
	return out
}

// clip shortens a token for a message.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

func (p *parser) model() *Model {
	m := &Model{PostProcess: DefaultPostProcess()}
	m.Name = p.token("model name")
	if p.err != nil {
		return nil
	}
	if bytes.HasPrefix(p.data, []byte{0x1f, 0x8b}) {
		p.fail(ErrFormat, "the content is gzip-compressed, but the name does not end in .gz")
		return nil
	}
	if !validModelName(m.Name) {
		p.fail(ErrFormat, "model name %q is not 1 to %d letters, digits, '-' or '_' (not a KataGo model?)", clip(m.Name), maxNameLen)
		return nil
	}
	p.layer = m.Name
	tok := p.token("model version")
	if p.err != nil {
		return nil
	}
	v, err := strconv.Atoi(tok)
	if err != nil {
		p.fail(ErrFormat, "model version %q is not an integer", clip(tok))
		return nil
	}
	if v != 8 {
		p.fail(ErrUnsupported, "model version %d is not supported (supported: %v)", v, SupportedVersions)
		return nil
	}
	m.Version = v
	m.NumInputChannels = p.int("numInputChannels", 1, maxChannels)
	m.NumInputGlobalChannels = p.int("numInputGlobalChannels", 1, maxChannels)
	p.trunk(&m.Trunk)
	p.policy(&m.Policy)
	p.value(&m.Value)
	if p.err != nil {
		return nil
	}
	p.layer = m.Name
	t := &m.Trunk
	p.check(t.InitialConv.InChannels == m.NumInputChannels, "numInputChannels %d, but %s reads %d channels", m.NumInputChannels, t.InitialConv.Name, t.InitialConv.InChannels)
	p.check(t.InitialMatMul.InChannels == m.NumInputGlobalChannels, "numInputGlobalChannels %d, but %s reads %d values", m.NumInputGlobalChannels, t.InitialMatMul.Name, t.InitialMatMul.InChannels)
	for _, c := range []*Conv{&m.Policy.P1Conv, &m.Policy.G1Conv, &m.Value.V1Conv} {
		p.check(c.InChannels == t.TrunkChannels, "%s reads %d channels, the trunk has %d", c.Name, c.InChannels, t.TrunkChannels)
	}
	if p.err != nil {
		return nil
	}
	return m
}

func validModelName(s string) bool {
	if s == "" || len(s) > maxNameLen {
		return false
	}
	for _, c := range []byte(s) {
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// check records a shape error about the current layer unless ok.
func (p *parser) check(ok bool, format string, args ...any) {
	if !ok {
		p.fail(ErrFormat, format, args...)
	}
}

func (p *parser) conv() Conv {
	var c Conv
	c.Name = p.name("conv")
	c.KY = p.int("convYSize", 1, maxKernel)
	c.KX = p.int("convXSize", 1, maxKernel)
	c.InChannels = p.int("inChannels", 1, maxChannels)
	c.OutChannels = p.int("outChannels", 1, maxChannels)
	c.DilationY = p.int("dilationY", 1, maxKernel)
	c.DilationX = p.int("dilationX", 1, maxKernel)
	if p.err != nil {
		return c
	}
	p.check(c.KY%2 == 1 && c.KX%2 == 1, "convolution size %dx%d is not odd", c.KY, c.KX)
	if p.err == nil && (c.DilationY != 1 || c.DilationX != 1) {
		p.fail(ErrUnsupported, "dilation %dx%d is not supported (only 1)", c.DilationY, c.DilationX)
	}
	c.Weights = p.floats(c.KY * c.KX * c.InChannels * c.OutChannels)
	if p.err == nil && p.onConv != nil {
		p.onConv(c)
	}
	return c
}

func (p *parser) batchNorm() BatchNorm {
	var b BatchNorm
	b.Name = p.name("batchnorm")
	b.Channels = p.int("numChannels", 1, maxChannels)
	b.Epsilon = p.float("epsilon")
	b.HasScale = p.bool("hasScale")
	b.HasBias = p.bool("hasBias")
	if p.err != nil {
		return b
	}
	p.check(b.Epsilon > 0, "epsilon %v is not positive", b.Epsilon)
	b.Mean = p.floats(b.Channels)
	b.Variance = p.floats(b.Channels)
	if b.HasScale {
		b.Scale = p.floats(b.Channels)
	}
	if b.HasBias {
		b.Bias = p.floats(b.Channels)
	}
	if p.err != nil {
		return b
	}
	b.MergedScale = make([]float32, b.Channels)
	b.MergedBias = make([]float32, b.Channels)
	for c := range b.Channels {
		scale, bias := float32(1), float32(0)
		if b.HasScale {
			scale = b.Scale[c]
		}
		if b.HasBias {
			bias = b.Bias[c]
		}
		s := b.Variance[c] + b.Epsilon
		if !(s > 0) {
			p.fail(ErrFormat, "variance+epsilon %v of channel %d is not positive", s, c)
			return b
		}
		ms := scale / float32(math.Sqrt(float64(s)))
		mb := bias - ms*b.Mean[c]
		if math.IsInf(float64(ms), 0) || math.IsInf(float64(mb), 0) {
			p.fail(ErrFormat, "channel %d folds to an infinite scale or bias", c)
			return b
		}
		b.MergedScale[c], b.MergedBias[c] = ms, mb
	}
	return b
}

// activation reads an activation layer: only its name before version 11.
func (p *parser) activation() Activation {
	return Activation{Name: p.name("activation"), Kind: ActReLU}
}

func (p *parser) matMul() MatMul {
	var l MatMul
	l.Name = p.name("matmul")
	l.InChannels = p.int("inChannels", 1, maxChannels)
	l.OutChannels = p.int("outChannels", 1, maxChannels)
	if p.err != nil {
		return l
	}
	l.Weights = p.floats(l.InChannels * l.OutChannels)
	return l
}

func (p *parser) matBias() MatBias {
	var l MatBias
	l.Name = p.name("matbias")
	l.Channels = p.int("numChannels", 1, maxChannels)
	if p.err != nil {
		return l
	}
	l.Weights = p.floats(l.Channels)
	return l
}

func (p *parser) trunk(t *Trunk) {
	t.Name = p.name("trunk")
	numBlocks := p.int("numBlocks", 1, maxBlocks)
	t.TrunkChannels = p.int("trunkNumChannels", 1, maxChannels)
	t.MidChannels = p.int("midNumChannels", 1, maxChannels)
	t.RegularChannels = p.int("regularNumChannels", 1, maxChannels)
	t.DilatedChannels = p.int("dilatedNumChannels", 1, maxChannels)
	t.GpoolChannels = p.int("gpoolNumChannels", 1, maxChannels)
	p.check(t.MidChannels == t.RegularChannels+t.DilatedChannels,
		"midNumChannels %d != regularNumChannels %d + dilatedNumChannels %d", t.MidChannels, t.RegularChannels, t.DilatedChannels)
	if p.err != nil {
		return
	}
	C := t.TrunkChannels
	t.InitialConv = p.conv()
	p.check(t.InitialConv.OutChannels == C, "writes %d channels, the trunk has %d", t.InitialConv.OutChannels, C)
	t.InitialMatMul = p.matMul()
	p.check(t.InitialMatMul.OutChannels == C, "writes %d channels, the trunk has %d", t.InitialMatMul.OutChannels, C)
	for i := 0; i < numBlocks && p.err == nil; i++ {
		kind := p.token(fmt.Sprintf("kind of block %d", i+1))
		switch kind {
		case "ordinary_block":
			t.Blocks = append(t.Blocks, p.ordinaryBlock(t))
		case "gpool_block":
			t.Blocks = append(t.Blocks, p.gpoolBlock(t))
		case "":
		case "dilated_block", "nested_bottleneck_block":
			p.fail(ErrUnsupported, "block %d is a %s, which model version 8 does not use", i+1, kind)
		default:
			p.fail(ErrFormat, "block %d has unknown kind %q", i+1, clip(kind))
		}
	}
	if p.err != nil {
		return
	}
	t.TipBN = p.batchNorm()
	p.check(t.TipBN.Channels == C, "%d channels, the trunk has %d", t.TipBN.Channels, C)
	t.TipActivation = p.activation()
}

// bnConv checks that conv c reads the channels that bn writes.
func (p *parser) bnConv(bn *BatchNorm, c *Conv) {
	if p.err == nil && bn.Channels != c.InChannels {
		p.layer = c.Name
		p.fail(ErrFormat, "reads %d channels, but %s gives %d", c.InChannels, bn.Name, bn.Channels)
	}
}

// blockStart reads what both kinds of residual block begin with: the
// block's name, its first batch norm and activation on the trunk, and the
// regular convolution, which must write want channels (the header's
// field called field).
func (p *parser) blockStart(t *Trunk, want int, field string) (name string, bn BatchNorm, act Activation, regular Conv) {
	name = p.name("block")
	bn = p.batchNorm()
	p.check(bn.Channels == t.TrunkChannels, "%d channels, the trunk has %d", bn.Channels, t.TrunkChannels)
	act = p.activation()
	regular = p.conv()
	p.bnConv(&bn, &regular)
	p.check(regular.OutChannels == want, "writes %d channels, %s is %d", regular.OutChannels, field, want)
	return name, bn, act, regular
}

// blockEnd reads what both kinds of block end with: the batch norm of the
// regular convolution's output, its activation, and the final
// convolution back to the trunk's channels.
func (p *parser) blockEnd(t *Trunk, regular *Conv) (bn BatchNorm, act Activation, final Conv) {
	bn = p.batchNorm()
	p.check(bn.Channels == regular.OutChannels, "%d channels, %s writes %d", bn.Channels, regular.Name, regular.OutChannels)
	act = p.activation()
	final = p.conv()
	p.bnConv(&bn, &final)
	p.check(final.OutChannels == t.TrunkChannels, "writes %d channels, the trunk has %d", final.OutChannels, t.TrunkChannels)
	return bn, act, final
}

func (p *parser) ordinaryBlock(t *Trunk) *OrdinaryBlock {
	b := &OrdinaryBlock{}
	b.Name, b.PreBN, b.PreActivation, b.RegularConv = p.blockStart(t, t.MidChannels, "midNumChannels")
	b.MidBN, b.MidActivation, b.FinalConv = p.blockEnd(t, &b.RegularConv)
	return b
}

func (p *parser) gpoolBlock(t *Trunk) *GlobalPoolingBlock {
	b := &GlobalPoolingBlock{}
	b.Name, b.PreBN, b.PreActivation, b.RegularConv = p.blockStart(t, t.RegularChannels, "regularNumChannels")
	b.GpoolConv = p.conv()
	p.bnConv(&b.PreBN, &b.GpoolConv)
	p.check(b.GpoolConv.OutChannels == t.GpoolChannels, "writes %d channels, gpoolNumChannels is %d", b.GpoolConv.OutChannels, t.GpoolChannels)
	b.GpoolBN = p.batchNorm()
	p.check(b.GpoolBN.Channels == b.GpoolConv.OutChannels, "%d channels, %s writes %d", b.GpoolBN.Channels, b.GpoolConv.Name, b.GpoolConv.OutChannels)
	b.GpoolActivation = p.activation()
	b.GpoolToBiasMul = p.matMul()
	p.check(b.GpoolToBiasMul.InChannels == 3*b.GpoolBN.Channels, "reads %d values, 3 x %d pooled channels expected", b.GpoolToBiasMul.InChannels, b.GpoolBN.Channels)
	p.check(b.GpoolToBiasMul.OutChannels == b.RegularConv.OutChannels, "writes %d values, %s has %d channels", b.GpoolToBiasMul.OutChannels, b.RegularConv.Name, b.RegularConv.OutChannels)
	b.MidBN, b.MidActivation, b.FinalConv = p.blockEnd(t, &b.RegularConv)
	return b
}

func (p *parser) policy(h *PolicyHead) {
	if p.err != nil {
		return
	}
	h.Name = p.name("policy head")
	h.P1Conv = p.conv()
	h.G1Conv = p.conv()
	h.G1BN = p.batchNorm()
	p.check(h.G1BN.Channels == h.G1Conv.OutChannels, "%d channels, %s writes %d", h.G1BN.Channels, h.G1Conv.Name, h.G1Conv.OutChannels)
	h.G1Activation = p.activation()
	h.GpoolToBiasMul = p.matMul()
	p.check(h.GpoolToBiasMul.InChannels == 3*h.G1BN.Channels, "reads %d values, 3 x %d pooled channels expected", h.GpoolToBiasMul.InChannels, h.G1BN.Channels)
	p.check(h.GpoolToBiasMul.OutChannels == h.P1Conv.OutChannels, "writes %d values, %s has %d channels", h.GpoolToBiasMul.OutChannels, h.P1Conv.Name, h.P1Conv.OutChannels)
	h.P1BN = p.batchNorm()
	p.check(h.P1BN.Channels == h.P1Conv.OutChannels, "%d channels, %s writes %d", h.P1BN.Channels, h.P1Conv.Name, h.P1Conv.OutChannels)
	h.P1Activation = p.activation()
	h.P2Conv = p.conv()
	p.bnConv(&h.P1BN, &h.P2Conv)
	p.check(h.P2Conv.OutChannels == 1, "writes %d channels, 1 expected for model version 8", h.P2Conv.OutChannels)
	h.GpoolToPassMul = p.matMul()
	p.check(h.GpoolToPassMul.InChannels == 3*h.G1BN.Channels, "reads %d values, 3 x %d pooled channels expected", h.GpoolToPassMul.InChannels, h.G1BN.Channels)
	p.check(h.GpoolToPassMul.OutChannels == 1, "writes %d values, 1 expected for model version 8", h.GpoolToPassMul.OutChannels)
}

func (p *parser) value(h *ValueHead) {
	if p.err != nil {
		return
	}
	h.Name = p.name("value head")
	h.V1Conv = p.conv()
	h.V1BN = p.batchNorm()
	p.check(h.V1BN.Channels == h.V1Conv.OutChannels, "%d channels, %s writes %d", h.V1BN.Channels, h.V1Conv.Name, h.V1Conv.OutChannels)
	h.V1Activation = p.activation()
	h.V2Mul = p.matMul()
	p.check(h.V2Mul.InChannels == 3*h.V1BN.Channels, "reads %d values, 3 x %d pooled channels expected", h.V2Mul.InChannels, h.V1BN.Channels)
	h.V2Bias = p.matBias()
	p.check(h.V2Bias.Channels == h.V2Mul.OutChannels, "%d channels, %s writes %d", h.V2Bias.Channels, h.V2Mul.Name, h.V2Mul.OutChannels)
	h.V2Activation = p.activation()
	h.V3Mul = p.matMul()
	p.check(h.V3Mul.InChannels == h.V2Mul.OutChannels, "reads %d values, %s writes %d", h.V3Mul.InChannels, h.V2Mul.Name, h.V2Mul.OutChannels)
	p.check(h.V3Mul.OutChannels == 3, "writes %d values, 3 expected", h.V3Mul.OutChannels)
	h.V3Bias = p.matBias()
	p.check(h.V3Bias.Channels == 3, "%d channels, 3 expected", h.V3Bias.Channels)
	h.SV3Mul = p.matMul()
	p.check(h.SV3Mul.InChannels == h.V2Mul.OutChannels, "reads %d values, %s writes %d", h.SV3Mul.InChannels, h.V2Mul.Name, h.V2Mul.OutChannels)
	p.check(h.SV3Mul.OutChannels == 4, "writes %d values, 4 expected for model version 8", h.SV3Mul.OutChannels)
	h.SV3Bias = p.matBias()
	p.check(h.SV3Bias.Channels == 4, "%d channels, 4 expected for model version 8", h.SV3Bias.Channels)
	h.OwnershipConv = p.conv()
	p.bnConv(&h.V1BN, &h.OwnershipConv)
	p.check(h.OwnershipConv.OutChannels == 1, "writes %d channels, 1 expected", h.OwnershipConv.OutChannels)
}
