package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/jezek/xgb"
	"github.com/jezek/xgb/xproto"
	"github.com/jezek/xgb/xtest"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "xdrive:", err)
		os.Exit(1)
	}
}

func run(steps []string) error {
	c, err := xgb.NewConn()
	if err != nil {
		return err
	}
	defer c.Close()
	if err := xtest.Init(c); err != nil {
		return err
	}
	scr := xproto.Setup(c).DefaultScreen(c)
	cx, cy := int(scr.WidthInPixels)/2, int(scr.HeightInPixels)/2
	for _, s := range steps {
		f := strings.Split(s, ":")
		switch {
		case f[0] == "wait" && len(f) == 2:
			sec, err := strconv.ParseFloat(f[1], 64)
			if err != nil {
				return fmt.Errorf("%s: %v", s, err)
			}
			time.Sleep(time.Duration(sec * float64(time.Second)))
		case f[0] == "move" && len(f) == 3:
			dx, err1 := strconv.Atoi(f[1])
			dy, err2 := strconv.Atoi(f[2])
			if err1 != nil || err2 != nil {
				return fmt.Errorf("%s: bad offsets", s)
			}
			err := xtest.FakeInputChecked(c, xproto.MotionNotify, 0, 0, scr.Root,
				int16(cx+dx), int16(cy+dy), 0).Check()
			if err != nil {
				return err
			}
		case f[0] == "click" && len(f) == 1:
			if err := xtest.FakeInputChecked(c, xproto.ButtonPress, 1, 0, scr.Root, 0, 0, 0).Check(); err != nil {
				return err
			}
			time.Sleep(100 * time.Millisecond)
			if err := xtest.FakeInputChecked(c, xproto.ButtonRelease, 1, 0, scr.Root, 0, 0, 0).Check(); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown step %q", s)
		}
		fmt.Println("xdrive:", s)
	}
	return nil
}
