package thermo

import (
	"fmt"
	"strings"
)

// graph is what inspect learns of a game graph: its kos, in an order in
// which every ko comes after the kos reachable from it, and the paths
// from the root that name its nodes in errors.
type graph struct {
	kos   []*koShape
	koOf  map[*Game]*koShape
	paths map[*Game]string
}

// koShape is the shape of a ko that the tally method counts: a line of
// positions pos[0..k-1], k >= 2, in which Black's only option inside the
// cycle from pos[i] is pos[i+1] and White's is pos[i-1]; White leaves the
// cycle (wins the ko) only from pos[0], by whiteExits, and Black only from
// pos[k-1], by blackExits; no other option leaves it.
type koShape struct {
	pos                    []*Game
	index                  map[*Game]int
	whiteExits, blackExits []*Game
}

// components returns the strongly connected components of the graph below
// root that hold a cycle (two nodes or more, or a node that is its own
// option), each in the order its nodes were first met from the root, the
// components in an order in which a component comes after every component
// it reaches (Tarjan's order). Nil options are skipped. It also returns
// every node's path from the root, as first met ("root.L[0].R[1]").
func components(root *Game) (cyclic [][]*Game, paths map[*Game]string) {
	index := map[*Game]int{}
	low := map[*Game]int{}
	onStack := map[*Game]bool{}
	paths = map[*Game]string{}
	var stack []*Game
	var visit func(n *Game, path string)
	visit = func(n *Game, path string) {
		index[n] = len(index)
		low[n] = index[n]
		paths[n] = path
		stack = append(stack, n)
		onStack[n] = true
		self := false
		for side, opts := range [2][]*Game{n.Left, n.Right} {
			for i, o := range opts {
				switch {
				case o == nil:
					continue
				case o == n:
					self = true
				}
				if _, seen := index[o]; !seen {
					visit(o, fmt.Sprintf("%s.%c[%d]", path, "LR"[side], i))
					low[n] = min(low[n], low[o])
				} else if onStack[o] {
					low[n] = min(low[n], index[o])
				}
			}
		}
		if low[n] != index[n] {
			return
		}
		i := len(stack) - 1
		for stack[i] != n {
			i--
		}
		comp := append([]*Game(nil), stack[i:]...)
		for _, m := range comp {
			onStack[m] = false
		}
		stack = stack[:i]
		if len(comp) > 1 || self {
			cyclic = append(cyclic, comp)
		}
	}
	if root != nil {
		visit(root, "root")
	}
	return cyclic, paths
}

// inspect checks that g is a game graph this package can analyse: no nil
// options, no leaf with options, and every cycle a ko that the tally
// method counts (koShape). It returns the graph's kos.
func inspect(g *Game) (*graph, error) {
	if g == nil {
		return nil, fmt.Errorf("%w: nil game", ErrMalformed)
	}
	cyclic, paths := components(g)
	// Malformed nodes, in the order first met.
	seen := map[*Game]bool{}
	var check func(n *Game) error
	check = func(n *Game) error {
		if seen[n] {
			return nil
		}
		seen[n] = true
		path := paths[n]
		if n.Value != nil && (len(n.Left) > 0 || len(n.Right) > 0) {
			return fmt.Errorf("%w: %s is a leaf (value %s) that also has options", ErrMalformed, path, n.Value.RatString())
		}
		for side, opts := range [2][]*Game{n.Left, n.Right} {
			for i, o := range opts {
				if o == nil {
					return fmt.Errorf("%w: %s.%c[%d] is a nil option", ErrMalformed, path, "LR"[side], i)
				}
				if err := check(o); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := check(g); err != nil {
		return nil, err
	}
	gr := &graph{koOf: map[*Game]*koShape{}, paths: paths}
	for _, comp := range cyclic {
		k, err := shapeOf(comp, paths)
		if err != nil {
			return nil, err
		}
		gr.kos = append(gr.kos, k)
		for _, p := range k.pos {
			gr.koOf[p] = k
		}
	}
	return gr, nil
}

// nodeName names n for people: its Label, else its path from the root,
// after its value for a leaf ("5 (root.L[0].R[1])").
func nodeName(n *Game, paths map[*Game]string) string {
	switch {
	case n.Label != "":
		return n.Label
	case n.Value != nil:
		return n.Value.RatString() + " (" + paths[n] + ")"
	}
	return paths[n]
}

// cycleError reports a component that is not a countable ko, naming a
// cycle through its first node.
func cycleError(comp []*Game, paths map[*Game]string, format string, args ...any) error {
	in := map[*Game]bool{}
	for _, n := range comp {
		in[n] = true
	}
	// The shortest way back to comp[0] inside the component.
	start := comp[0]
	prev := map[*Game]*Game{}
	queue := []*Game{start}
	var last *Game
	for len(queue) > 0 && last == nil {
		n := queue[0]
		queue = queue[1:]
		for _, o := range append(append([]*Game(nil), n.Left...), n.Right...) {
			if o == start {
				last = n
				break
			}
			if in[o] && prev[o] == nil {
				prev[o] = n
				queue = append(queue, o)
			}
		}
	}
	var cycle []*Game
	for n := last; n != start; n = prev[n] {
		cycle = append([]*Game{n}, cycle...)
	}
	cycle = append([]*Game{start}, cycle...)
	names := make([]string, 0, len(cycle)+1)
	for _, n := range cycle {
		names = append(names, nodeName(n, paths))
	}
	names = append(names, names[0])
	return &CycleError{Cycle: cycle, Names: names[:len(cycle)], Msg: fmt.Sprintf(format, args...),
		text: strings.Join(names, " -> ")}
}

// shapeOf checks that a strongly connected component is a ko the tally
// method counts, and returns its shape.
func shapeOf(comp []*Game, paths map[*Game]string) (*koShape, error) {
	in := map[*Game]bool{}
	for _, n := range comp {
		in[n] = true
	}
	bad := func(format string, args ...any) (*koShape, error) {
		return nil, cycleError(comp, paths, format, args...)
	}
	next := map[*Game]*Game{} // Black's option inside the cycle
	prev := map[*Game]*Game{} // White's
	var first, last []*Game
	for _, n := range comp {
		for side, opts := range [2][]*Game{n.Left, n.Right} {
			who := [2]string{"Black", "White"}[side]
			for _, o := range opts {
				switch {
				case o == n:
					return bad("is not a ko: %s has a %s play that leaves the position as it is", nodeName(n, paths), who)
				case !in[o]:
					continue
				}
				m := next
				if side == 1 {
					m = prev
				}
				if m[n] != nil {
					return bad("is not a ko the tally method counts: %s has two %s plays inside the cycle, to %s and to %s",
						nodeName(n, paths), who, nodeName(m[n], paths), nodeName(o, paths))
				}
				m[n] = o
			}
		}
		if prev[n] == nil {
			first = append(first, n)
		}
		if next[n] == nil {
			last = append(last, n)
		}
	}
	if len(first) != 1 || len(last) != 1 {
		return bad("is not a ko the tally method counts: the positions do not form one line from White's win to Black's, each Black play inside the cycle taken back by a White play")
	}
	k := &koShape{index: map[*Game]int{}}
	for n := first[0]; n != nil; n = next[n] {
		if _, again := k.index[n]; again {
			return bad("is not a ko the tally method counts: Black's plays inside the cycle go round it")
		}
		if len(k.pos) > 0 && prev[n] != k.pos[len(k.pos)-1] {
			return bad("is not a ko the tally method counts: White's play from %s inside the cycle does not take back Black's play to it", nodeName(n, paths))
		}
		k.index[n] = len(k.pos)
		k.pos = append(k.pos, n)
	}
	if len(k.pos) != len(comp) {
		return bad("is not a ko the tally method counts: the positions do not form one line")
	}
	for i, n := range k.pos {
		for side, opts := range [2][]*Game{n.Left, n.Right} {
			for _, o := range opts {
				if in[o] {
					continue
				}
				switch {
				case side == 1 && i == 0:
					k.whiteExits = append(k.whiteExits, o)
				case side == 0 && i == len(k.pos)-1:
					k.blackExits = append(k.blackExits, o)
				default:
					return bad("is not a ko the tally method counts: only White's plays from %s and Black's from %s, the ends of the line, may leave the cycle, but %s has a %s play to %s",
						nodeName(k.pos[0], paths), nodeName(k.pos[len(k.pos)-1], paths), nodeName(n, paths), [2]string{"Black", "White"}[side], nodeName(o, paths))
				}
			}
		}
	}
	if len(k.whiteExits) == 0 {
		return bad("is not a ko the tally method counts: White can never leave the cycle (no White play from %s ends it)", nodeName(k.pos[0], paths))
	}
	if len(k.blackExits) == 0 {
		return bad("is not a ko the tally method counts: Black can never leave the cycle (no Black play from %s ends it)", nodeName(k.pos[len(k.pos)-1], paths))
	}
	return k, nil
}

// preorder calls f once on every node reachable from root, in the order
// first met: a node before its options, Black's before White's. Nil
// options are skipped.
func preorder(root *Game, f func(*Game)) {
	seen := map[*Game]bool{}
	var visit func(n *Game)
	visit = func(n *Game) {
		if n == nil || seen[n] {
			return
		}
		seen[n] = true
		f(n)
		for _, o := range n.Left {
			visit(o)
		}
		for _, o := range n.Right {
			visit(o)
		}
	}
	visit(root)
}

// isName reports whether s can name a position in the notation: a letter
// followed by letters, digits and '_', and not a word the notation keeps
// for itself (the shorthand v, v2, ...; inf, infinity, on, off).
func isName(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if c := s[i]; !isLetter(c) && !(c >= '0' && c <= '9') && c != '_' {
			return false
		}
	}
	return !reservedWord(s)
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// reservedWord reports the words that are CGT shorthand or infinities.
func reservedWord(s string) bool {
	switch strings.ToLower(s) {
	case "inf", "infinity", "on", "off":
		return true
	}
	return s == "v" || len(s) > 1 && s[0] == 'v' && s[1] >= '0' && s[1] <= '9'
}

// names names the nodes that the named notation names: every position on
// a cycle, every node that is the option of more than one play and has a
// Label that is a name (as the named notation's definitions have), and
// then the root. A node keeps its Label where that is a name (isName)
// that no node met before has; the others are called G (the root) or P1,
// P2, ..., the first free. Nodes are taken in the order first met from
// the root. It returns nil when no node but the root would be named, and
// the graph is then written as a tree.
func names(root *Game) map[*Game]string {
	cyclic, _ := components(root)
	need := map[*Game]bool{}
	for _, comp := range cyclic {
		for _, n := range comp {
			need[n] = true
		}
	}
	indeg := map[*Game]int{}
	var count func(n *Game)
	count = func(n *Game) {
		for _, o := range append(append([]*Game(nil), n.Left...), n.Right...) {
			if o == nil {
				continue
			}
			indeg[o]++
			if indeg[o] == 1 {
				count(o)
			}
		}
	}
	if root != nil {
		indeg[root] = 1 // met: the plays below it are counted once
		count(root)
	}
	for n, d := range indeg {
		if d > 1 && isName(n.Label) {
			need[n] = true
		}
	}
	if len(need) == 0 {
		return nil
	}
	need[root] = true
	var order []*Game
	preorder(root, func(n *Game) {
		if need[n] {
			order = append(order, n)
		}
	})
	out := map[*Game]string{}
	taken := map[string]bool{}
	for _, n := range order {
		if isName(n.Label) && !taken[n.Label] {
			out[n], taken[n.Label] = n.Label, true
		}
	}
	next := 1
	for _, n := range order {
		if out[n] != "" {
			continue
		}
		name := "G"
		if n != root || taken[name] {
			for taken[fmt.Sprintf("P%d", next)] {
				next++
			}
			name = fmt.Sprintf("P%d", next)
		}
		out[n], taken[name] = name, true
	}
	return out
}
