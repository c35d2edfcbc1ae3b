package main

import (
	"fmt"
	"math"
	"os"

	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/trace"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: inputcheck recorded.toml")
		os.Exit(2)
	}
	tr, err := trace.Load(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, "inputcheck:", err)
		os.Exit(2)
	}
	cmds, err := match.Inputs(tr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "inputcheck:", err)
		os.Exit(2)
	}
	near := func(a, b float64) bool { return math.Abs(math.Remainder(a-b, 2*math.Pi)) < 0.05 }
	right, click, down := -1, -1, -1
	for i, c := range cmds {
		switch {
		case right < 0 && c.Throttle == 1 && near(c.Aim, 0):
			right = i
		case right >= 0 && click < 0 && c.PrimaryPressed:
			click = i
		case click >= 0 && down < 0 && c.Throttle == 1 && near(c.Aim, math.Pi/2):
			down = i
		}
	}
	fmt.Printf("%d ticks: aim 0 at full throttle from tick %d, primary press at tick %d, aim +90 deg at full throttle from tick %d\n",
		len(cmds), right, click, down)
	if right < 0 || click < 0 || down < 0 {
		fmt.Println("FAIL: the pointer script did not reach the simulation in order")
		os.Exit(1)
	}
	fmt.Println("PASS")
}
