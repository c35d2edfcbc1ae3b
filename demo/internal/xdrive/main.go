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

// keysyms are the X keysyms of the keys the check uses.
var keysyms = map[string]xproto.Keysym{
	"w": 0x77, "a": 0x61, "s": 0x73, "d": 0x64, "space": 0x20,
	"1": 0x31, "2": 0x32, "3": 0x33, "4": 0x34, "escape": 0xff1b, "f5": 0xffc2,
	// the playground's instruments: pause, step, slow/fast, reset, panel,
	// scene, debug drawing.
	"p": 0x70, "period": 0x2e, "bracketleft": 0x5b, "bracketright": 0x5d, "r": 0x72,
	"tab": 0xff09, "f2": 0xffbf, "f3": 0xffc0,
	"uparrow": 0xff52, "downarrow": 0xff54, "leftarrow": 0xff51, "rightarrow": 0xff53,
}

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
	setup := xproto.Setup(c)
	scr := setup.DefaultScreen(c)
	codes, err := keycodes(c, setup)
	if err != nil {
		return err
	}
	fake := func(kind byte, detail byte, x, y int16) error {
		return xtest.FakeInputChecked(c, kind, detail, 0, scr.Root, x, y, 0).Check()
	}
	key := func(name string) (byte, error) {
		k, ok := codes[name]
		if !ok {
			return 0, fmt.Errorf("no keycode for %q", name)
		}
		return byte(k), nil
	}
	for _, s := range steps {
		f := strings.SplitN(s, ":", 2)
		arg := ""
		if len(f) == 2 {
			arg = f[1]
		}
		switch f[0] {
		case "wait":
			sec, err := strconv.ParseFloat(arg, 64)
			if err != nil {
				return fmt.Errorf("%s: %v", s, err)
			}
			time.Sleep(time.Duration(sec * float64(time.Second)))
		case "down", "up", "tap":
			k, err := key(arg)
			if err != nil {
				return err
			}
			if f[0] != "up" {
				if err := fake(xproto.KeyPress, k, 0, 0); err != nil {
					return err
				}
			}
			if f[0] == "tap" {
				time.Sleep(100 * time.Millisecond)
			}
			if f[0] != "down" {
				if err := fake(xproto.KeyRelease, k, 0, 0); err != nil {
					return err
				}
			}
		case "move": // absolute, from the screen centre
			var dx, dy int
			if _, err := fmt.Sscanf(arg, "%d:%d", &dx, &dy); err != nil {
				return fmt.Errorf("%s: %v", s, err)
			}
			if err := fake(xproto.MotionNotify, 0, int16(int(scr.WidthInPixels)/2+dx), int16(int(scr.HeightInPixels)/2+dy)); err != nil {
				return err
			}
		case "rel": // relative pointer motion, in steps of at most 20 px
			var dx, dy int
			if _, err := fmt.Sscanf(arg, "%d:%d", &dx, &dy); err != nil {
				return fmt.Errorf("%s: %v", s, err)
			}
			for n := max(abs(dx), abs(dy))/20 + 1; n > 0; n-- {
				sx, sy := dx/n, dy/n
				if err := fake(xproto.MotionNotify, 1, int16(sx), int16(sy)); err != nil {
					return err
				}
				dx, dy = dx-sx, dy-sy
				time.Sleep(20 * time.Millisecond)
			}
		case "click":
			if err := fake(xproto.ButtonPress, 1, 0, 0); err != nil {
				return err
			}
			time.Sleep(100 * time.Millisecond)
			if err := fake(xproto.ButtonRelease, 1, 0, 0); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown step %q", s)
		}
		fmt.Println("xdrive:", s)
	}
	return nil
}

// keycodes maps the key names to the keycodes whose first keysym they are.
func keycodes(c *xgb.Conn, setup *xproto.SetupInfo) (map[string]xproto.Keycode, error) {
	lo, hi := setup.MinKeycode, setup.MaxKeycode
	m, err := xproto.GetKeyboardMapping(c, lo, byte(hi-lo+1)).Reply()
	if err != nil {
		return nil, err
	}
	per := int(m.KeysymsPerKeycode)
	out := map[string]xproto.Keycode{}
	for name, sym := range keysyms {
		for i := 0; i*per < len(m.Keysyms); i++ {
			if m.Keysyms[i*per] == sym {
				out[name] = xproto.Keycode(int(lo) + i)
				break
			}
		}
	}
	return out, nil
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
