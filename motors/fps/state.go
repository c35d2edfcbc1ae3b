package fps

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion and stateLen describe AppendState's record: a version
// byte, the crouch latch and the five debug values of the last tick.
const (
	stateVersion = 1
	stateLen     = 2 + 5*8
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): whether it is
// crouched and last tick's debug values (AppendMetrics), 42 bytes.
func (m *Motor) AppendState(dst []byte) []byte {
	w := binstate.Writer{Buf: dst}
	w.U8(stateVersion)
	w.Bool(m.crouched)
	for _, v := range [...]float64{m.speedCap, m.frictionDrop, m.accelDV, m.airSteer, m.planarSpeed} {
		w.F64(v)
	}
	return w.Buf
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	if len(src) != stateLen || src[0] != stateVersion || !binstate.Finite(src, 2, 5) {
		return fmt.Errorf("%w: fps: %d bytes, version %d, or non-finite values", motors.ErrMotorState, len(src), firstByte(src))
	}
	f := binstate.Fields{B: src, Off: 1}
	m.crouched = f.Bool()
	m.speedCap, m.frictionDrop, m.accelDV, m.airSteer, m.planarSpeed = f.F64(), f.F64(), f.F64(), f.F64(), f.F64()
	return nil
}

func firstByte(b []byte) int {
	if len(b) == 0 {
		return -1
	}
	return int(b[0])
}
