// Package netmodel reads KataGo's neural-network model files into plain
// descriptions of their layers, as KataGo's neuralnet/desc.cpp does, and
// knows nothing of boards or arithmetic (package neural evaluates them).
//
// Conventions:
//
//   - A Model is immutable once read: its slices alias nothing else and
//     callers must not modify them. It is safe to share between goroutines.
//   - Weights are kept in the order of the file: a k×k convolution as
//     [y][x][in][out] (out fastest), a matrix product as [in][out].
//   - A batch-norm layer keeps its raw mean, variance, scale and bias and
//     also the folded MergedScale and MergedBias of KataGo's
//     BatchNormLayerDesc::computeMerged, computed in float32:
//     scale/sqrt(variance+epsilon) and bias - mergedScale*mean.
//   - Files are recognised by their suffix, as KataGo does: .bin.gz (gzip,
//     binary float blocks), .txt.gz (gzip, text floats), .gz (gzip, binary
//     tried first, then text), .bin and .txt (uncompressed). Other names are
//     sniffed: gzip by its magic bytes, binary blocks by their "@BIN@" mark.
//   - Only model version 8 (the g170 networks, b6c96 to b40c256x2) is read;
//     any other version gives an error wrapping ErrUnsupported. The layer
//     types leave room for versions 9 to 15 (more score outputs, activation
//     kinds, nested bottleneck blocks).
//   - Every problem with a file is an error, never a panic: it wraps
//     ErrFormat (malformed) or ErrUnsupported (well formed, not handled)
//     and reads "FILE: layer NAME: what is wrong".
//
// docs/net.md §2 describes the format, which is KataGo's
// (neuralnet/desc.cpp); KataGo is by David J Wu and is MIT licensed.
package netmodel
