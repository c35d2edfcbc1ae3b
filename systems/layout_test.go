package systems

import (
	"testing"
	"unsafe"
)

// TestCharacterLayout checks that what a run reads of every character
// (its components, its place in donburi's storage, its controller slot,
// its facing and its jump rules) lies in the character's first three cache
// lines, and its contact cache, which every move reads, right after them:
// on 10,000 walkers each line more is one more read from memory per
// character and tick. The pipeline's character list is one allocation, and
// a character is a whole number of lines, so each character starts a line.
func TestCharacterLayout(t *testing.T) {
	var c character
	if s := unsafe.Sizeof(c); s%64 != 0 {
		t.Fatalf("a character is %d bytes, not a whole number of 64-byte lines: pad it by %d bytes more or fewer", s, 64-s%64)
	}
	hot := []struct {
		name string
		end  uintptr
		line uintptr // the last line it may reach
	}{
		{"components", unsafe.Offsetof(c.ab) + unsafe.Sizeof(c.ab), 0},
		{"arch and pos", unsafe.Offsetof(c.pos) + unsafe.Sizeof(c.pos), 1},
		{"capsule", unsafe.Offsetof(c.capsule) + unsafe.Sizeof(c.capsule), 1},
		{"slot", unsafe.Offsetof(c.slot) + unsafe.Sizeof(c.slot), 1},
		{"seen", unsafe.Offsetof(c.seen) + unsafe.Sizeof(c.seen), 1},
		{"facing", unsafe.Offsetof(c.facing) + unsafe.Sizeof(c.facing), 1},
		{"rules", unsafe.Offsetof(c.rulesKept) + unsafe.Sizeof(c.rulesKept), 2},
	}
	for _, f := range hot {
		if last := (f.end - 1) / 64; last > f.line {
			t.Errorf("%s end at byte %d, in line %d (at most line %d)", f.name, f.end, last, f.line)
		}
	}
	if off := unsafe.Offsetof(c.contacts); off != 3*64 {
		t.Errorf("the contact cache starts at byte %d, not at line 3", off)
	}
}
