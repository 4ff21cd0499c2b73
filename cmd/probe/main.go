package main

import (
	"fmt"
	"os"
	"strconv"
	"goeval/sgf"
)

func main() {
	g, err := sgf.Load(os.Args[1], 1)
	if err != nil { panic(err) }
	n, _ := strconv.Atoi(os.Args[2])
	b, s, err := g.Position(n)
	fmt.Println(err, s)
	fmt.Println(b)
}
