package motors_test

import (
	"errors"
	"math"
	"testing"

	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/rpg"
)

// statefulMotors builds a fresh motor of every built-in kind that keeps
// state between ticks.
func statefulMotors(t *testing.T) map[string]func() motors.Motor {
	must := func(m motors.Motor, err error) motors.Motor {
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	return map[string]func() motors.Motor{
		"arena":  func() motors.Motor { return must(arena.New(arena.DefaultConfig())) },
		"fps":    func() motors.Motor { return must(fps.New(fps.DefaultConfig())) },
		"hybrid": func() motors.Motor { return must(hybrid.New(hybrid.DefaultConfig())) },
		"rpg":    func() motors.Motor { return must(rpg.New(rpg.DefaultConfig())) },
	}
}

// driveMotor runs ticks of the motor's stages with inputs that turn,
// sprint, crouch, dash and jump, from tick from on, and returns the
// velocity bits of every tick.
func driveMotor(m motors.Motor, ctx *motors.Context, from, ticks int) []uint64 {
	var out []uint64
	for i := from; i < from+ticks; i++ {
		ctx.Tick = uint64(i)
		*ctx.Command = motors.Command{Forward: 1, Strafe: float64(i%7-3) / 3, Sprint: i%40 < 20,
			Crouch: i%50 > 40, DashPressed: i%30 == 3, JumpPressed: i%25 == 0}
		ctx.View.Yaw += 0.05
		ctx.Stance.Grounded = i%25 > 8
		ctx.Intent.Dir = motors.YawForward(ctx.View.Yaw)
		ctx.Intent.PlanarDir = ctx.Intent.Dir
		ctx.Intent.Mag = 1
		ctx.Intent.Speed = m.IntentSpeedCap(ctx)
		m.Friction(ctx)
		m.Accel(ctx)
		m.Shaping(ctx)
		for _, v := range ctx.Velocity {
			out = append(out, math.Float64bits(v))
		}
	}
	return out
}

// A motor's state saved after 37 ticks and loaded into a fresh motor of
// the same configuration drives the next 60 ticks to the same bits as the
// motor that never stopped; bad states are refused and change nothing.
func TestMotorStateRoundTrip(t *testing.T) {
	for kind, build := range statefulMotors(t) {
		t.Run(kind, func(t *testing.T) {
			m := build()
			ctx := motors.NewContext(1.0 / 60)
			driveMotor(m, ctx, 0, 37)
			state := m.(motors.Stateful).AppendState(nil)
			saved := *ctx.Command
			savedView, savedStance, savedVel := *ctx.View, *ctx.Stance, ctx.Velocity
			want := driveMotor(m, ctx, 37, 60)

			fresh := build()
			if err := fresh.(motors.Stateful).LoadState(state); err != nil {
				t.Fatal(err)
			}
			ctx2 := motors.NewContext(1.0 / 60)
			*ctx2.Command, *ctx2.View, *ctx2.Stance, ctx2.Velocity = saved, savedView, savedStance, savedVel
			got := driveMotor(fresh, ctx2, 37, 60)
			for i := range want {
				if got[i] != want[i] {
					t.Fatalf("velocity component %d after the load: %x, uninterrupted %x", i, got[i], want[i])
				}
			}
			if again := fresh.(motors.Stateful).AppendState(nil); string(again) != string(m.(motors.Stateful).AppendState(nil)) {
				t.Errorf("states differ after the same 60 ticks")
			}

			before := fresh.(motors.Stateful).AppendState(nil)
			bad := [][]byte{nil, state[:len(state)-1], append(append([]byte(nil), state...), 0)}
			nan := append([]byte(nil), state...)
			copy(nan[len(nan)-8:], []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f}) // a NaN in the last float
			bad = append(bad, nan)
			for i, b := range bad {
				if err := fresh.(motors.Stateful).LoadState(b); !errors.Is(err, motors.ErrMotorState) {
					t.Errorf("bad state %d: %v, want ErrMotorState", i, err)
				}
			}
			if after := fresh.(motors.Stateful).AppendState(nil); string(after) != string(before) {
				t.Errorf("a refused state changed the motor")
			}
			if n := testing.AllocsPerRun(20, func() { state = m.(motors.Stateful).AppendState(state[:0]) }); n != 0 {
				t.Errorf("AppendState allocates %v times", n)
			}
		})
	}
}
