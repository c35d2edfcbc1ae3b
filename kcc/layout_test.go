package kcc

import (
	"testing"
	"unsafe"
)

// TestColliderLayout: a collider is a whole number of 64-byte cache lines,
// the fields a query reads of every candidate (kind, flags, layers, box)
// are in its first line, and a capsule's segment and radius in its second.
// A crowd's queries read thousands of colliders a tick: each candidate
// then costs two lines, not the four its fields spread over before. What
// placing a capsule reads and writes (its poses, flags, grid bound and
// item) follows the capsule's shape, within the first seven lines: a crowd
// places every character's capsule every tick.
func TestColliderLayout(t *testing.T) {
	var c collider
	if s := unsafe.Sizeof(c); s%64 != 0 {
		t.Fatalf("a collider is %d bytes, not a multiple of 64", s)
	}
	first := []struct {
		name string
		end  uintptr
	}{
		{"kind", unsafe.Offsetof(c.kind) + unsafe.Sizeof(c.kind)},
		{"removed", unsafe.Offsetof(c.removed) + 1},
		{"sensor", unsafe.Offsetof(c.sensor) + 1},
		{"capsuleEmpty", unsafe.Offsetof(c.capsuleEmpty) + 1},
		{"layer", unsafe.Offsetof(c.layer) + 4},
		{"mask", unsafe.Offsetof(c.mask) + 4},
		{"box", unsafe.Offsetof(c.box) + unsafe.Sizeof(c.box)},
	}
	for _, f := range first {
		if f.end > 64 {
			t.Errorf("%s ends at byte %d, past the first cache line", f.name, f.end)
		}
	}
	k := unsafe.Offsetof(c.capsule)
	if k != 64 {
		t.Errorf("the capsule starts at byte %d, not 64", k)
	}
	if end := k + unsafe.Offsetof(c.capsule.half); end > 128 {
		t.Errorf("the capsule's segment and radius end at byte %d, past the second cache line", end)
	}
	placing := []struct {
		name string
		end  uintptr
	}{
		{"pose", unsafe.Offsetof(c.pose) + unsafe.Sizeof(c.pose)},
		{"prev", unsafe.Offsetof(c.prev) + unsafe.Sizeof(c.prev)},
		{"pendingRefit", unsafe.Offsetof(c.pendingRefit) + 1},
		{"moved", unsafe.Offsetof(c.moved) + 1},
		{"bound", unsafe.Offsetof(c.bound) + unsafe.Sizeof(c.bound)},
		{"item", unsafe.Offsetof(c.item) + unsafe.Sizeof(c.item)},
	}
	for _, f := range placing {
		if f.end > 7*64 {
			t.Errorf("%s ends at byte %d, past the seventh cache line", f.name, f.end)
		}
	}
}

// TestContactCacheLayout checks what a walker's Move reads of its
// ContactCache (the key, its one contact, the colliders nearby with a few
// IDs) lies in 5 of the cache's 7 lines: a crowd's caches are read from
// memory every tick.
func TestContactCacheLayout(t *testing.T) {
	if s := unsafe.Sizeof(Contact{}); s != 88 {
		t.Errorf("a Contact is %d bytes, not 88", s)
	}
	var c ContactCache
	if s := unsafe.Sizeof(c); s > 7*64 {
		t.Errorf("a ContactCache is %d bytes, more than 7 lines", s)
	}
	line := func(off uintptr) uintptr { return off / 64 }
	checks := []struct {
		name string
		end  uintptr // one past the last byte read
		line uintptr // the last line it may reach
	}{
		{"the key and the count", unsafe.Offsetof(c.n) + unsafe.Sizeof(c.n), 1},
		{"the first contact", unsafe.Offsetof(c.inline) + unsafe.Sizeof(Contact{}), 2},
		{"the colliders nearby's box", unsafe.Offsetof(c.near) + unsafe.Offsetof(c.near.box) + unsafe.Sizeof(c.near.box), 5},
		{"their first 8 IDs", unsafe.Offsetof(c.near) + unsafe.Offsetof(c.near.ids) + 8*4, 5},
	}
	for _, f := range checks {
		if l := line(f.end - 1); l > f.line {
			t.Errorf("%s end at byte %d, in line %d (at most %d)", f.name, f.end, l, f.line)
		}
	}
	if l := line(unsafe.Offsetof(c.near)); l != 4 {
		t.Errorf("the colliders nearby start in line %d, not 4", l)
	}
}
