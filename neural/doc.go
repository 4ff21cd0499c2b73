// Package neural evaluates KataGo networks (package netmodel) on the inputs
// of package netinput in pure Go, reproducing KataGo's Eigen backend
// (neuralnet/eigenbackend.cpp) and its post-processing
// (neuralnet/nneval.cpp NNEvaluator::evaluate).
//
// Conventions:
//
//   - A Network is built once from a model and is immutable: every
//     goroutine shares it. Each goroutine evaluates through its own
//     Evaluator, which owns the scratch memory; an Evaluator does not
//     allocate once it has seen a batch of that size on that board size.
//   - The network buffer is exactly the board (KataGo's GTP: nnLen = size),
//     for sizes 2 to 19. Tensors are NHWC.
//   - Board points are in board order, p = y*size + x with y the row from
//     the top (row 0 = GTP row size), the pass last at size*size.
//   - Symmetries are KataGo's (docs/net.md §2; neuralnet/nninputs.cpp
//     SymmetryHelpers): 3 bits, bit 0 flips y, bit 1
//     flips x, bit 2 transposes, flips first. Symmetry s evaluates the
//     tensor whose point sym(p) holds board point p, and reads the outputs
//     of p back from sym(p). AllSymmetries averages the 8 post-processed
//     outputs, as KataGo's NNOutput averaging does.
//   - Raw outputs (RawOutput) are from the side to move's point of view.
//     Post-processed outputs (Output) give the policy for the side to move
//     and everything else from White's point of view, as kata-raw-nn
//     prints them; values are float64, computed in float64 from the
//     float32 network outputs.
//   - Illegal moves (netinput.Features.Legal false) get policy 0, not
//     KataGo's -1, and take no part in the softmax.
//   - Errors wrap ErrInput (inputs that do not fit) or ErrUnsupported
//     (models the package cannot evaluate).
package neural
