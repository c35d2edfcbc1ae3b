package telemetry

import "strconv"

// AppendOverlay appends the docs/motors/fps.md#telemetry per-frame overlay line for r to dst
// and returns it, without allocating when dst has room (about 160 bytes):
//
//	tick 36 frame 12 steps 1 dt 0.0167 frame_dt 0.0167 | space down pressed | buffer 9 coyote 0 | grounded request consumed ui | vel 0.00 -0.40 0.00
//
// Absent flags are printed as "-" so the columns stay put.
func AppendOverlay(dst []byte, r *Record) []byte {
	dst = append(dst, "tick "...)
	dst = strconv.AppendUint(dst, r.Tick, 10)
	dst = append(dst, " frame "...)
	dst = strconv.AppendUint(dst, r.Frame, 10)
	dst = append(dst, " steps "...)
	dst = strconv.AppendInt(dst, int64(r.Steps), 10)
	dst = append(dst, " dt "...)
	dst = strconv.AppendFloat(dst, r.Dt, 'f', 4, 64)
	dst = append(dst, " frame_dt "...)
	dst = strconv.AppendFloat(dst, r.FrameDt, 'f', 4, 64)
	dst = append(dst, " | space "...)
	dst = flag(dst, r.JumpDown, "down")
	dst = flag(dst, r.JumpPressed, " pressed")
	dst = append(dst, " | buffer "...)
	dst = strconv.AppendInt(dst, int64(r.BufferTicks), 10)
	dst = append(dst, " coyote "...)
	dst = strconv.AppendInt(dst, int64(r.CoyoteTicks), 10)
	dst = append(dst, " | "...)
	dst = flag(dst, r.Grounded, "grounded")
	dst = flag(dst, r.RequestJump, " request")
	dst = flag(dst, r.Consumed, " consumed")
	dst = flag(dst, r.UICaptured, " ui")
	dst = append(dst, " | vel"...)
	for _, v := range r.Velocity {
		dst = append(dst, ' ')
		dst = strconv.AppendFloat(dst, v, 'f', 2, 64)
	}
	return dst
}

func flag(dst []byte, on bool, name string) []byte {
	if on {
		return append(dst, name...)
	}
	if len(name) > 0 && name[0] == ' ' {
		return append(dst, " -"...)
	}
	return append(dst, '-')
}
