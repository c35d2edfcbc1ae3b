package hybrid

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/motors"
)

// stateVersion, stateFloats and stateLen describe AppendState's record: a
// version byte, three flags, the two dash timers and 27 floats.
const (
	stateVersion = 1
	stateFloats  = 27
	stateLen     = 1 + 3 + 2*8 + stateFloats*8
	// maxStateTicks bounds a loaded dash timer (ticks): far above any
	// configured dash, it keeps a damaged state from holding a dash for
	// ever.
	maxStateTicks = 1 << 20
)

var _ motors.Stateful = (*Motor)(nil)

// AppendState appends the motor's state (motors.Stateful): the facing,
// the smoothed speed multiplier, the previous input direction and angle,
// the dash timers and velocity, and last tick's Debug, 236 bytes.
func (m *Motor) AppendState(dst []byte) []byte {
	w := binstate.Writer{Buf: dst}
	w.U8(stateVersion)
	w.Bool(m.facingSet)
	w.Bool(m.hasInput)
	w.Bool(m.dbg.Momentum)
	w.Int(m.dashTicks)
	w.Int(m.dashCooldownTicks)
	d := &m.dbg
	for _, v := range [...]float64{m.facing, m.mult, m.inputAngle,
		m.prevInput[0], m.prevInput[1], m.prevInput[2],
		m.dashVelocity[0], m.dashVelocity[1], m.dashVelocity[2],
		d.InputDir[0], d.InputDir[1], d.InputDir[2],
		d.FacingDir[0], d.FacingDir[1], d.FacingDir[2],
		d.BlendedDir[0], d.BlendedDir[1], d.BlendedDir[2],
		d.VelocityDir[0], d.VelocityDir[1], d.VelocityDir[2],
		d.Facing, d.Influence, d.Speed, d.TurnSpeed, d.Multiplier, d.TargetSpeed} {
		w.F64(v)
	}
	return w.Buf
}

// LoadState restores a state written by AppendState (motors.Stateful).
func (m *Motor) LoadState(src []byte) error {
	if len(src) != stateLen || src[0] != stateVersion || !binstate.Finite(src, 4+16, stateFloats) {
		return fmt.Errorf("%w: hybrid: %d bytes or version or non-finite values", motors.ErrMotorState, len(src))
	}
	f := binstate.Fields{B: src, Off: 1}
	facingSet, hasInput, momentum := f.Bool(), f.Bool(), f.Bool()
	dash, cool := int64(f.U64()), int64(f.U64())
	if dash < 0 || dash > maxStateTicks || cool < 0 || cool > maxStateTicks {
		return fmt.Errorf("%w: hybrid: dash timers %d and %d ticks", motors.ErrMotorState, dash, cool)
	}
	m.facingSet, m.hasInput, m.dbg.Momentum = facingSet, hasInput, momentum
	m.dashTicks, m.dashCooldownTicks = int(dash), int(cool)
	d := &m.dbg
	for _, p := range [...]*float64{&m.facing, &m.mult, &m.inputAngle,
		&m.prevInput[0], &m.prevInput[1], &m.prevInput[2],
		&m.dashVelocity[0], &m.dashVelocity[1], &m.dashVelocity[2],
		&d.InputDir[0], &d.InputDir[1], &d.InputDir[2],
		&d.FacingDir[0], &d.FacingDir[1], &d.FacingDir[2],
		&d.BlendedDir[0], &d.BlendedDir[1], &d.BlendedDir[2],
		&d.VelocityDir[0], &d.VelocityDir[1], &d.VelocityDir[2],
		&d.Facing, &d.Influence, &d.Speed, &d.TurnSpeed, &d.Multiplier, &d.TargetSpeed} {
		*p = f.F64()
	}
	return nil
}
