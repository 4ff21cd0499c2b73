// Package eval is where goeval's applications (the command, ranking, the
// game-record comparison, GTP, pictures) meet the estimators: the registry
// of estimators by name, with their parameters, and the worker pool that
// evaluates many positions in parallel.
//
// The registry lists every estimator in a fixed order (Names). Parameters
// are overridden by name (Options{"lambda": 0.5}); an override that the
// chosen estimator does not have is an error naming the estimator's
// parameters, never silently ignored.
//
// The pool (Map) runs a fixed number of workers, GOMAXPROCS by default, each
// with its own state (its estimator and scratch), over jobs numbered 0..n-1;
// each job writes its result into its own slot of a pre-indexed slice, so
// the output never depends on scheduling: 1 worker or 16 give the same
// bytes.
package eval
