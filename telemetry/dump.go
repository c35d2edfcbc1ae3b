package telemetry

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/BurntSushi/toml"
	"github.com/seedgames/motorkit/config"
)

// Dump kinds.
const (
	// KindStuckBuffer: the jump buffer stayed positive longer than the
	// threshold without a consume.
	KindStuckBuffer = "stuck_buffer"
	// KindManual: Recorder.DumpNow.
	KindManual = "manual"
)

// Dump is the ring buffer of one entity at the moment of a failure, with the
// reason flags of the triggering tick. It is written as TOML (WriteTOML):
// the header keys below, then one [[tick]] table per record, oldest first.
type Dump struct {
	// Entity labels the entity (Options.Entity).
	Entity uint64 `toml:"entity"`
	// Kind is KindStuckBuffer or KindManual.
	Kind string `toml:"kind"`
	// TriggerTick is the tick that triggered the dump.
	TriggerTick uint64 `toml:"trigger_tick"`
	// ThresholdTicks is the detector threshold; StuckTicks the run of
	// positive-buffer ticks without a consume at the trigger (Threshold+1
	// for a stuck-buffer dump).
	ThresholdTicks int `toml:"threshold_ticks"`
	StuckTicks     int `toml:"stuck_ticks"`
	// Reasons lists the set flags by name; the four booleans spell each
	// flag out (docs/motors/fps.md#telemetry: grounded, coyote, uiCaptured, jumpConsumed).
	Reasons    []string `toml:"reasons"`
	Grounded   bool     `toml:"grounded"`
	Coyote     bool     `toml:"coyote"`
	UICaptured bool     `toml:"ui_captured"`
	Consumed   bool     `toml:"consumed"`
	// Ticks are the ring's records, oldest first.
	Ticks []Record `toml:"tick"`
	// Flags is the same set as a bit mask (not written).
	Flags Reason `toml:"-"`
}

func (d *Dump) fillFlags() {
	d.Reasons = d.Flags.Names()
	d.Grounded = d.Flags&ReasonGrounded != 0
	d.Coyote = d.Flags&ReasonCoyote != 0
	d.UICaptured = d.Flags&ReasonUICaptured != 0
	d.Consumed = d.Flags&ReasonConsumed != 0
}

// WriteTOML writes the dump as TOML, preceded by a comment line that
// summarizes it.
func (d *Dump) WriteTOML(w io.Writer) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# motorkit jump telemetry dump: entity %d, %s at tick %d, reasons %s\n",
		d.Entity, d.Kind, d.TriggerTick, d.Flags)
	if d.Kind == KindStuckBuffer {
		fmt.Fprintf(&b, "# the jump buffer stayed positive for %d ticks (threshold %d) without a consume; ", d.StuckTicks, d.ThresholdTicks)
	} else {
		fmt.Fprintf(&b, "# taken on request; ")
	}
	fmt.Fprintf(&b, "%d ticks follow, oldest first\n\n", len(d.Ticks))
	if err := toml.NewEncoder(&b).Encode(d); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// FileName is the dump's file name: jumpdump_e<entity>_t<tick>.toml.
func (d *Dump) FileName() string {
	return fmt.Sprintf("jumpdump_e%d_t%d.toml", d.Entity, d.TriggerTick)
}

// WriteFile writes the dump into dir (created if needed) as FileName and
// returns the path.
func (d *Dump) WriteFile(dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	p := filepath.Join(dir, d.FileName())
	f, err := os.Create(p)
	if err != nil {
		return "", err
	}
	if err := d.WriteTOML(f); err != nil {
		f.Close()
		return "", err
	}
	return p, f.Close()
}

// ParseDump reads a dump written by WriteTOML (strictly: unknown keys are
// errors) and rebuilds Flags from the four flag booleans.
func ParseDump(data []byte, source string) (*Dump, error) {
	var d Dump
	if err := config.Decode(data, source, &d); err != nil {
		return nil, err
	}
	if d.Grounded {
		d.Flags |= ReasonGrounded
	}
	if d.Coyote {
		d.Flags |= ReasonCoyote
	}
	if d.UICaptured {
		d.Flags |= ReasonUICaptured
	}
	if d.Consumed {
		d.Flags |= ReasonConsumed
	}
	return &d, nil
}
