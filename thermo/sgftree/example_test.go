package sgftree_test

import (
	"fmt"

	"goeval/sgf"
	"goeval/thermo"
	"goeval/thermo/sgftree"
)

func ExampleRead() {
	// Black's E2 is worth 4; White's E2 threatens D1 (-17), so Black
	// answers at E1 (3). The sente example of docs/estimators.md §5.
	c, err := sgf.Parse("sente.sgf", []byte(`(;SZ[9]AB[ag:eg][ah:dh]AW[fg:ig][fh:ih]
		(;B[eh]V[4])
		(;W[eh](;B[ei]V[3])(;W[di]V[-17])))`))
	if err != nil {
		fmt.Println(err)
		return
	}
	g, _ := c.Game(1)
	tr, err := sgftree.Read(g, sgftree.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	r, _ := thermo.Analyze(tr.Game)
	fmt.Print(r.Tree())
	// Output:
	// 3 (1) white sente
	// |-- B [E2] 4
	// `-- W [E2] -7 (10) gote
	//     |-- B [E1] 3
	//     `-- W [D1] -17
}
