package rollback

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// WireVersion is the first byte of every packet.
const WireVersion = 1

// Packet limits.
const (
	// MinResend is the fewest ticks of local inputs a packet carries (when
	// that many exist), acknowledged or not: two packets lost in a row lose
	// no input even when the acknowledgements are fresh.
	MinResend = 3
	// MaxPacketTicks bounds the ticks of inputs in one packet: when more
	// are unacknowledged, a packet carries the oldest ones.
	MaxPacketTicks = 32
	// MaxPacketChecksums bounds the checksum reports in one packet.
	MaxPacketChecksums = 8
)

// Packet appends to dst the next packet for the peer of remote player to
// and returns it. A packet holds this session's local inputs from the
// first tick the peer has not acknowledged (and at least the last
// MinResend ticks), at most MaxPacketTicks of them, the acknowledgement of
// the peer's inputs and checksum reports, and this session's checksum
// reports the peer has not acknowledged, at most MaxPacketChecksums. Send
// one per peer after every AdvanceTick (also after
// ErrPredictionThreshold: the peer may be waiting for the acknowledgement);
// packets may be lost, duplicated or reordered. With reused capacity it
// does not allocate.
func (s *Session) Packet(dst []byte, to int) ([]byte, error) {
	if to < 0 || to >= len(s.isLocal) || s.isLocal[to] {
		return dst, fmt.Errorf("%w: player %d is not remote", ErrPlayer, to)
	}
	r := &s.remotes[to]
	peer := &s.remotes[r.peer]
	known := s.known[s.local[0]] // every local player has the same
	start := r.acked
	if known >= MinResend {
		start = min(start, known-MinResend)
	} else {
		start = 0
	}
	if known > s.w {
		start = max(start, known-s.w)
	}
	n := min(known-start, MaxPacketTicks)

	dst = append(dst, WireVersion)
	dst = binary.AppendUvarint(dst, s.localMask)
	dst = binary.AppendUvarint(dst, uint64(to))
	dst = binary.AppendUvarint(dst, start)
	dst = appendDelta(dst, s.known[to], start)
	dst = binary.AppendUvarint(dst, n)
	for _, p := range s.local {
		for t := start; t < start+n; {
			in := s.input(p, t)
			run := uint64(1)
			for t+run < start+n && bytes.Equal(s.input(p, t+run), in) {
				run++
			}
			dst = binary.AppendUvarint(dst, run)
			dst = append(dst, in...)
			t += run
		}
	}
	dst = appendDelta(dst, peer.sumWanted, start)
	if s.interval == 0 {
		return binary.AppendUvarint(dst, 0), nil
	}
	first := roundUp(r.sumAcked, s.interval)
	if span := uint64(len(s.sums)) * s.interval; s.nextSum > span {
		first = max(first, s.nextSum-span) // older reports are overwritten
	}
	k := uint64(0)
	if first < s.nextSum {
		k = min((s.nextSum-first)/s.interval, MaxPacketChecksums)
	}
	dst = binary.AppendUvarint(dst, k)
	for i := uint64(0); i < k; i++ {
		t := first + i*s.interval
		if i == 0 {
			dst = appendDelta(dst, t, start)
		} else {
			dst = binary.AppendUvarint(dst, s.interval)
		}
		dst = binary.LittleEndian.AppendUint64(dst, s.sums[(t/s.interval)&(s.w-1)].sum)
	}
	return dst, nil
}

// appendDelta appends v-base as a zigzag varint.
func appendDelta(dst []byte, v, base uint64) []byte {
	return binary.AppendVarint(dst, int64(v)-int64(base))
}

// reader reads a packet; the first failure sticks.
type reader struct {
	b   []byte
	off int
	err string
}

func (r *reader) fail(what string) {
	if r.err == "" {
		r.err = what
	}
}

func (r *reader) uvarint(what string) uint64 {
	if r.err != "" {
		return 0
	}
	v, n := binary.Uvarint(r.b[r.off:])
	if n <= 0 {
		r.fail(what + ": truncated or overlong varint")
		return 0
	}
	r.off += n
	return v
}

// tick reads a tick given as a zigzag delta from base.
func (r *reader) tick(base uint64, what string) uint64 {
	if r.err != "" {
		return 0
	}
	d, n := binary.Varint(r.b[r.off:])
	if n <= 0 {
		r.fail(what + ": truncated or overlong varint")
		return 0
	}
	r.off += n
	v := int64(base) + d // base < maxTick: no overflow for |d| < 2^62
	if d <= -maxTick || d >= maxTick || v < 0 || v >= maxTick {
		r.fail(fmt.Sprintf("%s: tick %d%+d out of range", what, base, d))
		return 0
	}
	return uint64(v)
}

func (r *reader) bytes(n int, what string) []byte {
	if r.err != "" {
		return nil
	}
	if len(r.b)-r.off < n {
		r.fail(what + ": truncated")
		return nil
	}
	b := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return b
}

// header is a packet's fields before its inputs.
type header struct {
	from       uint64 // the sender's players, a bit mask
	to         int
	start, ack uint64
	n          uint64
}

// Receive takes one packet from a peer. A packet that is not one of this
// session's peers' (malformed, truncated, too long, another version, a
// sender claiming a local player, ticks out of range, inputs that
// contradict ones received before) is rejected with ErrPacket, one whose
// inputs reach further ahead than the session can hold with ErrWindow; a
// rejected packet changes nothing. Old, duplicated and reordered packets
// are fine: what the session has is skipped. Inputs that differ from the
// predictions of ticks already simulated make the next AdvanceTick (or
// Correct) roll back; checksum reports are compared as soon as this
// session has its own for the tick. Receive never panics and does not
// allocate, except for a desync or an error.
func (s *Session) Receive(packet []byte) error {
	if s.err != nil {
		return s.err
	}
	h, sumsAt, err := s.check(packet)
	if err != nil {
		return err
	}
	s.apply(packet, h, sumsAt)
	return nil
}

// check validates a packet without changing anything; it returns the
// header and where the checksum section starts.
func (s *Session) check(packet []byte) (h header, sumsAt int, err error) {
	bad := func(format string, args ...any) (header, int, error) {
		return header{}, 0, badPacket(format, args...)
	}
	if len(packet) == 0 {
		return bad("empty")
	}
	if packet[0] != WireVersion {
		return bad("version %d (want %d)", packet[0], WireVersion)
	}
	r := reader{b: packet, off: 1}
	h.from = r.uvarint("sender")
	to := r.uvarint("addressee")
	h.start = r.uvarint("first tick")
	if r.err == "" && h.start >= maxTick {
		r.fail(fmt.Sprintf("first tick %d out of range", h.start))
	}
	h.ack = r.tick(h.start, "acknowledged tick")
	h.n = r.uvarint("tick count")
	if r.err != "" {
		return bad("%s", r.err)
	}
	players := uint(len(s.isLocal))
	if h.from == 0 || h.from>>players != 0 {
		return bad("sender players %#x (want a non-empty set of players below %d)", h.from, players)
	}
	if h.from&s.localMask != 0 {
		return bad("the sender claims local player %d", bits.TrailingZeros64(h.from&s.localMask))
	}
	if to >= uint64(players) || !s.isLocal[to] {
		return bad("addressed to player %d, not local here", to)
	}
	h.to = int(to)
	if known := s.known[h.to]; h.ack > known {
		return bad("acknowledges %d ticks of player %d, of %d sent", h.ack, h.to, known)
	}
	if h.n > MaxPacketTicks {
		return bad("%d ticks of inputs (at most %d)", h.n, MaxPacketTicks)
	}
	if err := s.checkInputs(&r, h); err != nil {
		return header{}, 0, err
	}
	sumsAt = r.off
	if err := s.checkSums(&r, h); err != nil {
		return header{}, 0, err
	}
	if r.off != len(packet) {
		return bad("%d bytes after the end", len(packet)-r.off)
	}
	return h, sumsAt, nil
}

// checkInputs validates the inputs of a packet whose header is h.
func (s *Session) checkInputs(r *reader, h header) error {
	// The inputs must extend what the session holds without a gap and stay
	// inside the window: a rollback needs the inputs from MaxPrediction+1
	// ticks back.
	end := h.start + h.n
	low := uint64(0)
	if s.tick > s.maxPred+1 {
		low = s.tick - s.maxPred - 1
	}
	for m := h.from; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		known := s.known[p]
		if h.n > 0 && h.start > known {
			return badPacket("player %d's inputs start at tick %d, after a gap from %d", p, h.start, known)
		}
		if h.n > 0 && end > known && end > low+s.w {
			return fmt.Errorf("%w: player %d's inputs reach tick %d, the session holds up to %d (at tick %d)",
				ErrWindow, p, end-1, low+s.w-1, s.tick)
		}
		for t := h.start; t < end; {
			run := r.uvarint("run length")
			in := r.bytes(s.size, "input")
			if r.err != "" {
				return badPacket("player %d: %s", p, r.err)
			}
			if run == 0 || run > end-t {
				return badPacket("player %d: a run of %d ticks at tick %d of %d..%d", p, run, t, h.start, end-1)
			}
			// A tick received before must carry the same input.
			for u := max(t, known-min(known, s.w)); u < min(t+run, known); u++ {
				if !bytes.Equal(in, s.input(p, u)) {
					return badPacket("player %d's input for tick %d differs from the one received before", p, u)
				}
			}
			t += run
		}
	}
	return nil
}

// checkSums validates the checksum section of a packet whose header is h.
func (s *Session) checkSums(r *reader, h header) error {
	sumWanted := r.tick(h.start, "acknowledged checksum tick")
	k := r.uvarint("checksum count")
	if r.err != "" {
		return badPacket("%s", r.err)
	}
	if sumWanted > s.nextSum {
		return badPacket("acknowledges checksums up to tick %d, of %d reported", sumWanted, s.nextSum)
	}
	if k > MaxPacketChecksums {
		return badPacket("%d checksums (at most %d)", k, MaxPacketChecksums)
	}
	localKnown := s.known[s.local[0]]
	var t uint64
	for i := uint64(0); i < k; i++ {
		if i == 0 {
			t = r.tick(h.start, "checksum tick")
		} else if d := r.uvarint("checksum tick step"); d == 0 || d >= maxTick-t {
			r.fail(fmt.Sprintf("checksum tick step %d after tick %d", d, t))
		} else {
			t += d
		}
		r.bytes(8, "checksum")
		if r.err != "" {
			return badPacket("%s", r.err)
		}
		// A peer reports a tick once all inputs before it are confirmed,
		// this session's included.
		if t > localKnown {
			return badPacket("a checksum of tick %d, whose inputs are not all sent (%d)", t, localKnown)
		}
		if s.interval > 0 && t%s.interval != 0 {
			return badPacket("a checksum of tick %d, not a multiple of the interval %d", t, s.interval)
		}
	}
	return nil
}

// badPacket is an ErrPacket saying what is wrong.
func badPacket(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrPacket}, args...)...)
}

// apply takes a packet check accepted.
func (s *Session) apply(packet []byte, h header, sumsAt int) {
	peer := bits.TrailingZeros64(h.from)
	for m := h.from; m != 0; m &= m - 1 {
		q := &s.remotes[bits.TrailingZeros64(m)]
		q.peer = peer
		q.acked = max(q.acked, h.ack)
	}
	r := reader{b: packet}
	// Skip the header: version, sender, addressee, first tick, ack, count.
	r.off = 1
	r.uvarint("")
	r.uvarint("")
	r.uvarint("")
	r.tick(h.start, "")
	r.uvarint("")
	end := h.start + h.n
	for m := h.from; m != 0; m &= m - 1 {
		p := bits.TrailingZeros64(m)
		copy(s.pred, s.prediction(p))
		wrong := false
		for t := h.start; t < end; {
			run := r.uvarint("")
			in := r.bytes(s.size, "")
			for u := max(t, s.known[p]); u < t+run; u++ {
				if !wrong && u < s.tick && !bytes.Equal(in, s.pred) {
					wrong = true
					s.firstWrong = min(s.firstWrong, u)
				}
				copy(s.input(p, u), in)
				s.known[p] = u + 1
			}
			t += run
		}
	}
	r.off = sumsAt
	sumWanted := r.tick(h.start, "")
	k := r.uvarint("")
	for m := h.from; m != 0; m &= m - 1 {
		q := &s.remotes[bits.TrailingZeros64(m)]
		q.sumAcked = max(q.sumAcked, sumWanted)
	}
	var t uint64
	for i := uint64(0); i < k; i++ {
		if i == 0 {
			t = r.tick(h.start, "")
		} else {
			t += r.uvarint("")
		}
		sum := binary.LittleEndian.Uint64(r.bytes(8, ""))
		if s.interval > 0 {
			s.remoteSum(peer, t, sum)
		}
	}
}
