package prefabs_test

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// FuzzAbilitiesLevel builds levels with the abilities' entries from the
// fuzzed bytes (abilitiesLevelTOML: boxes, one-way boxes and meshes,
// ladders, water, moving platforms that are one-way, ladders or water or
// several at once, rotations about every axis, zero, negative, huge and
// non-finite numbers) and, with raw, the fuzzed text after them:
// BuildLivingLevel returns an error or a level, never panics; on a level
// it returns, every collider's surface is known, the water is queried at
// its centre and at fuzzed points with finite answers inside the water's
// bounds (Level.WaterBounds), and the movers move the ladders, water and
// one-way platforms for a few ticks.
func FuzzAbilitiesLevel(f *testing.F) {
	f.Add([]byte{0, 10, 128, 20, 128, 200, 40, 200, 0, 0, 1, 1, 128, 128, 128, 30, 200, 30, 0, 0}, "")
	f.Add([]byte{2, 0, 128, 100, 128, 200, 100, 200, 0, 90, 3, 7, 100, 120, 100, 60, 20, 60, 60, 0}, "")
	f.Add([]byte{3, 2, 128, 120, 128, 40, 10, 40, 0, 30, 3, 5, 128, 60, 128, 60, 60, 60, 0, 200}, "")
	f.Add([]byte{4, 1, 100, 128, 100, 100, 4, 4, 0, 0, 5, 1, 0, 255, 128, 254, 0, 1, 253, 0}, "")
	f.Add([]byte{1, 3, 128, 128, 128, 0, 128, 128, 7, 0, 2, 9, 128, 128, 128, 1, 1, 1, 45, 45}, "[[ladder]]\ncenter = [0.0, 1.0, 0.0]\nhalf = [0.1, 1.0, 0.5]\n")
	f.Fuzz(func(t *testing.T, data []byte, raw string) {
		text := abilitiesLevelTOML(data)
		if len(data) > 0 && data[0]&0x80 != 0 {
			text += "\n" + raw
		}
		lv, err := prefabs.BuildLivingLevel([]byte(text), "fuzz.toml") // must not panic
		if err != nil {
			return
		}
		w, al := lv.World, lv.Abilities
		if w == nil {
			t.Fatal("a level with no world")
		}
		water, oneWay := 0, 0
		for id := kcc.ColliderID(0); int(id) < w.NumColliders()+2; id++ {
			switch al.Kind(id) {
			case abilities.SurfaceWater:
				water++
			case abilities.SurfaceOneWay:
				oneWay++
			}
		}
		if water != al.Water() || (al != nil && oneWay != al.OneWays) {
			t.Fatalf("%d water and %d one-way colliders known, the level counts %d and %v", water, oneWay, al.Water(), al)
		}
		probe := func(tick int) {
			bounds, anyWater := al.WaterBounds(w)
			if anyWater != (water > 0) {
				t.Fatalf("tick %d: WaterBounds ok %v with %d water", tick, anyWater, water)
			}
			for id := kcc.ColliderID(0); int(id) < w.NumColliders(); id++ {
				c, _, err := w.Transform(id)
				if err != nil {
					continue
				}
				pts := []mgl64.Vec3{c}
				for i := 0; i+3 <= len(data) && i < 30; i += 3 {
					pts = append(pts, c.Add(mgl64.Vec3{float64(data[i])/16 - 8, float64(data[i+1])/16 - 8, float64(data[i+2])/16 - 8}))
				}
				for _, p := range pts {
					s, wid, ok := al.WaterAt(w, p)
					if ok && (math.IsNaN(s) || math.IsInf(s, 0) || al.Kind(wid) != abilities.SurfaceWater || !bounds.Contains(p)) {
						t.Fatalf("tick %d: WaterAt(%v) = %v, collider %d (%v), bounds %v", tick, p, s, wid, al.Kind(wid), bounds)
					}
				}
				if al.Kind(id) == abilities.SurfaceWater {
					// In water: its own, or another overlapping it (the
					// first found).
					if _, _, ok := al.WaterAt(w, c); !ok {
						t.Fatalf("tick %d: water %d's own centre %v is in no water", tick, id, c)
					}
				}
			}
		}
		probe(0)
		if lv.Movers == nil {
			return
		}
		for tick := uint64(0); tick < 5; tick++ {
			if err := lv.Movers.Apply(w, tick, 1.0/60, nil); err != nil {
				t.Fatalf("tick %d: %v", tick, err)
			}
		}
		probe(5)
	})
}

// abilitiesLevelTOML writes level TOML from data, 10 bytes an entry (up
// to 24): the entry's kind, its flags, then numbers, each byte a value in
// the entry's range but 255 (nan), 254 (inf), 253 (-1e300) and 0 (zero).
func abilitiesLevelTOML(data []byte) string {
	var b strings.Builder
	for k := 0; k+10 <= len(data) && k < 240; k += 10 {
		e := data[k : k+10]
		num := func(i int, lo, hi float64) string {
			switch e[i] {
			case 255:
				return "nan"
			case 254:
				return "inf"
			case 253:
				return "-1e300"
			case 0:
				return "0.0"
			}
			return tomlFloat(lo + float64(e[i])/252*(hi-lo))
		}
		vec := func(i int, lo, hi float64) string {
			return fmt.Sprintf("[%s, %s, %s]", num(i, lo, hi), num(i+1, lo, hi), num(i+2, lo, hi))
		}
		// rot is a rotation: about the vertical only unless flag 4.
		rot := func(i int) string {
			if e[1]&4 != 0 {
				return vec(i, -180, 180)
			}
			return fmt.Sprintf("[0.0, %s, 0.0]", num(i+1, -180, 180))
		}
		flag := func(bit byte, key string) {
			if e[1]&bit != 0 {
				fmt.Fprintf(&b, "%s = true\n", key)
			}
		}
		switch e[0] % 6 {
		case 0:
			fmt.Fprintf(&b, "[[box]]\ncenter = %s\nhalf = %s\nrot_deg = %s\n", vec(2, -10, 10), vec(5, -0.5, 5), rot(7))
			flag(1, "one_way")
		case 1:
			fmt.Fprintf(&b, "[[ladder]]\ncenter = %s\nhalf = %s\nrot_deg = %s\n", vec(2, -10, 10), vec(5, -0.5, 5), rot(7))
		case 2:
			fmt.Fprintf(&b, "[[water]]\ncenter = %s\nhalf = %s\nrot_deg = %s\n", vec(2, -10, 10), vec(5, -0.5, 5), rot(7))
		case 3:
			fmt.Fprintf(&b, "[[platform]]\nhalf = %s\nrot_deg = %s\nwaypoints = [%s, %s]\nspeed = %s\nloop = %v\n",
				vec(5, -0.5, 5), rot(7), vec(2, -10, 10), vec(3, -10, 10), num(9, -1, 10), e[1]&64 != 0)
			if e[1]&32 != 0 {
				fmt.Fprintf(&b, "spin_deg = %s\n", rot(6))
			}
			if e[1]&16 != 0 {
				fmt.Fprintf(&b, "swing_deg = %s\nswing_period = %s\n", rot(4), num(8, -1, 5))
			}
			flag(1, "one_way")
			flag(2, "ladder")
			flag(8, "water")
		case 4:
			fmt.Fprintf(&b, "[[mesh]]\norigin = %s\ncell = %s\ncols = %d\nrows = %d\n", vec(2, -10, 10), num(5, -0.5, 3), int(e[6]%6), int(e[7]%6))
			flag(1, "one_way")
		case 5:
			fmt.Fprintf(&b, "[[mesh]]\nvertices = [%s, %s, %s]\nindices = [0, 1, %d]\n", vec(2, -5, 5), vec(4, -5, 5), vec(6, -5, 5), int(e[9]%4))
			flag(1, "one_way")
		}
	}
	return b.String()
}

// tomlFloat formats v as a TOML float (always with a point or an
// exponent).
func tomlFloat(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// A [swim] table of v0.2 (drag, buoyancy: rates without the _rate suffix
// the vocabulary asks for) loads into drag_rate and buoyancy_rate with a
// warning naming each old key; setting both names is an error.
func TestSwimRatesRenamed(t *testing.T) {
	var got []config.Warning
	prev := config.SetWarningHandler(func(w config.Warning) { got = append(got, w) })
	defer config.SetWarningHandler(prev)
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[swim]\ndrag = 2\nbuoyancy = 5\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := components.Abilities.Get(w.Entry(ent)).Config.Swim
	if s.DragRate != 2 || s.BuoyancyRate != 5 {
		t.Fatalf("drag_rate %v, buoyancy_rate %v: want 2 and 5", s.DragRate, s.BuoyancyRate)
	}
	if len(got) != 2 || !strings.Contains(got[0].Key+got[0].Reason, "buoyancy") || !strings.Contains(got[1].Key+got[1].Reason, "drag_rate") {
		t.Fatalf("warnings %+v, want one for buoyancy and one for drag", got)
	}
	if _, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[swim]\ndrag = 2\ndrag_rate = 3\n")); err == nil {
		t.Fatal("both drag and drag_rate set: no error")
	}
}
