package prefabs

import (
	"embed"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/platforms"
	"github.com/yohamta/donburi"
)

//go:embed levels/*.toml
var levelFS embed.FS

// LevelSpec is a level file: static geometry in meters, angles in degrees.
type LevelSpec struct {
	Boxes        []BoxSpec         `toml:"box"`
	Ramps        []RampSpec        `toml:"ramp"`
	Stairs       []StairsSpec      `toml:"stairs"`
	Meshes       []MeshSpec        `toml:"mesh"`
	Heightfields []HeightfieldSpec `toml:"heightfield"`
	// The living part: moving platforms and lifts, doors, sensor zones.
	Platforms []PlatformSpec `toml:"platform"`
	Doors     []DoorSpec     `toml:"door"`
	Sensors   []SensorSpec   `toml:"sensor"`
	// The abilities' volumes (package abilities): ladders (solid boxes a
	// character climbs on the face it walks into) and water (boxes whose
	// top is the surface; upright, turned about the vertical only).
	Ladders []BoxSpec `toml:"ladder"`
	Water   []BoxSpec `toml:"water"`
	// Crowd is an optional [crowd] table: walkers for the game to spawn.
	Crowd *CrowdTOML `toml:"crowd"`
	// KillY is the height (m) below which a character has fallen out of
	// the level (components.LevelData.KillY); default 10 m below the
	// lowest geometry.
	KillY *float64 `toml:"kill_y"`
	// Spawns are the level's spawn points ([[spawn]]: components.
	// LevelData.Spawns, for prefabs.AtSpawnPoint), in file order.
	Spawns []SpawnSpec `toml:"spawn"`

	// files holds the files a level refers to (heightfield PNGs): the
	// level file's folder, or the embedded levels.
	files fs.FS
}

// SpawnSpec is a [[spawn]] entry: a named place for a character's feet
// (m) and its facing (degrees, 0 along +X growing toward +Z).
type SpawnSpec struct {
	Name   string     `toml:"name"`
	Feet   [3]float64 `toml:"feet"`
	YawDeg float64    `toml:"yaw_deg"`
}

// DefaultKillY is 10 m below the lowest point of w's geometry (-100 for an
// empty world).
func DefaultKillY(w *kcc.World) float64 {
	lo := math.Inf(1)
	for _, t := range w.AppendTriangles(nil) {
		lo = math.Min(lo, math.Min(t.A[1], math.Min(t.B[1], t.C[1])))
	}
	if math.IsInf(lo, 1) {
		return -100
	}
	return lo - 10
}

// CrowdTOML is a level's [crowd]: Count (0..500) walkers of Recipe
// (default "capsule_walker") going round the closed loop of at least two
// Loop waypoints (metres).
type CrowdTOML struct {
	Count  int          `toml:"count"`
	Recipe string       `toml:"recipe"`
	Loop   [][3]float64 `toml:"loop"`
}

// BoxSpec is an oriented box. RotDeg are intrinsic rotations about X, then
// Y, then Z, in degrees. Layer and Mask are its collision layers (0: the
// defaults, kcc.DefaultLayer and kcc.AllLayers).
type BoxSpec struct {
	Center [3]float64 `toml:"center"`
	Half   [3]float64 `toml:"half"`
	RotDeg [3]float64 `toml:"rot_deg"`
	Layer  uint32     `toml:"layer"`
	Mask   uint32     `toml:"mask"`
	// SurfaceVelocity (m/s) makes the box a conveyor belt: it stays put
	// and carries what stands on it (kcc.World.SetSurfaceVelocity).
	SurfaceVelocity [3]float64 `toml:"surface_velocity"`
	// OneWay makes the box a one-way platform: solid from above, passable
	// from below and the sides (abilities.OneWayRule).
	OneWay bool `toml:"one_way"`
}

// PlatformSpec is a box that travels along waypoints (a moving platform,
// a lift) and/or turns (a turntable); see platforms.Path. Speed is in m/s,
// Wait in seconds per waypoint, SpinDeg in degrees per second about X, Y
// and Z (a vector: its direction is the axis).
type PlatformSpec struct {
	Half      [3]float64   `toml:"half"`
	RotDeg    [3]float64   `toml:"rot_deg"`
	Waypoints [][3]float64 `toml:"waypoints"`
	Wait      []float64    `toml:"wait"`
	Speed     float64      `toml:"speed"`
	Loop      bool         `toml:"loop"`
	SpinDeg   [3]float64   `toml:"spin_deg"`
	// SwingDeg and SwingPeriod rock the platform like a seesaw: about
	// the axis of SwingDeg by its length in degrees, sinusoidally over
	// SwingPeriod seconds (platforms.Path.Swing).
	SwingDeg    [3]float64 `toml:"swing_deg"`
	SwingPeriod float64    `toml:"swing_period"`
	Layer       uint32     `toml:"layer"`
	// OneWay, Ladder and Water make the moving box a one-way platform, a
	// ladder or a water volume (which must not tilt: spin and swing about
	// the vertical only) that moves.
	OneWay bool `toml:"one_way"`
	Ladder bool `toml:"ladder"`
	Water  bool `toml:"water"`
	// rot, when set (an imported level), is the box's rotation instead of
	// RotDeg.
	rot *mgl64.Quat
}

// DoorSpec is a box that slides by Open (m) when it opens, at Speed m/s:
// while the named Sensor is occupied, or, without a sensor, on a schedule
// that repeats every ClosedFor+OpenFor seconds, moving towards closed for
// ClosedFor seconds and then towards open for OpenFor seconds, the travel
// time |Open|/Speed inside each (platforms.Door).
type DoorSpec struct {
	Center    [3]float64 `toml:"center"`
	Half      [3]float64 `toml:"half"`
	RotDeg    [3]float64 `toml:"rot_deg"`
	Open      [3]float64 `toml:"open"`
	Speed     float64    `toml:"speed"`
	Sensor    string     `toml:"sensor"`
	ClosedFor float64    `toml:"closed_s"`
	OpenFor   float64    `toml:"open_s"`
	// rot, when set (an imported level), is the box's rotation instead of
	// RotDeg.
	rot *mgl64.Quat
}

// SensorSpec is a box-shaped trigger zone: it never blocks, and the
// pipeline reports characters entering, staying in and leaving it. Mask
// selects the character layers it reports (0: all). Name lets doors (and
// games, through LevelData.SensorNames) refer to it.
type SensorSpec struct {
	Name   string     `toml:"name"`
	Center [3]float64 `toml:"center"`
	Half   [3]float64 `toml:"half"`
	RotDeg [3]float64 `toml:"rot_deg"`
	Mask   uint32     `toml:"mask"`
}

// RampSpec is a slab whose top surface starts at Start (its low edge) and
// rises at AngleDeg along the horizontal direction YawDeg (0 = +X, 90 = +Z)
// for Length meters of slope, Width wide, Thickness thick (default 0.5).
type RampSpec struct {
	Start     [3]float64 `toml:"start"`
	YawDeg    float64    `toml:"yaw_deg"`
	AngleDeg  float64    `toml:"angle_deg"`
	Length    float64    `toml:"length"`
	Width     float64    `toml:"width"`
	Thickness float64    `toml:"thickness"`
}

// StairsSpec is a flight of Count solid steps standing on the plane
// y = Start[1], starting at Start and climbing along YawDeg: each step rises
// Rise and is Tread deep; the flight is Width wide.
type StairsSpec struct {
	Start  [3]float64 `toml:"start"`
	YawDeg float64    `toml:"yaw_deg"`
	Count  int        `toml:"count"`
	Rise   float64    `toml:"rise"`
	Tread  float64    `toml:"tread"`
	Width  float64    `toml:"width"`
}

// MeshSpec is a triangle mesh: either explicit Vertices and Indices, or
// (when Cols and Rows are set) a flat horizontal grid of Cols x Rows square
// cells of Cell meters at Origin, two triangles per cell. A grid has no
// rotation of its own: for a tilted surface give explicit vertices, or use a
// box with rot_deg.
type MeshSpec struct {
	Vertices [][3]float64 `toml:"vertices"`
	Indices  []uint32     `toml:"indices"`
	Origin   [3]float64   `toml:"origin"`
	Cell     float64      `toml:"cell"`
	Cols     int          `toml:"cols"`
	Rows     int          `toml:"rows"`
	// OneWay makes the mesh one-way: solid from above, passable from
	// below and the sides.
	OneWay bool `toml:"one_way"`
}

// HeightfieldSpec is a grid of heights (row-major, (Cols+1)*(Rows+1)
// samples) at Origin with square cells of CellSize. Instead of Heights, a
// sine bump field may be generated: Amplitude * sin(2πx/Wavelength) *
// sin(2πz/Wavelength).
type HeightfieldSpec struct {
	Origin     [3]float64 `toml:"origin"`
	CellSize   float64    `toml:"cell_size"`
	Cols       int        `toml:"cols"`
	Rows       int        `toml:"rows"`
	Heights    []float64  `toml:"heights"`
	Amplitude  float64    `toml:"amplitude"`
	Wavelength float64    `toml:"wavelength"`
	// PNG names a grayscale image (16-bit for smooth terrain; 8-bit
	// works) next to the level file whose pixels are the heights: black
	// 0, white HeightScale meters; its width is cols+1 samples along +X
	// and its height rows+1 along +Z (cols and rows may be left out).
	PNG         string  `toml:"png"`
	HeightScale float64 `toml:"height_scale"`
}

// LevelNames returns the embedded level names, sorted.
func LevelNames() []string {
	entries, _ := levelFS.ReadDir("levels")
	out := make([]string, 0, len(entries))
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".toml"))
	}
	sort.Strings(out)
	return out
}

// LevelText returns the text of the embedded level name and the source name
// its errors use ("prefabs/levels/name.toml"), for packages that read a
// level's entries themselves (the flail game builds its arena from one).
func LevelText(name string) (data []byte, source string, err error) {
	data, err = levelFS.ReadFile("levels/" + name + ".toml")
	if err != nil {
		return nil, "", fmt.Errorf("prefabs: unknown level %q (known: %s)", name, strings.Join(LevelNames(), ", "))
	}
	return data, "prefabs/levels/" + name + ".toml", nil
}

// LoadLevel builds the embedded level name (prefabs/levels/name.toml).
func LoadLevel(name string) (*kcc.World, error) {
	data, err := levelFS.ReadFile("levels/" + name + ".toml")
	if err != nil {
		return nil, fmt.Errorf("prefabs: unknown level %q (known: %s)", name, strings.Join(LevelNames(), ", "))
	}
	return BuildLevel(data, "prefabs/levels/"+name+".toml")
}

// SpawnLevel builds a level with its living part (platforms, doors,
// sensors, ladders, water): the embedded level name, a level TOML file of
// your own (a name ending in .toml, its mesh and heightmap files beside
// it), or a glTF level file (.glb, .gltf: LoadGLTF); see LoadLiving. It
// stores it as the world's Level resource (replacing an existing one);
// the pipeline then moves its movers and reports its sensors every tick.
func SpawnLevel(w donburi.World, name string) (*kcc.World, error) {
	lv, err := LoadLiving(name)
	if err != nil {
		return nil, err
	}
	SetLevelData(w, lv)
	return lv.World, nil
}

// levelBuilders are the levels registered with RegisterLevel, by name.
var levelBuilders = struct {
	sync.Mutex
	m map[string]func() (components.LevelData, error)
}{m: map[string]func() (components.LevelData, error){}}

// RegisterLevel makes name a level LoadLiving (and SpawnLevel, and
// netplay's games) builds with build: a level of the game's own, such as
// a 2D map read by package plane2d, that every peer of an online game
// builds alike. build must make a new level on every call. Registering a
// name twice, or an empty name or a nil build, panics: it is a
// programming error found at start-up.
func RegisterLevel(name string, build func() (components.LevelData, error)) {
	levelBuilders.Lock()
	defer levelBuilders.Unlock()
	if name == "" || build == nil || levelBuilders.m[name] != nil {
		panic(fmt.Sprintf("prefabs: RegisterLevel(%q): empty, nil or registered twice", name))
	}
	levelBuilders.m[name] = build
}

// LoadLiving builds a level with its living part (platforms, doors,
// sensors): a level registered with RegisterLevel, the embedded level
// name, a file when name ends in ".toml", or a glTF level (.glb, .gltf:
// LoadGLTF).
// Store the result with SetLevelData.
func LoadLiving(name string) (components.LevelData, error) {
	levelBuilders.Lock()
	build := levelBuilders.m[name]
	levelBuilders.Unlock()
	if build != nil {
		lv, err := build()
		if err == nil && lv.Name == "" {
			lv.Name = name
		}
		return lv, err
	}
	if IsGLTF(name) {
		lv, err := LoadGLTF(name)
		lv.Name = name
		return lv, err
	}
	var data []byte
	var err error
	source := name
	if strings.HasSuffix(name, ".toml") {
		data, err = os.ReadFile(name)
		source = filepath.Base(name)
	} else {
		data, err = levelFS.ReadFile("levels/" + name + ".toml")
		source = "prefabs/levels/" + name + ".toml"
		if err != nil {
			err = fmt.Errorf("prefabs: unknown level %q (known: %s)", name, strings.Join(LevelNames(), ", "))
		}
	}
	if err != nil {
		return components.LevelData{}, err
	}
	var spec LevelSpec
	if err := config.Decode(data, source, &spec); err != nil {
		return components.LevelData{}, err
	}
	if strings.HasSuffix(name, ".toml") {
		spec.files = os.DirFS(filepath.Dir(name))
	} else {
		spec.files, _ = fs.Sub(levelFS, "levels")
	}
	lv, err := spec.BuildLiving(source)
	if err != nil {
		return components.LevelData{}, err
	}
	lv.Name = name
	return lv, nil
}

// SetLevelData stores lv as the world's Level resource.
func SetLevelData(w donburi.World, lv components.LevelData) {
	if e, ok := components.Level.First(w); ok {
		components.Level.SetValue(e, lv)
		return
	}
	e := w.Entry(w.Create(components.Level))
	components.Level.SetValue(e, lv)
}

// SetLevel stores kw as the world's Level resource.
func SetLevel(w donburi.World, kw *kcc.World, name string) {
	if e, ok := components.Level.First(w); ok {
		components.Level.SetValue(e, components.LevelData{World: kw, Name: name, KillY: DefaultKillY(kw)})
		return
	}
	e := w.Entry(w.Create(components.Level))
	components.Level.SetValue(e, components.LevelData{World: kw, Name: name, KillY: DefaultKillY(kw)})
}

// BuildLivingLevel builds a level with its living part (platforms, doors,
// sensors, ladders, water, one-way colliders) from level TOML; store it
// with SetLevelData.
func BuildLivingLevel(data []byte, source string) (components.LevelData, error) {
	var spec LevelSpec
	if err := config.Decode(data, source, &spec); err != nil {
		return components.LevelData{}, err
	}
	lv, err := spec.BuildLiving(source)
	if err != nil {
		return components.LevelData{}, err
	}
	lv.Name = source
	return lv, nil
}

// BuildLevel builds a kcc.World from level TOML.
func BuildLevel(data []byte, source string) (*kcc.World, error) {
	var spec LevelSpec
	if err := config.Decode(data, source, &spec); err != nil {
		return nil, err
	}
	return spec.Build(source)
}

func quatFromDeg(rx, ry, rz float64) mgl64.Quat {
	return detmath.QuatFromEulerXYZ(config.Deg2Rad(rx), config.Deg2Rad(ry), config.Deg2Rad(rz))
}

// yawQuat rotates +X onto (cos yaw, 0, sin yaw).
func yawQuat(yawRad float64) mgl64.Quat {
	return detmath.QuatRotate(-yawRad, mgl64.Vec3{0, 1, 0})
}

func finite3(a [3]float64) bool {
	for _, x := range a {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Build creates the collision world; source names the file in errors.
// Platforms and doors are placed at their start; use BuildLiving to get
// them moving.
func (s *LevelSpec) Build(source string) (*kcc.World, error) {
	lv, err := s.BuildLiving(source)
	if err != nil {
		return nil, err
	}
	return lv.World, nil
}

// BuildLiving creates the level with its living part: the world, the
// movers (nil when the level has none) and a sensor tracker with the
// sensors' names (nil when it has no sensors), ready to store as the
// world's Level resource (SpawnLevel does).
func (s *LevelSpec) BuildLiving(source string) (components.LevelData, error) {
	lv := components.LevelData{World: kcc.NewWorld()}
	for _, build := range []func(string, *components.LevelData) error{
		s.buildBoxes, s.buildRampsAndStairs, s.buildMeshes, s.buildHeightfields, s.buildLiving, s.buildEnds,
	} {
		if err := build(source, &lv); err != nil {
			return lv, err
		}
	}
	return lv, nil
}

// buildBoxes adds the [[box]] entries.
func (s *LevelSpec) buildBoxes(source string, lv *components.LevelData) error {
	w := lv.World
	for i, b := range s.Boxes {
		key := fmt.Sprintf("box[%d]", i)
		id, err := levelBox(w, source, key, b.Center, b.Half, b.RotDeg)
		if err != nil {
			return err
		}
		if b.Layer != 0 || b.Mask != 0 {
			w.SetCollisionLayers(id, orDefault(b.Layer, kcc.DefaultLayer), orDefault(b.Mask, kcc.AllLayers))
		}
		if b.SurfaceVelocity != ([3]float64{}) {
			if err := w.SetSurfaceVelocity(id, mgl64.Vec3(b.SurfaceVelocity)); err != nil {
				return &config.Error{Source: source, Key: key + ".surface_velocity", Reason: err.Error()}
			}
		}
		if b.OneWay {
			markSurface(lv, id, abilities.SurfaceOneWay, b.Half)
		}
	}
	return nil
}

// buildRampsAndStairs adds the [[ramp]] and [[stairs]] entries as boxes.
func (s *LevelSpec) buildRampsAndStairs(source string, lv *components.LevelData) error {
	w := lv.World
	for i, r := range s.Ramps {
		if r.Thickness == 0 {
			r.Thickness = 0.5
		}
		if !finite3(r.Start) || !(r.AngleDeg >= 0 && r.AngleDeg < 90) || !(r.Length > 0) || !(r.Width > 0) || !(r.Thickness > 0) {
			return &config.Error{Source: source, Key: fmt.Sprintf("ramp[%d]", i), Reason: "need finite start, angle_deg in [0, 90), length, width, thickness > 0"}
		}
		yaw, a := config.Deg2Rad(r.YawDeg), config.Deg2Rad(r.AngleDeg)
		q := detmath.QuatMul(yawQuat(yaw), detmath.QuatRotate(a, mgl64.Vec3{0, 0, 1}))
		along := detmath.Rotate(q, mgl64.Vec3{1, 0, 0})
		normal := detmath.Rotate(q, mgl64.Vec3{0, 1, 0})
		c := mgl64.Vec3(r.Start).Add(detmath.Scale(along, r.Length/2)).Sub(detmath.Scale(normal, r.Thickness/2))
		w.AddBox(c, mgl64.Vec3{r.Length / 2, r.Thickness / 2, r.Width / 2}, q)
	}
	for i, st := range s.Stairs {
		if !finite3(st.Start) || st.Count <= 0 || st.Count > 1000 || !(st.Rise > 0) || !(st.Tread > 0) || !(st.Width > 0) {
			return &config.Error{Source: source, Key: fmt.Sprintf("stairs[%d]", i), Reason: "need finite start, count in [1, 1000], rise, tread, width > 0"}
		}
		yaw := config.Deg2Rad(st.YawDeg)
		q := yawQuat(yaw)
		d := detmath.Rotate(q, mgl64.Vec3{1, 0, 0})
		for k := 0; k < st.Count; k++ {
			h := float64(float64(k+1) * st.Rise)
			c := mgl64.Vec3(st.Start).Add(detmath.Scale(d, float64((float64(k)+0.5)*st.Tread)))
			c[1] = st.Start[1] + h/2
			w.AddBox(c, mgl64.Vec3{st.Tread / 2, h / 2, st.Width / 2}, q)
		}
	}
	return nil
}

// buildMeshes adds the [[mesh]] entries.
func (s *LevelSpec) buildMeshes(source string, lv *components.LevelData) error {
	for i, m := range s.Meshes {
		verts, idx := meshData(m)
		id, err := lv.World.AddTriMesh(verts, idx)
		if err != nil {
			return &config.Error{Source: source, Key: fmt.Sprintf("mesh[%d]", i), Reason: err.Error()}
		}
		if m.OneWay {
			markSurface(lv, id, abilities.SurfaceOneWay, [3]float64{})
		}
	}
	return nil
}

// buildHeightfields adds the [[heightfield]] entries: heights given, read
// from a PNG beside the level, or a wave.
func (s *LevelSpec) buildHeightfields(source string, lv *components.LevelData) error {
	for i, h := range s.Heightfields {
		key := fmt.Sprintf("heightfield[%d]", i)
		if h.PNG != "" {
			hs, cols, rows, err := s.pngHeights(h)
			if err != nil {
				return &config.Error{Source: source, Key: key + ".png", Reason: err.Error()}
			}
			h.Heights, h.Cols, h.Rows = hs, cols, rows
		}
		heights := h.Heights
		if len(heights) == 0 && h.Cols > 0 && h.Rows > 0 && h.Cols*h.Rows <= 1<<22 && h.Wavelength > 0 {
			heights = make([]float64, (h.Cols+1)*(h.Rows+1))
			for r := 0; r <= h.Rows; r++ {
				for c := 0; c <= h.Cols; c++ {
					x, z := float64(float64(c)*h.CellSize), float64(float64(r)*h.CellSize)
					heights[r*(h.Cols+1)+c] = float64(h.Amplitude * detmath.Sin(2*math.Pi*x/h.Wavelength) * detmath.Sin(2*math.Pi*z/h.Wavelength))
				}
			}
		}
		// Cols x Rows cells have (Cols+1) x (Rows+1) samples.
		if _, err := lv.World.AddHeightfield(mgl64.Vec3(h.Origin), h.CellSize, h.Cols+1, h.Rows+1, heights); err != nil {
			return &config.Error{Source: source, Key: key, Reason: err.Error()}
		}
	}
	return nil
}

// buildEnds sets the kill height (kill_y, or 10 m below the lowest
// geometry) and the spawn points.
func (s *LevelSpec) buildEnds(source string, lv *components.LevelData) error {
	lv.KillY = DefaultKillY(lv.World)
	if k := s.KillY; k != nil {
		if !(*k > -1e6 && *k < 1e6) {
			return &config.Error{Source: source, Key: "kill_y", Reason: "must be a finite height in (-1e6, 1e6)"}
		}
		lv.KillY = *k
	}
	for i, sp := range s.Spawns {
		if !finite3(sp.Feet) || !(math.Abs(sp.YawDeg) <= 1e6) {
			return &config.Error{Source: source, Key: fmt.Sprintf("spawn[%d]", i), Reason: "feet and yaw_deg must be finite"}
		}
		lv.Spawns = append(lv.Spawns, components.SpawnPoint{Name: sp.Name, Position: mgl64.Vec3(sp.Feet), Yaw: config.Deg2Rad(sp.YawDeg)})
	}
	return nil
}

// markSurface records what collider id is to the abilities.
func markSurface(lv *components.LevelData, id kcc.ColliderID, kind abilities.Surface, half [3]float64) {
	if lv.Abilities == nil {
		lv.Abilities = &abilities.Level{}
	}
	lv.Abilities.Mark(id, kind, mgl64.Vec3(half))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func orDefault(v, d uint32) uint32 {
	if v == 0 {
		return d
	}
	return v
}

// buildLiving adds the ladders, water, sensors, platforms, doors and the
// crowd.
func (s *LevelSpec) buildLiving(source string, lv *components.LevelData) error {
	if err := s.buildVolumes(source, lv); err != nil {
		return err
	}
	if err := s.buildSensors(source, lv); err != nil {
		return err
	}
	set := &platforms.Set{}
	for i, ps := range s.Platforms {
		m, err := buildPlatform(source, fmt.Sprintf("platform[%d]", i), ps, lv)
		if err != nil {
			return err
		}
		set.Movers = append(set.Movers, m)
	}
	for i, d := range s.Doors {
		door, err := buildDoor(source, fmt.Sprintf("door[%d]", i), d, lv)
		if err != nil {
			return err
		}
		set.Doors = append(set.Doors, door)
	}
	if err := set.Validate(); err != nil {
		return &config.Error{Source: source, Key: "door", Reason: err.Error()}
	}
	if s.Crowd != nil {
		spec, err := s.Crowd.spec(source)
		if err != nil {
			return err
		}
		lv.Crowd = spec
	}
	if len(set.Movers)+len(set.Doors) > 0 {
		lv.Movers = set
	}
	return nil
}

// levelBox adds the box of entry key of source to w: a finite centre,
// half extents > 0 and a rotation in degrees.
func levelBox(w *kcc.World, source, key string, c, h, rot [3]float64) (kcc.ColliderID, error) {
	if !finite3(c) || !finite3(h) || !finite3(rot) || h[0] <= 0 || h[1] <= 0 || h[2] <= 0 {
		return kcc.NoCollider, &config.Error{Source: source, Key: key, Reason: "center, half and rot_deg must be finite and half > 0"}
	}
	return w.AddBox(mgl64.Vec3(c), mgl64.Vec3(h), quatFromDeg(rot[0], rot[1], rot[2])), nil
}

// buildVolumes adds the ladders (solid boxes) and the water (upright
// sensor boxes) and marks them for the abilities.
func (s *LevelSpec) buildVolumes(source string, lv *components.LevelData) error {
	w := lv.World
	for i, l := range s.Ladders {
		id, err := levelBox(w, source, fmt.Sprintf("ladder[%d]", i), l.Center, l.Half, l.RotDeg)
		if err != nil {
			return err
		}
		markSurface(lv, id, abilities.SurfaceLadder, l.Half)
	}
	for i, wa := range s.Water {
		key := fmt.Sprintf("water[%d]", i)
		if wa.RotDeg[0] != 0 || wa.RotDeg[2] != 0 {
			return &config.Error{Source: source, Key: key + ".rot_deg", Reason: "water stays upright: turn it about the vertical (y) only"}
		}
		id, err := levelBox(w, source, key, wa.Center, wa.Half, wa.RotDeg)
		if err != nil {
			return err
		}
		w.SetSensor(id, true)
		markSurface(lv, id, abilities.SurfaceWater, wa.Half)
	}
	return nil
}

// buildSensors adds the sensor boxes, by name in lv.SensorNames, with the
// tracker of who is in them.
func (s *LevelSpec) buildSensors(source string, lv *components.LevelData) error {
	w := lv.World
	for i, sn := range s.Sensors {
		key := fmt.Sprintf("sensor[%d]", i)
		id, err := levelBox(w, source, key, sn.Center, sn.Half, sn.RotDeg)
		if err != nil {
			return err
		}
		w.SetSensor(id, true)
		w.SetCollisionLayers(id, kcc.DefaultLayer, orDefault(sn.Mask, kcc.AllLayers))
		if lv.SensorNames == nil {
			lv.SensorNames = map[string]kcc.ColliderID{}
			lv.Sensors = &kcc.SensorTracker{}
		}
		if sn.Name != "" {
			if _, dup := lv.SensorNames[sn.Name]; dup {
				return &config.Error{Source: source, Key: key + ".name", Reason: fmt.Sprintf("sensor name %q is used twice", sn.Name)}
			}
			lv.SensorNames[sn.Name] = id
		}
	}
	return nil
}

// buildPlatform adds platform ps (entry key of source): its box at the
// start of its path, which may be one-way, a ladder or water.
func buildPlatform(source, key string, ps PlatformSpec, lv *components.LevelData) (platforms.Mover, error) {
	w := lv.World
	if len(ps.Waypoints) == 0 {
		return platforms.Mover{}, &config.Error{Source: source, Key: key + ".waypoints", Reason: "a platform needs at least one waypoint"}
	}
	path := platforms.Path{Speed: ps.Speed, Loop: ps.Loop, Wait: ps.Wait,
		Rot:         platformRot(ps),
		Spin:        mgl64.Vec3{config.Deg2Rad(ps.SpinDeg[0]), config.Deg2Rad(ps.SpinDeg[1]), config.Deg2Rad(ps.SpinDeg[2])},
		Swing:       mgl64.Vec3{config.Deg2Rad(ps.SwingDeg[0]), config.Deg2Rad(ps.SwingDeg[1]), config.Deg2Rad(ps.SwingDeg[2])},
		SwingPeriod: ps.SwingPeriod}
	for _, wp := range ps.Waypoints {
		path.Waypoints = append(path.Waypoints, mgl64.Vec3(wp))
	}
	if !finite3(ps.RotDeg) || !finite3(ps.SpinDeg) || !finite3(ps.SwingDeg) {
		return platforms.Mover{}, &config.Error{Source: source, Key: key, Reason: "rot_deg, spin_deg and swing_deg must be finite"}
	}
	if err := path.Validate(); err != nil {
		return platforms.Mover{}, &config.Error{Source: source, Key: key, Reason: err.Error()}
	}
	pos, rot := path.PoseAt(0)
	if !finite3(ps.Half) || ps.Half[0] <= 0 || ps.Half[1] <= 0 || ps.Half[2] <= 0 {
		return platforms.Mover{}, &config.Error{Source: source, Key: key + ".half", Reason: "half must be finite and > 0"}
	}
	id := w.AddBox(pos, mgl64.Vec3(ps.Half), rot)
	if ps.Layer != 0 {
		w.SetCollisionLayers(id, ps.Layer, kcc.AllLayers)
	}
	if err := markPlatform(source, key, ps, id, lv); err != nil {
		return platforms.Mover{}, err
	}
	return platforms.Mover{Collider: id, Path: path}, nil
}

// markPlatform marks platform ps's collider id one-way, a ladder or water
// for the abilities, as the entry says.
func markPlatform(source, key string, ps PlatformSpec, id kcc.ColliderID, lv *components.LevelData) error {
	if n := b2i(ps.OneWay) + b2i(ps.Ladder) + b2i(ps.Water); n > 1 {
		return &config.Error{Source: source, Key: key, Reason: "one_way, ladder and water exclude each other"}
	}
	switch {
	case ps.OneWay:
		markSurface(lv, id, abilities.SurfaceOneWay, ps.Half)
	case ps.Ladder:
		markSurface(lv, id, abilities.SurfaceLadder, ps.Half)
	case ps.Water:
		if ps.RotDeg[0] != 0 || ps.RotDeg[2] != 0 || ps.SpinDeg[0] != 0 || ps.SpinDeg[2] != 0 || ps.SwingDeg[0] != 0 || ps.SwingDeg[2] != 0 {
			return &config.Error{Source: source, Key: key, Reason: "water stays upright: rot_deg, spin_deg and swing_deg about the vertical (y) only"}
		}
		lv.World.SetSensor(id, true)
		markSurface(lv, id, abilities.SurfaceWater, ps.Half)
	}
	return nil
}

// buildDoor adds door d (entry key of source): its box, opened by its
// sensor (by name) or its schedule.
func buildDoor(source, key string, d DoorSpec, lv *components.LevelData) (platforms.Door, error) {
	w := lv.World
	drot := quatFromDeg(d.RotDeg[0], d.RotDeg[1], d.RotDeg[2])
	if d.rot != nil {
		drot = *d.rot
	}
	id, err := levelBox(w, source, key, d.Center, d.Half, d.RotDeg)
	if err != nil {
		return platforms.Door{}, err
	}
	if d.rot != nil {
		_ = w.SetTransform(id, mgl64.Vec3(d.Center), drot)
	}
	door := platforms.Door{Collider: id, Closed: mgl64.Vec3(d.Center), Rot: drot,
		Open: mgl64.Vec3(d.Open), Speed: d.Speed, Sensor: kcc.NoCollider, ClosedFor: d.ClosedFor, OpenFor: d.OpenFor}
	if d.Sensor != "" {
		sid, ok := lv.SensorNames[d.Sensor]
		if !ok {
			return door, &config.Error{Source: source, Key: key + ".sensor", Reason: fmt.Sprintf("no sensor named %q", d.Sensor)}
		}
		door.Sensor = sid
	} else if d.ClosedFor == 0 && d.OpenFor == 0 {
		return door, &config.Error{Source: source, Key: key, Reason: "a door needs a sensor or a schedule (closed_s, open_s)"}
	}
	return door, nil
}

// spec checks the level's [crowd] table and returns its CrowdSpec.
func (c *CrowdTOML) spec(source string) (*components.CrowdSpec, error) {
	if c.Count < 0 || c.Count > 500 {
		return nil, &config.Error{Source: source, Key: "crowd.count", Reason: fmt.Sprintf("%d is not in [0, 500]", c.Count)}
	}
	if len(c.Loop) < 2 {
		return nil, &config.Error{Source: source, Key: "crowd.loop", Reason: "a loop needs at least two waypoints"}
	}
	spec := &components.CrowdSpec{Count: c.Count, Recipe: c.Recipe}
	if spec.Recipe == "" {
		spec.Recipe = "capsule_walker"
	}
	for _, p := range c.Loop {
		if !finite3(p) {
			return nil, &config.Error{Source: source, Key: "crowd.loop", Reason: "waypoints must be finite"}
		}
		spec.Loop = append(spec.Loop, mgl64.Vec3(p))
	}
	return spec, nil
}

func meshData(m MeshSpec) ([]mgl64.Vec3, []uint32) {
	if m.Cols <= 0 || m.Rows <= 0 || m.Cols*m.Rows > 1<<22 {
		verts := make([]mgl64.Vec3, len(m.Vertices))
		for i, v := range m.Vertices {
			verts[i] = mgl64.Vec3(v)
		}
		return verts, m.Indices
	}
	cols, rows := m.Cols, m.Rows
	verts := make([]mgl64.Vec3, 0, (cols+1)*(rows+1))
	for r := 0; r <= rows; r++ {
		for c := 0; c <= cols; c++ {
			verts = append(verts, mgl64.Vec3(m.Origin).Add(mgl64.Vec3{float64(float64(c) * m.Cell), 0, float64(float64(r) * m.Cell)}))
		}
	}
	idx := make([]uint32, 0, cols*rows*6)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			i0 := uint32(r*(cols+1) + c)
			i1, i2, i3 := i0+1, i0+uint32(cols+1), i0+uint32(cols+2)
			// Counter-clockwise seen from above (+Y): normal points up.
			idx = append(idx, i0, i2, i1, i1, i2, i3)
		}
	}
	return verts, idx
}

func platformRot(ps PlatformSpec) mgl64.Quat {
	if ps.rot != nil {
		return *ps.rot
	}
	return quatFromDeg(ps.RotDeg[0], ps.RotDeg[1], ps.RotDeg[2])
}

// pngHeights reads a heightfield's PNG: the heights (black 0, white
// HeightScale meters) and the cells across and down.
func (s *LevelSpec) pngHeights(h HeightfieldSpec) (heights []float64, cols, rows int, err error) {
	if s.files == nil {
		return nil, 0, 0, errors.New("no folder to read it from (a level built from text in code)")
	}
	if !fs.ValidPath(h.PNG) {
		return nil, 0, 0, fmt.Errorf("%q must be a path inside the level's folder", h.PNG)
	}
	if !(h.HeightScale > 0 && h.HeightScale < 1e4) {
		return nil, 0, 0, fmt.Errorf("height_scale %v: want (0, 10000) meters", h.HeightScale)
	}
	f, err := s.files.Open(h.PNG)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s: %v", h.PNG, err)
	}
	if cfg.Width < 2 || cfg.Height < 2 || cfg.Width*cfg.Height > 1<<22 {
		return nil, 0, 0, fmt.Errorf("%s: %dx%d pixels: want at least 2x2 and at most 4 Mi samples", h.PNG, cfg.Width, cfg.Height)
	}
	cols, rows = cfg.Width-1, cfg.Height-1
	if (h.Cols != 0 && h.Cols != cols) || (h.Rows != 0 && h.Rows != rows) {
		return nil, 0, 0, fmt.Errorf("%s: %dx%d pixels is %dx%d cells, the level says %dx%d", h.PNG, cfg.Width, cfg.Height, cols, rows, h.Cols, h.Rows)
	}
	f2, err := s.files.Open(h.PNG)
	if err != nil {
		return nil, 0, 0, err
	}
	defer f2.Close()
	img, err := png.Decode(f2)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s: %v", h.PNG, err)
	}
	b := img.Bounds()
	heights = make([]float64, 0, cfg.Width*cfg.Height)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := color.Gray16Model.Convert(img.At(x, y)).(color.Gray16)
			heights = append(heights, float64(float64(g.Y)/65535*h.HeightScale))
		}
	}
	return heights, cols, rows, nil
}
