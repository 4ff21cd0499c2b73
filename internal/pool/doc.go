// Package pool is the worker pool of goeval's applications (ranking, the
// game-record comparison, fitting the judge, labelling): Map runs jobs
// numbered 0..n-1 on a fixed number of workers, GOMAXPROCS by default,
// each worker with its own state (an estimator and its scratch, an
// engine) built once and used for all its jobs.
//
// Each job writes its result into its own slot of the caller's
// pre-indexed slice, so the output never depends on scheduling: 1 worker
// or 16 give the same bytes. Errors are collected the same way: every job
// runs even if others fail, and Map returns a *JobError for each failed
// job, in index order.
//
// The package knows nothing of estimators or boards; it is internal
// because it is plumbing that only goeval's own packages share.
package pool
