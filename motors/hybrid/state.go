package hybrid

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion is the version of AppendState's record: three flags, the
// two dash timers and 27 floats; maxStateTicks bounds a loaded dash timer
// (ticks): far above any configured dash, it keeps a damaged state from
// holding a dash for ever.
const (
	stateVersion  = 1
	maxStateTicks = 1 << 20
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): the facing,
// the smoothed speed multiplier, the previous input direction and angle,
// the dash timers and velocity, and last tick's Debug, 236 bytes.
func (m *Motor) AppendState(dst []byte) []byte {
	d := &m.dbg
	return binstate.AppendRecord(dst, stateVersion, []bool{m.facingSet, m.hasInput, d.Momentum},
		[]int{m.dashTicks, m.dashCooldownTicks},
		[]float64{m.facing, m.mult, m.inputAngle,
			m.prevInput[0], m.prevInput[1], m.prevInput[2],
			m.dashVelocity[0], m.dashVelocity[1], m.dashVelocity[2],
			d.InputDir[0], d.InputDir[1], d.InputDir[2],
			d.FacingDir[0], d.FacingDir[1], d.FacingDir[2],
			d.BlendedDir[0], d.BlendedDir[1], d.BlendedDir[2],
			d.VelocityDir[0], d.VelocityDir[1], d.VelocityDir[2],
			d.Facing, d.Influence, d.Speed, d.TurnSpeed, d.Multiplier, d.TargetSpeed})
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	d := &m.dbg
	if !binstate.LoadRecord(src, stateVersion, []*bool{&m.facingSet, &m.hasInput, &d.Momentum},
		[]*int{&m.dashTicks, &m.dashCooldownTicks}, maxStateTicks,
		[]*float64{&m.facing, &m.mult, &m.inputAngle,
			&m.prevInput[0], &m.prevInput[1], &m.prevInput[2],
			&m.dashVelocity[0], &m.dashVelocity[1], &m.dashVelocity[2],
			&d.InputDir[0], &d.InputDir[1], &d.InputDir[2],
			&d.FacingDir[0], &d.FacingDir[1], &d.FacingDir[2],
			&d.BlendedDir[0], &d.BlendedDir[1], &d.BlendedDir[2],
			&d.VelocityDir[0], &d.VelocityDir[1], &d.VelocityDir[2],
			&d.Facing, &d.Influence, &d.Speed, &d.TurnSpeed, &d.Multiplier, &d.TargetSpeed}) {
		return fmt.Errorf("%w: hybrid: %d bytes, another version, a dash timer out of range or a non-finite value", motors.ErrMotorState, len(src))
	}
	return nil
}
