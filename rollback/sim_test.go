package rollback

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
)

// points is the tests' deterministic simulation: two points per player,
// each with a position and a velocity, steered by its player's input
// (axes, a boost button) and pulled towards the points' centroid. float64
// throughout, every product rounded explicitly (float64(a*b)) so that no
// fused multiply-add changes the bits on arm64 or amd64 v3. Its state,
// tick included, is saved little-endian.
type points struct {
	tick uint64
	p    [][4]float64 // x, y, vx, vy

	// Observations, not state: what the tests check the session did.
	advances int
	loads    int    // LoadState calls
	lastLoad uint64 // the tick last loaded
	// bugAt, when set, adds a tiny error at that tick (a peer whose
	// simulation differs from the others').
	bugAt uint64
}

const pointsInputSize = 4 // int8 x axis, int8 y axis, buttons, unused

func newPoints(players int) *points { return &points{p: initialPoints(players)} }

func initialPoints(players int) [][4]float64 {
	p := make([][4]float64, 2*players)
	for i := range p {
		p[i] = [4]float64{float64(i) - 1.5, float64(float64(i%3) * 0.5), 0, 0}
	}
	return p
}

func (s *points) SaveState(dst []byte) ([]byte, error) {
	dst = binary.LittleEndian.AppendUint64(dst, s.tick)
	for _, q := range s.p {
		for _, v := range q {
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
		}
	}
	return dst, nil
}

func (s *points) LoadState(b []byte) error {
	if len(b) != 8+32*len(s.p) {
		return fmt.Errorf("points: a state of %d bytes (want %d)", len(b), 8+32*len(s.p))
	}
	s.tick = binary.LittleEndian.Uint64(b)
	for i := range s.p {
		for j := range s.p[i] {
			s.p[i][j] = math.Float64frombits(binary.LittleEndian.Uint64(b[8+32*i+8*j:]))
		}
	}
	s.loads++
	s.lastLoad = s.tick
	return nil
}

// Checksum is FNV-1a over the state's words.
func (s *points) Checksum() uint64 {
	h := uint64(14695981039346656037)
	mix := func(v uint64) {
		for i := 0; i < 8; i++ {
			h ^= v & 0xff
			h *= 1099511628211
			v >>= 8
		}
	}
	mix(s.tick)
	for _, q := range s.p {
		for _, v := range q {
			mix(math.Float64bits(v))
		}
	}
	return h
}

func (s *points) Advance(inputs []Input) error {
	if 2*len(inputs) != len(s.p) {
		return errors.New("points: wrong number of inputs")
	}
	var cx, cy float64
	for _, q := range s.p {
		cx += q[0]
		cy += q[1]
	}
	n := float64(len(s.p))
	cx, cy = cx/n, cy/n
	const dt = 1.0 / 60
	for i := range s.p {
		in := inputs[i%len(inputs)].Bytes
		ax := float64(int8(in[0])) / 64
		ay := float64(int8(in[1])) / 64
		gain := 3.0
		if in[2]&1 != 0 {
			gain = 9
		}
		q := &s.p[i]
		q[2] = float64(q[2]*0.98) + float64(float64(ax*gain)*dt) + float64((cx-q[0])*0.05)
		q[3] = float64(q[3]*0.98) + float64(float64(ay*gain)*dt) + float64((cy-q[1])*0.05)
		q[0] += float64(q[2] * dt)
		q[1] += float64(q[3] * dt)
	}
	if s.bugAt != 0 && s.tick == s.bugAt {
		s.p[0][0] += 1e-12
	}
	s.tick++
	s.advances++
	return nil
}

// script is the tests' inputs: each player's input changes every 3 to 6
// ticks (a prediction that repeats the last input is wrong about every
// fourth tick), a function of (seed, tick, player) only.
func script(seed uint64) func(tick uint64, player int, dst []byte) {
	return func(tick uint64, player int, dst []byte) {
		// Every block of 12 ticks is cut in three at hashed points.
		block := tick / 12
		h := mix64(seed ^ uint64(player)<<40 ^ block)
		cut1, cut2 := 3+h%3, 6+(h>>8)%3
		seg := uint64(0)
		switch off := tick % 12; {
		case off >= cut2:
			seg = 2
		case off >= cut1:
			seg = 1
		}
		v := mix64(h ^ seg)
		dst[0] = byte(int8(v%129) - 64)
		dst[1] = byte(int8((v>>8)%129) - 64)
		if (v>>16)%5 == 0 {
			dst[2] = 1
		}
	}
}

// mix64 is SplitMix64's finalizer.
func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// reference runs ticks ticks of a points game with every input known: the
// input of player p for tick t is script(t-delay) (zero before).
func reference(players, delay int, ticks uint64, in func(uint64, int, []byte)) *points {
	sim := newPoints(players)
	buf := make([]byte, players*pointsInputSize)
	inputs := make([]Input, players)
	for t := uint64(0); t < ticks; t++ {
		clear(buf)
		for p := range inputs {
			inputs[p].Bytes = buf[p*pointsInputSize : (p+1)*pointsInputSize]
			if t >= uint64(delay) {
				in(t-uint64(delay), p, inputs[p].Bytes)
			}
		}
		if err := sim.Advance(inputs); err != nil {
			panic(err)
		}
	}
	return sim
}
