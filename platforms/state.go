package platforms

import (
	"fmt"

	"github.com/seedgames/motorkit/internal/binstate"
)

// stateVersion starts a Set's state (AppendState).
const stateVersion = 1

// AppendState appends the Set's state to dst and returns the extended
// slice; it allocates nothing when dst has room. The state is how open
// each door is, the only thing of a Set that changes as it plays: a
// mover's pose is a function of the tick (Apply), and the colliders' poses
// are the World's state (kcc.World.AppendState). The section starts with a
// version byte and is not framed.
func (s *Set) AppendState(dst []byte) []byte {
	b := binstate.Writer{Buf: dst}
	b.U8(stateVersion)
	b.U32(uint32(len(s.Doors)))
	for i := range s.Doors {
		b.F64(s.Doors[i].openness)
	}
	return b.Buf
}

// LoadState sets how open each door is from a state AppendState saved
// from this Set or one of the same level. It returns an error, and changes
// nothing, for bytes that are not such a state: truncated or garbled,
// another version, another door count, an openness that is not a number
// between 0 and 1. It allocates nothing.
func (s *Set) LoadState(src []byte) error {
	r := binstate.NewReader(src)
	if v := r.U8(); r.Err() == nil && v != stateVersion {
		return fmt.Errorf("platforms: LoadState: state version %d, want %d", v, stateVersion)
	}
	n := int(r.U32())
	if r.Err() == nil && n != len(s.Doors) {
		return fmt.Errorf("platforms: LoadState: the state has %d doors, the Set %d", n, len(s.Doors))
	}
	for i := 0; i < n && r.Err() == nil; i++ {
		if o := r.F64(); r.Err() == nil && !(o >= 0 && o <= 1) {
			r.Fail("door %d openness %v", i, o)
		}
	}
	r.End()
	if err := r.Err(); err != nil {
		return fmt.Errorf("platforms: LoadState: %w", err)
	}
	r = binstate.NewReader(src[5:]) // past the version and the count
	for i := range s.Doors {
		s.Doors[i].openness = r.F64()
	}
	return nil
}
