package rpg

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion and stateLen describe AppendState's record: a version
// byte, the capped flag and the five debug values of the last tick.
const (
	stateVersion = 1
	stateLen     = 2 + 5*8
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): last tick's
// debug values (AppendMetrics), 42 bytes. The motor keeps nothing else
// between ticks; its cache of smoothing factors is rebuilt from the
// configuration and the tick length.
func (m *Motor) AppendState(dst []byte) []byte {
	w := binstate.Writer{Buf: dst}
	w.U8(stateVersion)
	w.Bool(m.capped)
	for _, v := range [...]float64{m.targetSpeed, m.tau, m.alpha, m.speedScale, m.planarSpeed} {
		w.F64(v)
	}
	return w.Buf
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	if len(src) != stateLen || src[0] != stateVersion || !binstate.Finite(src, 2, 5) {
		return fmt.Errorf("%w: rpg: %d bytes or version or non-finite values", motors.ErrMotorState, len(src))
	}
	f := binstate.Fields{B: src, Off: 1}
	m.capped = f.Bool()
	m.targetSpeed, m.tau, m.alpha, m.speedScale, m.planarSpeed = f.F64(), f.F64(), f.F64(), f.F64(), f.F64()
	return nil
}
