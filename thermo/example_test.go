package thermo_test

import (
	"errors"
	"fmt"

	"goeval/thermo"
)

func ExampleParse() {
	g, err := thermo.Parse("{4||3|2}")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g)
	_, err = thermo.Parse("{4 | {3, | 2}}")
	fmt.Println(err)
	fmt.Println(errors.Is(err, thermo.ErrSyntax))
	// Output:
	// {4 | {3 | 2}}
	// 1:10: thermo: empty option: a ',' with no game beside it
	// true
}

func ExampleAnalyze() {
	r, err := thermo.Analyze(thermo.MustParse("{{-2 | -4} | -7}"))
	if err != nil {
		fmt.Println(err)
		return
	}
	th := r.Thermograph
	fmt.Println("count:", th.Count.RatString())
	fmt.Println("miai value:", th.Temperature.RatString())
	fmt.Println("LW:", th.Left)
	fmt.Println("RW:", th.Right)
	fmt.Println(r.Class)
	// Output:
	// count: -5
	// miai value: 2
	// LW: max(min(-4, -3-t), -5)
	// RW: min(-7+t, -5)
	// gote
}

func ExampleResult_Tree() {
	r, _ := thermo.Analyze(thermo.MustParse("{4 | {3 | 2}}"))
	fmt.Print(r.Tree())
	// Output:
	// 13/4 (3/4) gote
	// |-- B 4
	// `-- W 5/2 (1/2) gote
	//     |-- B 3
	//     `-- W 2
}

func ExampleResult_Sente() {
	r, _ := thermo.Analyze(thermo.MustParse("{4 | {3 | -17}}"))
	for _, s := range r.Sente() {
		fmt.Println(s.Player, "plays sente to", s.FollowUp.Game, "hot", s.FollowUp.Thermograph.Temperature.RatString())
		fmt.Println("answer:", s.Reply.Game, "ignored:", s.Ignored)
		n, _ := thermo.MiaiCount(s.Simplified)
		fmt.Println("simplified:", s.Simplified, "count", n.Count.RatString(), "miai value", n.Temperature.RatString())
	}
	th := r.Thermograph
	fmt.Println("thermograph: count", th.Count.RatString(), "miai value", th.Temperature.RatString())
	// Output:
	// White plays sente to {3 | -17} hot 10
	// answer: 3 ignored: [-17]
	// simplified: {4 | {3 | }} count 3 miai value 1
	// thermograph: count 3 miai value 1
}

func ExampleMiaiCount() {
	for _, tree := range []string{"{4 | {3 | 2}}", "{4 | {3 | -17}}"} {
		n, err := thermo.MiaiCount(thermo.MustParse(tree))
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: count %s, miai value %s\n", tree, n.Count.RatString(), n.Temperature.RatString())
	}
	// Output:
	// {4 | {3 | 2}}: count 13/4, miai value 3/4
	// {4 | {3 | -17}}: count -3/2, miai value 11/2
}

func ExampleThermograph_Plot() {
	th, _ := thermo.MustParse("{{5 | 1} | 0}").Thermograph()
	fmt.Print(th.Plot(thermo.PlotOptions{Width: 20, Height: 12}))
	// Output:
	// count 1, miai value 1; Black's values to the left, t up
	// 2 |     |
	//   |     |
	//   |     |
	//   |     |
	// 1 |     |
	//   |     |\
	//   |     | \
	//   |     |  \
	// 0 |     |   \
	//   +-+---+---+---+
	//     2   1   0  -1
}

func ExampleGame_Validate() {
	// The ko of docs/estimators.md §5, built in code: from A Black takes (C) or White
	// connects (-2); from C Black connects (13) or White takes back (A).
	a := &thermo.Game{Label: "A"}
	c := &thermo.Game{Label: "C", Left: []*thermo.Game{thermo.IntLeaf(13)}, Right: []*thermo.Game{a}}
	a.Left = []*thermo.Game{c}
	a.Right = []*thermo.Game{thermo.IntLeaf(-2)}
	fmt.Println(a.Validate())
	// A cycle that is no ko: from C White could also leave it, by a
	// play to 5, although White's end of the line is A.
	c.Right = append(c.Right, thermo.IntLeaf(5))
	err := a.Validate()
	fmt.Println(err)
	fmt.Println(errors.Is(err, thermo.ErrKo), errors.Is(err, thermo.ErrUnsupported))
	// Output:
	// <nil>
	// thermo: the cycle A -> C -> A is not a ko the tally method counts: only White's plays from A and Black's from C, the ends of the line, may leave the cycle, but C has a White play to 5 (root.L[0].R[1])
	// true true
}

// The ko of docs/estimators.md §5: swing 15, tally 3, 5 points a move; C counts 8 and
// A counts 3.
func ExampleAnalyze_ko() {
	g := thermo.MustParse("A = {C | -2}; C = {13 | A}")
	r, err := thermo.Analyze(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	k := r.Ko
	fmt.Println("swing", k.Swing.RatString(), "tally", k.Tally, "value", k.Value.RatString())
	fmt.Print(r.Tree())
	fmt.Println("LW =", r.Thermograph.Left, " RW =", r.Thermograph.Right)
	// Output:
	// swing 15 tally 3 value 5
	// [A] 3 (5) ko: swing 15, tally 3
	// |-- B [C] 8 (5) ko: swing 15, tally 3
	// |   |-- B 13
	// |   `-- W [A] 3 (5) ko: swing 15, tally 3, back to A
	// `-- W -2
	// LW = max(8-t, 3)  RW = min(-2+t, 3)
}
