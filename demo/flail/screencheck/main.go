package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout)) }

func run(args []string, out io.Writer) int {
	fs := flag.NewFlagSet("screencheck", flag.ContinueOnError)
	fs.SetOutput(out)
	th := DefaultThresholds
	fs.IntVar(&th.MinBotPixels, "min-bot-pixels", th.MinBotPixels, "bot-colored playfield pixels required")
	fs.IntVar(&th.MinCarPixels, "min-car-pixels", th.MinCarPixels, "local-car pixels required near the screen center")
	fs.Float64Var(&th.MinFloor, "min-floor", th.MinFloor, "fraction of playfield pixels that must be arena floor")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(out, "usage: screencheck [flags] shot.png")
		return 2
	}
	img, err := load(fs.Arg(0))
	if err != nil {
		fmt.Fprintln(out, "screencheck:", err)
		return 2
	}
	r := Check(img, th)
	fmt.Fprint(out, r.String())
	if !r.OK() {
		return 1
	}
	return 0
}

func load(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return png.Decode(f)
}
