package eval

import "testing"

// TestDefaultNames: the names commands default to are registered
// estimators, under the names their packages give them.
func TestDefaultNames(t *testing.T) {
	for _, n := range []string{JudgeName, LambdaKappaName, NetName} {
		if _, err := Lookup(n); err != nil {
			t.Errorf("%q: %v", n, err)
		}
	}
	if JudgeName != "judge" || LambdaKappaName != "lambda-kappa" {
		t.Errorf("names %q, %q; want judge and lambda-kappa (docs/estimators.md)", JudgeName, LambdaKappaName)
	}
}
