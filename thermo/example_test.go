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
	// A ko: after Black takes, White can take back, and so on.
	a := &thermo.Game{Label: "ko"}
	b := thermo.NewNode([]*thermo.Game{thermo.IntLeaf(13)}, []*thermo.Game{a})
	a.Left = []*thermo.Game{b}
	a.Right = []*thermo.Game{thermo.IntLeaf(-2)}
	err := a.Validate()
	fmt.Println(err)
	fmt.Println(errors.Is(err, thermo.ErrKo), errors.Is(err, thermo.ErrUnsupported))
	// Output:
	// thermo: unsupported game: ko trees are not supported: root.L[0].R[0] leads back to root, which is a cycle in the game graph
	// true true
}
