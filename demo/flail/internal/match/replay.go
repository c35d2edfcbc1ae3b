package match

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/trace"
)

// ReadMeta reads the match setup line that Recording writes at the top of a
// trace file. ok is false when the file has none (a hand-written trace).
func ReadMeta(data []byte) (meta TraceMeta, ok bool, err error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() {
		return meta, false, nil
	}
	line := sc.Text()
	if !strings.HasPrefix(line, header+" ") {
		return meta, false, nil
	}
	rest := strings.TrimPrefix(line, header+" ")
	for _, f := range strings.Fields(rest) {
		k, v, found := strings.Cut(f, "=")
		if !found {
			return meta, false, fmt.Errorf("match: trace header: bad field %q", f)
		}
		switch k {
		case "bots":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > MaxBots {
				return meta, false, fmt.Errorf("match: trace header: bots=%q not in [0, %d]", v, MaxBots)
			}
			meta.Bots = n
		case "seed":
			n, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				return meta, false, fmt.Errorf("match: trace header: seed=%q: %v", v, err)
			}
			meta.Seed = n
		case "config":
			s, err := strconv.Unquote(v)
			if err != nil {
				return meta, false, fmt.Errorf("match: trace header: config=%s: %v", v, err)
			}
			meta.Config = s
		default:
			return meta, false, fmt.Errorf("match: trace header: unknown field %q", k)
		}
	}
	return meta, true, nil
}

// Inputs expands a trace into the local player's car input for every tick,
// exactly as trace.Replay submits them (trace.Trace.Inputs). The trace must
// be at TickRate and use tick segments.
func Inputs(tr *trace.Trace) ([]flail.Input, error) {
	if tr.TickRate != TickRate {
		return nil, fmt.Errorf("match: trace tick_rate %g Hz, the demo runs at %d Hz", tr.TickRate, TickRate)
	}
	for si, s := range tr.Segments {
		if s.Frames > 0 {
			return nil, fmt.Errorf("match: trace segment %d uses frames; the demo replays tick segments", si)
		}
	}
	inputs := tr.Inputs(0, TickRate)
	out := make([]flail.Input, len(inputs))
	for i, in := range inputs {
		out[i] = flail.Input(in.Car)
	}
	return out, nil
}
