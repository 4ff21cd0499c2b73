// Package hostprobe holds fixed instruction sequences whose time says how
// fast the host runs this kind of code at the moment: FMA512 and
// Gather512 (AVX-512, as the λ/κ kernel of package influence uses it) and
// IMUL (scalar code). A benchmark of the kernels is read against them to
// tell the host's slow phase, in which vector code slows by up to half
// again or more while scalar code does not, from a change in the kernels
// (influence's BenchmarkHostProbe; docs/speed-notes.md).
//
// Only benchmarks use the probes: the package is imported from test files
// alone, so its assembly is never linked into goeval. It has probes on
// amd64 only; FMA512 and Gather512 need AVX-512 (cpu.X86.HasAVX512F of
// golang.org/x/sys/cpu).
package hostprobe
