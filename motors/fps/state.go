package fps

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion is the version of AppendState's record: the crouch latch
// and the five debug values of the last tick.
const stateVersion = 1

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): whether it is
// crouched and last tick's debug values (AppendMetrics), 42 bytes.
func (m *Motor) AppendState(dst []byte) []byte {
	return binstate.AppendRecord(dst, stateVersion, []bool{m.crouched}, nil,
		[]float64{m.speedCap, m.frictionDrop, m.accelDV, m.airSteer, m.planarSpeed})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	if !binstate.LoadRecord(src, stateVersion, []*bool{&m.crouched}, nil, 0,
		[]*float64{&m.speedCap, &m.frictionDrop, &m.accelDV, &m.airSteer, &m.planarSpeed}) {
		return fmt.Errorf("%w: fps: %d bytes, another version or a non-finite value", motors.ErrMotorState, len(src))
	}
	return nil
}
