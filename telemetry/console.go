package telemetry

import (
	"io"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// ConsoleDebugger is a motor with a debug block to print every few ticks,
// such as the hybrid motor whose configuration sets enable_console_debug.
// The motor only keeps the values; InstallConsole's system prints them.
type ConsoleDebugger interface {
	// ConsoleInterval is the number of ticks between prints, 0 for none.
	ConsoleInterval() int
	// AppendDebugText appends the debug block of the last tick to dst.
	AppendDebugText(dst []byte) []byte
}

// Console is the system InstallConsole adds: after the KCC stage it writes
// the debug block of every character whose motor is a ConsoleDebugger
// with a non-zero interval, on the ticks that are multiples of the
// interval (tick 0 included), in the order of the world's characters.
type Console struct {
	w   io.Writer
	buf []byte
	// Err is the first error the writer returned; the console stops
	// writing after it.
	Err error
}

// InstallConsole adds a Console writing to w after p's KCC stage, where
// the motors' debug values of the tick are final, as the system
// "telemetry.console" (an error when p has one already), and returns it.
// The playground installs one on standard error, so a -config file with
// enable_console_debug prints as the hybrid design's debug console does.
func InstallConsole(p *systems.Pipeline, w io.Writer) (*Console, error) {
	c := &Console{w: w}
	if err := p.AddAfter(systems.StageKCC, "telemetry.console", c.System); err != nil {
		return nil, err
	}
	return c, nil
}

// System is the console's pipeline system.
func (c *Console) System(w donburi.World, t systems.Tick) {
	if c.Err != nil || c.w == nil {
		return
	}
	components.Motor.Each(w, func(e *donburi.Entry) {
		d, ok := components.Motor.Get(e).Motor.(ConsoleDebugger)
		if !ok {
			return
		}
		n := d.ConsoleInterval()
		if n <= 0 || t.N%uint64(n) != 0 || c.Err != nil {
			return
		}
		c.buf = d.AppendDebugText(c.buf[:0])
		if _, err := c.w.Write(c.buf); err != nil {
			c.Err = err
		}
	})
}
