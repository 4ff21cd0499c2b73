// Package race says whether the program was built with the race detector,
// so that tests whose arithmetic runs ten times slower under it (the
// network's convolutions, reading a 4 MB model many times) can use
// smaller cases there: the detector still sees every code path, on less
// data.
package race
