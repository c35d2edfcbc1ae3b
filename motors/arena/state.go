package arena

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion is the version of AppendState's record: RequestJump and
// the six float Metrics of the last tick.
const stateVersion = 1

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): last tick's
// Metrics, 50 bytes. The arena motor keeps nothing else between ticks.
func (mo *Motor) AppendState(dst []byte) []byte {
	m := &mo.m
	return binstate.AppendRecord(dst, stateVersion, []bool{m.RequestJump}, nil,
		[]float64{m.Theta, m.Q, m.Gain, m.Bonus, m.ShapingAngle, m.FrictionScale})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (mo *Motor) LoadState(src []byte) error {
	m := &mo.m
	if !binstate.LoadRecord(src, stateVersion, []*bool{&m.RequestJump}, nil, 0,
		[]*float64{&m.Theta, &m.Q, &m.Gain, &m.Bonus, &m.ShapingAngle, &m.FrictionScale}) {
		return fmt.Errorf("%w: arena: %d bytes, another version or a non-finite value", motors.ErrMotorState, len(src))
	}
	return nil
}
