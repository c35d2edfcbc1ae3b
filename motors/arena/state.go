package arena

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion and stateLen describe AppendState's record: a version
// byte, RequestJump and the six float Metrics of the last tick.
const (
	stateVersion = 1
	stateLen     = 2 + 6*8
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): last tick's
// Metrics, 50 bytes. The arena motor keeps nothing else between ticks.
func (mo *Motor) AppendState(dst []byte) []byte {
	w := binstate.Writer{Buf: dst}
	m := &mo.m
	w.U8(stateVersion)
	w.Bool(m.RequestJump)
	for _, v := range [...]float64{m.Theta, m.Q, m.Gain, m.Bonus, m.ShapingAngle, m.FrictionScale} {
		w.F64(v)
	}
	return w.Buf
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (mo *Motor) LoadState(src []byte) error {
	if len(src) != stateLen || src[0] != stateVersion || !binstate.Finite(src, 2, 6) {
		return fmt.Errorf("%w: arena: %d bytes or version or non-finite values", motors.ErrMotorState, len(src))
	}
	f := binstate.Fields{B: src, Off: 1}
	m := &mo.m
	m.RequestJump = f.Bool()
	m.Theta, m.Q, m.Gain, m.Bonus, m.ShapingAngle, m.FrictionScale = f.F64(), f.F64(), f.F64(), f.F64(), f.F64(), f.F64()
	return nil
}
