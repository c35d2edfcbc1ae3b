package rpg

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion is the version of AppendState's record: the capped flag
// and the five debug values of the last tick.
const stateVersion = 1

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): last tick's
// debug values (AppendMetrics), 42 bytes. The motor keeps nothing else
// between ticks; its cache of smoothing factors is rebuilt from the
// configuration and the tick length.
func (m *Motor) AppendState(dst []byte) []byte {
	return binstate.AppendRecord(dst, stateVersion, []bool{m.capped}, nil,
		[]float64{m.targetSpeed, m.tau, m.alpha, m.speedScale, m.planarSpeed})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	if !binstate.LoadRecord(src, stateVersion, []*bool{&m.capped}, nil, 0,
		[]*float64{&m.targetSpeed, &m.tau, &m.alpha, &m.speedScale, &m.planarSpeed}) {
		return fmt.Errorf("%w: rpg: %d bytes, another version or a non-finite value", motors.ErrMotorState, len(src))
	}
	return nil
}
