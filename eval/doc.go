// Package eval is where goeval's applications (the command, ranking, the
// game-record comparison, GTP, pictures) meet the estimators: the registry
// of estimators by name, with their parameters.
//
// The registry lists every estimator in a fixed order (Names). Parameters
// are overridden by name (Options{"lambda": 0.5}); an override that the
// chosen estimator does not have is an error naming the estimator's
// parameters, never silently ignored. Factory hands out a constructor, so
// that each worker of a pool (package internal/pool) builds its own
// estimator with its own scratch.
package eval
