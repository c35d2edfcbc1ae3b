package plane2d

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// Kind is what a level rectangle is to the characters.
type Kind uint8

const (
	// Solid blocks from every side.
	Solid Kind = iota + 1
	// OneWay is a platform: solid from above, passable from below and the
	// sides; down and jump drop through it (the [drop_through] ability).
	OneWay
	// Ladder is climbed by pressing up or down in front of it (the
	// Ladders ability Level.SpawnAll gives the level's characters); it
	// does not block.
	Ladder
	// Water is swum in (the [swim] ability); its top is the surface.
	Water
	// Sensor never blocks: the pipeline reports characters entering and
	// leaving it by its Name (spikes, goals, checkpoints; systems.Events).
	Sensor
	// SlopeUpRight is the triangle under the rectangle's diagonal from
	// its bottom-left to its top-right corner: a slope rising to the
	// right.
	SlopeUpRight
	// SlopeUpLeft rises to the left: the triangle under the diagonal from
	// the bottom-left's top to the bottom-right corner.
	SlopeUpLeft
)

var kindNames = [...]string{"", "solid", "one_way", "ladder", "water", "sensor", "slope_up_right", "slope_up_left"}

// String returns the kind's name as maps name it ("solid", "one_way",
// "ladder", "water", "sensor", "slope_up_right", "slope_up_left").
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// ParseKind returns the kind a map names (Kind.String), and whether it
// is one.
func ParseKind(s string) (Kind, bool) {
	for k, n := range kindNames {
		if n == s && k > 0 {
			return Kind(k), true
		}
	}
	return 0, false
}

// Rect is a rectangle of a level in pixels (screen axes: y down), Min
// inclusive, Max exclusive, of one kind.
type Rect struct {
	MinX, MinY, MaxX, MaxY float64
	Kind                   Kind
	// Name is a sensor's name (LevelData.SensorNames: a second sensor of
	// the same name is name#2, a third name#3, ...); other kinds ignore
	// it.
	Name string
}

// Spawn is a character a level places: the recipe to spawn, where its
// feet are (the bottom middle, px) and recipe TOML overriding the recipe
// (from the entity's fields: a field "motor.max_run" = 120 is
// "[motor]\nmax_run = 120").
type Spawn struct {
	// Name is the entity's name in the map.
	Name string
	// Recipe is the prefab recipe to spawn (prefabs.Spawn).
	Recipe   string
	X, Y     float64
	Override string
}

// Platform is a moving box: Rect at its first waypoint, then along Path
// (px, the rectangle's centre at each waypoint) at Speed (px/s), waiting
// Wait seconds at each waypoint, round the loop or back and forth.
type Platform struct {
	Rect  Rect // Kind Solid or OneWay
	Path  [][2]float64
	Speed float64
	Wait  float64
	Loop  bool
}

// NewPlatform returns a moving platform of a map's rectangle r, solid,
// at 32 px/s, with r's centre its first waypoint: the map loaders' start
// before the entity's fields (SetField) and its path.
func NewPlatform(r Rect) Platform {
	p := Platform{Rect: r, Speed: 32}
	p.Rect.Kind = Solid
	p.Path = append(p.Path, [2]float64{(r.MinX + r.MaxX) / 2, (r.MinY + r.MaxY) / 2})
	return p
}

// SetField sets a moving platform's field from a map: "speed" and "wait"
// (numbers: px/s, s), "loop" and "one_way" (bools). Other names are not
// the platform's (false, nil); a value of the wrong type is an error.
func (p *Platform) SetField(name string, v any) (bool, error) {
	switch name {
	case "speed", "wait":
		n, ok := v.(float64)
		if !ok {
			return true, fmt.Errorf("%s is %T, want a number", name, v)
		}
		if name == "speed" {
			p.Speed = n
		} else {
			p.Wait = n
		}
	case "loop", "one_way":
		b, ok := v.(bool)
		if !ok {
			return true, fmt.Errorf("%s is %T, want a bool", name, v)
		}
		if name == "loop" {
			p.Loop = b
		} else if b {
			p.Rect.Kind = OneWay
		}
	default:
		return false, nil
	}
	return true, nil
}

// Level is a 2D level: its rectangles, moving platforms and spawns in
// pixels, and the space they are in.
type Level struct {
	Space     Space
	Rects     []Rect
	Platforms []Platform
	Spawns    []Spawn
	// Depth is the half-depth (m) of the level's boxes across the plane
	// (default 4: deeper than any character, so nothing ever leaves a box
	// across the plane).
	Depth float64
	// Source names the map in errors.
	Source string
}

// ViewYaw is a 2D character's view yaw (radians): its forward is screen
// up and its right screen right, so the move intent the abilities read
// (swimming, a wall) has the run axis along screen x.
const ViewYaw = -math.Pi / 2

// ErrLevel is wrapped by every error of a level's build.
var ErrLevel = errors.New("plane2d: level")

// box returns a rectangle's centre and half extents in metres: across
// the plane it is Depth deep (both ways).
func (l *Level) box(r Rect) (c, h [3]float64) {
	a := l.Space.ToWorld(r.MinX, r.MinY)
	b := l.Space.ToWorld(r.MaxX, r.MaxY)
	d := l.depth()
	for i := range 3 {
		c[i] = (a[i] + b[i]) / 2
		h[i] = math.Abs(b[i]-a[i]) / 2
	}
	if l.Space.Plane == components.PlaneTop {
		h[1] = d
	} else {
		h[2] = d
	}
	return c, h
}

func (l *Level) depth() float64 {
	if l.Depth > 0 {
		return l.Depth
	}
	return 4
}

// Spec returns the level as a prefabs.LevelSpec: a box for each solid,
// one-way, ladder and water rectangle, a named sensor for each sensor, a
// triangular prism of one mesh for each slope, a moving platform for
// each platform, and a spawn point for each spawn.
func (l *Level) Spec() (prefabs.LevelSpec, error) {
	var spec prefabs.LevelSpec
	if err := l.Space.Validate(); err != nil {
		return spec, err
	}
	var slopes prefabs.MeshSpec
	for i, r := range l.Rects {
		if !(r.MaxX > r.MinX) || !(r.MaxY > r.MinY) || !finite(r.MinX, r.MinY, r.MaxX, r.MaxY) {
			return spec, fmt.Errorf("%w: %s: rectangle %d (%s %q) is empty or not finite: %v", ErrLevel, l.Source, i, r.Kind, r.Name, r)
		}
		c, h := l.box(r)
		switch r.Kind {
		case Solid:
			spec.Boxes = append(spec.Boxes, prefabs.BoxSpec{Center: c, Half: h})
		case OneWay:
			spec.Boxes = append(spec.Boxes, prefabs.BoxSpec{Center: c, Half: h, OneWay: true})
		case Ladder:
			// Not collision: the Ladders ability finds it by position.
		case Water:
			spec.Water = append(spec.Water, prefabs.BoxSpec{Center: c, Half: h})
		case Sensor:
			spec.Sensors = append(spec.Sensors, prefabs.SensorSpec{Name: uniqueName(spec.Sensors, r.Name), Center: c, Half: h})
		case SlopeUpRight, SlopeUpLeft:
			if l.Space.Plane != components.PlaneSide {
				return spec, fmt.Errorf("%w: %s: rectangle %d is a %s in a top view", ErrLevel, l.Source, i, r.Kind)
			}
			l.addSlope(&slopes, r)
		default:
			return spec, fmt.Errorf("%w: %s: rectangle %d has no kind (%d)", ErrLevel, l.Source, i, r.Kind)
		}
	}
	if len(slopes.Indices) > 0 {
		spec.Meshes = append(spec.Meshes, slopes)
	}
	for i, p := range l.Platforms {
		ps, err := l.platform(i, p)
		if err != nil {
			return spec, err
		}
		spec.Platforms = append(spec.Platforms, ps)
	}
	for _, s := range l.Spawns {
		f := l.Space.ToWorld(s.X, s.Y)
		spec.Spawns = append(spec.Spawns, prefabs.SpawnSpec{Name: s.Name, Feet: f, YawDeg: -90}) // ViewYaw
	}
	return spec, nil
}

// addSlope adds a slope rectangle's triangular prism to the slopes' mesh:
// the triangle in the plane at both faces of the depth, its three sides
// joining them.
func (l *Level) addSlope(m *prefabs.MeshSpec, r Rect) {
	bl, br := l.Space.ToWorld(r.MinX, r.MaxY), l.Space.ToWorld(r.MaxX, r.MaxY)
	top := l.Space.ToWorld(r.MaxX, r.MinY) // rising to the right: top-right
	if r.Kind == SlopeUpLeft {
		top = l.Space.ToWorld(r.MinX, r.MinY)
	}
	d := l.depth()
	base := uint32(len(m.Vertices))
	for _, z := range []float64{-d, d} {
		for _, p := range []mgl64.Vec3{bl, br, top} {
			m.Vertices = append(m.Vertices, [3]float64{p[0], p[1], z})
		}
	}
	// 0 1 2: the near triangle, 3 4 5 the far one; the sides: bottom
	// (0 1 4 3), right or left (1 2 5 4 / ...), the slope (2 0 3 5).
	m.Indices = append(m.Indices,
		base+0, base+2, base+1, base+3, base+4, base+5,
		base+0, base+1, base+4, base+0, base+4, base+3,
		base+1, base+2, base+5, base+1, base+5, base+4,
		base+2, base+0, base+3, base+2, base+3, base+5)
}

// platform converts a moving platform to the level's.
func (l *Level) platform(i int, p Platform) (prefabs.PlatformSpec, error) {
	var ps prefabs.PlatformSpec
	if p.Rect.Kind != Solid && p.Rect.Kind != OneWay {
		return ps, fmt.Errorf("%w: %s: platform %d is a %s, not solid or one_way", ErrLevel, l.Source, i, p.Rect.Kind)
	}
	if len(p.Path) < 2 || !(p.Speed > 0) {
		return ps, fmt.Errorf("%w: %s: platform %d needs two waypoints and a speed above 0", ErrLevel, l.Source, i)
	}
	_, h := l.box(p.Rect)
	ps.Half, ps.OneWay, ps.Loop = h, p.Rect.Kind == OneWay, p.Loop
	ps.Speed = l.Space.Length(p.Speed)
	for _, w := range p.Path {
		ps.Waypoints = append(ps.Waypoints, l.Space.ToWorld(w[0], w[1]))
		ps.Wait = append(ps.Wait, p.Wait)
	}
	return ps, nil
}

// uniqueName is name, or name#2, name#3, ... when sensors before it have
// it: a level's sensors have one name each (LevelData.SensorNames), and
// maps often name all their coins "coin".
func uniqueName(sensors []prefabs.SensorSpec, name string) string {
	taken := func(n string) bool {
		for _, s := range sensors {
			if s.Name == n {
				return true
			}
		}
		return false
	}
	if !taken(name) {
		return name
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s#%d", name, i); !taken(n) {
			return n
		}
	}
}

func finite(xs ...float64) bool {
	for _, x := range xs {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Build builds the level the pipeline runs (store it with
// prefabs.SetLevelData).
func (l *Level) Build() (components.LevelData, error) {
	spec, err := l.Spec()
	if err != nil {
		return components.LevelData{}, err
	}
	lv, err := spec.BuildLiving(l.Source)
	if err != nil {
		return lv, fmt.Errorf("%w: %w", ErrLevel, err)
	}
	lv.Name = l.Source
	if l.NewLadders() != nil {
		lv.OnSpawn = l.GiveLadders
	}
	return lv, nil
}

// GiveLadders gives a character its own Ladders ability of the level
// (and the Abilities component it lives in, when it has none); a level
// without ladders gives nothing. Level.Build makes it the level's
// LevelData.OnSpawn, so netplay's games give it to their seats.
func (l *Level) GiveLadders(e *donburi.Entry) {
	ld := l.NewLadders()
	if ld == nil {
		return
	}
	if !e.HasComponent(components.Abilities) {
		e.AddComponent(components.Abilities)
	}
	ab := components.Abilities.Get(e)
	ab.Own = append(ab.Own, ld)
}

// SpawnAll spawns every spawn of the level that names a recipe, feet at
// its place, with its overrides, in the level's order, and returns the
// entities; in a level with ladders each gets its own Ladders ability.
// An error names the spawn.
func (l *Level) SpawnAll(w donburi.World) ([]donburi.Entity, error) {
	var out []donburi.Entity
	for i, s := range l.Spawns {
		if s.Recipe == "" {
			continue
		}
		opts := []prefabs.Option{prefabs.AtSpawnPoint(components.SpawnPoint{Name: s.Name, Position: l.Space.ToWorld(s.X, s.Y), Yaw: ViewYaw})}
		if s.Override != "" {
			opts = append(opts, prefabs.Override(s.Override))
		}
		e, err := prefabs.Spawn(w, s.Recipe, opts...)
		if err != nil {
			return out, fmt.Errorf("%w: %s: spawn %d (%q, recipe %q): %w", ErrLevel, l.Source, i, s.Name, s.Recipe, err)
		}
		l.GiveLadders(w.Entry(e))
		out = append(out, e)
	}
	return out, nil
}
