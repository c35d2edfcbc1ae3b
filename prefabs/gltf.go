package prefabs

import (
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/kcc"
)

// MaxGLTFTriangles bounds the triangles a glTF level may have (all meshes,
// drawn and colliding); a larger file is refused rather than exhausting
// memory.
const MaxGLTFTriangles = 2_000_000

// IsGLTF reports whether name is a glTF level file (.gltf or .glb).
func IsGLTF(name string) bool {
	ext := strings.ToLower(filepath.Ext(name))
	return ext == ".gltf" || ext == ".glb"
}

// LoadGLTF builds a level from a glTF 2.0 file (.gltf with its buffers in
// the same folder, or .glb), exported by Blender or any other tool. Units are
// meters and Y is up (glTF's convention, the project's). The node
// hierarchy's transforms (translation, rotation, scale or a matrix) apply.
// What a node becomes is told by its name's suffix, as Godot's importer
// does:
//
//	name-col      drawn and collides
//	name-colonly  collides, not drawn (a box-shaped mesh becomes an exact box)
//	name-sensor   a sensor (trigger zone) named name: never blocks
//	name-noimp    ignored, with its children
//	name          drawn only
//
// Drawn meshes go to LevelData.Visual with their material's base color.
// Errors name the file and the part (node, mesh, accessor); a bad file
// never panics.
func LoadGLTF(path string) (components.LevelData, error) {
	src := filepath.Base(path)
	doc, err := gltf.Open(path)
	if err != nil {
		return components.LevelData{}, fmt.Errorf("%s: %w", src, err)
	}
	return buildGLTF(doc, src)
}

func buildGLTF(doc *gltf.Document, src string) (lv components.LevelData, err error) {
	// The decoder rejects buffer URIs outside the file's folder; a URL
	// (http:, file:) is refused too: a level reads only its own files.
	for i, b := range doc.Buffers {
		if b.URI != "" && !b.IsEmbeddedResource() && strings.Contains(b.URI, ":") {
			return lv, fmt.Errorf("%s: buffer %d: URI %q is not a file next to the level", src, i, b.URI)
		}
	}
	b := &gltfBuilder{doc: doc, src: src, w: kcc.NewWorld(), onPath: make([]bool, len(doc.Nodes))}
	lv.World = b.w
	var roots []int
	if len(doc.Scenes) > 0 {
		s := 0
		if doc.Scene != nil {
			s = *doc.Scene
		}
		if s < 0 || s >= len(doc.Scenes) {
			return lv, fmt.Errorf("%s: scene %d: out of range (%d scenes)", src, s, len(doc.Scenes))
		}
		roots = doc.Scenes[s].Nodes
	} else {
		child := make([]bool, len(doc.Nodes))
		for _, n := range doc.Nodes {
			for _, c := range n.Children {
				if c >= 0 && c < len(child) {
					child[c] = true
				}
			}
		}
		for i := range doc.Nodes {
			if !child[i] {
				roots = append(roots, i)
			}
		}
	}
	for _, r := range roots {
		if err := b.walk(r, identity4()); err != nil {
			return lv, err
		}
	}
	lv.Visual = b.visual
	lv.SensorNames, lv.Sensors = b.sensorNames, b.sensors
	lv.Spawns = b.spawns
	if len(b.platforms) > 0 || len(b.doors) > 0 {
		spec := LevelSpec{Platforms: b.platforms, Doors: b.doors}
		if err := spec.buildLiving(src, &lv); err != nil {
			return lv, err
		}
	}
	lv.KillY = DefaultKillY(b.w)
	return lv, nil
}

type gltfBuilder struct {
	doc         *gltf.Document
	src         string
	w           *kcc.World
	onPath      []bool
	triangles   int
	visual      []components.VisualTriangle
	sensorNames map[string]kcc.ColliderID
	sensors     *kcc.SensorTracker
	pos         [][3]float32
	idx         []uint32
	platforms   []PlatformSpec
	doors       []DoorSpec
	spawns      []components.SpawnPoint
}

// nodeExtras are the glTF extras a node may carry (Blender exports an
// object's custom properties as them): a moving platform, collision
// layers.
type nodeExtras struct {
	// Platform makes a box-shaped colliding node a moving platform:
	// waypoints as a flat list of x, y, z in meters (world, Y up; none:
	// it stays where it is, e.g. a turntable), speed (m/s), wait (s at
	// each waypoint), loop, spin_deg (degrees per second about X, Y, Z).
	Platform *struct {
		Waypoints []float64 `json:"waypoints"`
		Speed     float64   `json:"speed"`
		Wait      []float64 `json:"wait"`
		Loop      bool      `json:"loop"`
		SpinDeg   []float64 `json:"spin_deg"`
	} `json:"platform"`
	// Door makes a box-shaped colliding node a door: open is its
	// displacement when open (m), speed (m/s), and either sensor (the name
	// of a -sensor node: open while someone is in it) or closed_s/open_s
	// (a schedule).
	Door *struct {
		Open      []float64 `json:"open"`
		Speed     float64   `json:"speed"`
		Sensor    string    `json:"sensor"`
		ClosedFor float64   `json:"closed_s"`
		OpenFor   float64   `json:"open_s"`
	} `json:"door"`
	// Spawn marks a node (an empty, say) as a spawn point: its position,
	// and its facing as a yaw from its rotation (components.SpawnPoint).
	Spawn jsonFlag `json:"spawn"`
	// Layer and Mask are the collider's collision layers (0: defaults).
	Layer uint32 `json:"layer"`
	Mask  uint32 `json:"mask"`
}

// jsonFlag is a JSON boolean that also accepts a number (Blender writes a
// boolean custom property as 0 or 1).
type jsonFlag bool

func (f *jsonFlag) UnmarshalJSON(data []byte) error {
	var b bool
	if err := json.Unmarshal(data, &b); err == nil {
		*f = jsonFlag(b)
		return nil
	}
	var n float64
	if err := json.Unmarshal(data, &n); err != nil {
		return fmt.Errorf("want true, false, 0 or 1, got %s", data)
	}
	*f = n != 0
	return nil
}

func (b *gltfBuilder) extras(i int) (nodeExtras, error) {
	var x nodeExtras
	raw := b.doc.Nodes[i].Extras
	if raw == nil {
		return x, nil
	}
	data, err := json.Marshal(raw)
	if err == nil {
		err = json.Unmarshal(data, &x)
	}
	if err != nil {
		return x, fmt.Errorf("%s: node %d (%q) extras: %v", b.src, i, b.doc.Nodes[i].Name, err)
	}
	return x, nil
}

// walk adds node i and its children under the parent transform.
func (b *gltfBuilder) walk(i int, parent mat4) error {
	if i < 0 || i >= len(b.doc.Nodes) {
		return fmt.Errorf("%s: node %d: out of range (%d nodes)", b.src, i, len(b.doc.Nodes))
	}
	if b.onPath[i] {
		return fmt.Errorf("%s: node %d (%q): the node graph has a cycle", b.src, i, b.doc.Nodes[i].Name)
	}
	b.onPath[i] = true
	defer func() { b.onPath[i] = false }()
	n := b.doc.Nodes[i]
	name, role := nodeRole(n.Name)
	if role == "noimp" {
		return nil
	}
	m := parent.mul(localMatrix(n))
	if !m.finite() {
		return fmt.Errorf("%s: node %d (%q): transform is not finite", b.src, i, n.Name)
	}
	if x, err := b.extras(i); err != nil {
		return err
	} else if x.Spawn {
		// Facing: the node's -Z axis (glTF's forward) on the ground plane,
		// as a yaw (0 along +X, growing toward +Z).
		fx, fz := -m[8], -m[10]
		b.spawns = append(b.spawns, components.SpawnPoint{Name: name,
			Position: m.point(mgl64.Vec3{}), Yaw: detmath.Atan2(fz, fx)})
	}
	if n.Mesh != nil {
		if err := b.mesh(i, name, role, *n.Mesh, m); err != nil {
			return err
		}
	}
	for _, c := range n.Children {
		if err := b.walk(c, m); err != nil {
			return err
		}
	}
	return nil
}

// nodeRole splits a node name into its base name and import role.
func nodeRole(name string) (base, role string) {
	for _, r := range [...]string{"colonly", "col", "sensor", "noimp"} {
		if s := "-" + r; strings.HasSuffix(name, s) {
			return strings.TrimSuffix(name, s), r
		}
	}
	return name, ""
}

// mesh adds the triangles of mesh mi of node i.
func (b *gltfBuilder) mesh(i int, name, role string, mi int, m mat4) error {
	doc := b.doc
	if mi < 0 || mi >= len(doc.Meshes) {
		return fmt.Errorf("%s: node %d (%q): mesh %d out of range (%d meshes)", b.src, i, doc.Nodes[i].Name, mi, len(doc.Meshes))
	}
	var nm nodeMesh
	for pi, p := range doc.Meshes[mi].Primitives {
		if p.Mode != gltf.PrimitiveTriangles {
			continue // points and lines are not surfaces
		}
		where := fmt.Sprintf("%s: node %d (%q) mesh %d primitive %d", b.src, i, doc.Nodes[i].Name, mi, pi)
		if err := b.primitive(&nm, p, m, where); err != nil {
			return err
		}
	}
	if len(nm.idx) == 0 {
		return nil
	}
	x, err := b.extras(i)
	if err != nil {
		return err
	}
	moving := (x.Platform != nil || x.Door != nil) && role != "" && role != "sensor"
	if (role == "col" || role == "") && !moving {
		// (A moving platform is drawn from its collider, which moves.)
		for k := 0; k+2 < len(nm.idx); k += 3 {
			b.visual = append(b.visual, components.VisualTriangle{A: nm.verts[nm.idx[k]], B: nm.verts[nm.idx[k+1]], C: nm.verts[nm.idx[k+2]], Color: nm.colors[k/3]})
		}
	}
	if role == "" {
		return nil
	}
	return b.collider(i, name, role, &nm, m, x)
}

// nodeMesh is a node's triangles gathered from its mesh's primitives: the
// vertices (placed by the node's transform, and as the file has them, for
// box detection), the indices and each triangle's colour.
type nodeMesh struct {
	verts  []mgl64.Vec3
	idx    []uint32
	local  [][3]float32
	colors [][4]float32
}

// primitive reads a triangle primitive into nm: its positions (placed by
// m) and indices, bounded and checked (where names it in errors).
func (b *gltfBuilder) primitive(nm *nodeMesh, p *gltf.Primitive, m mat4, where string) error {
	doc := b.doc
	ai, ok := p.Attributes[gltf.POSITION]
	if !ok {
		return fmt.Errorf("%s: no POSITION", where)
	}
	if ai < 0 || ai >= len(doc.Accessors) {
		return fmt.Errorf("%s: POSITION accessor %d out of range", where, ai)
	}
	// Bound the size before reading anything: a file may claim any count.
	count := doc.Accessors[ai].Count
	if p.Indices != nil && *p.Indices >= 0 && *p.Indices < len(doc.Accessors) {
		count = doc.Accessors[*p.Indices].Count
	}
	if b.triangles+count/3 > MaxGLTFTriangles {
		return fmt.Errorf("%s: more than %d triangles in the level", where, MaxGLTFTriangles)
	}
	pos, err := readSafe(func() ([][3]float32, error) { return modeler.ReadPosition(doc, doc.Accessors[ai], b.pos[:0]) })
	if err != nil {
		return fmt.Errorf("%s: POSITION accessor %d: %v", where, ai, err)
	}
	b.pos = pos
	ind, err := b.indices(p, len(pos), where)
	if err != nil {
		return err
	}
	b.triangles += len(ind) / 3
	if b.triangles > MaxGLTFTriangles {
		return fmt.Errorf("%s: more than %d triangles in the level", where, MaxGLTFTriangles)
	}
	base := uint32(len(nm.verts))
	for k, v := range pos {
		for _, c := range v {
			if c != c || math.IsInf(float64(c), 0) {
				return fmt.Errorf("%s: vertex %d is not finite (%v)", where, k, v)
			}
		}
		nm.local = append(nm.local, v)
		nm.verts = append(nm.verts, m.point(mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}))
	}
	col := b.baseColor(p.Material)
	for k, ix := range ind {
		if int(ix) >= len(pos) {
			return fmt.Errorf("%s: index %d (%d) out of range (%d vertices)", where, k, ix, len(pos))
		}
		nm.idx = append(nm.idx, base+ix)
	}
	for k := 0; k < len(ind)/3; k++ {
		nm.colors = append(nm.colors, col)
	}
	return nil
}

// indices reads primitive p's indices (0, 1, 2 ... for n vertices when it
// has none), a whole number of triangles.
func (b *gltfBuilder) indices(p *gltf.Primitive, n int, where string) ([]uint32, error) {
	doc := b.doc
	var ind []uint32
	if p.Indices != nil {
		ii := *p.Indices
		if ii < 0 || ii >= len(doc.Accessors) {
			return nil, fmt.Errorf("%s: indices accessor %d out of range", where, ii)
		}
		var err error
		ind, err = readSafe(func() ([]uint32, error) { return modeler.ReadIndices(doc, doc.Accessors[ii], b.idx[:0]) })
		if err != nil {
			return nil, fmt.Errorf("%s: indices accessor %d: %v", where, ii, err)
		}
	} else {
		ind = b.idx[:0]
		for k := 0; k < n; k++ {
			ind = append(ind, uint32(k))
		}
	}
	b.idx = ind
	if len(ind)%3 != 0 {
		return nil, fmt.Errorf("%s: %d indices is not a whole number of triangles", where, len(ind))
	}
	return ind, nil
}

// collider makes node i's colliding mesh nm (role "col", "colonly" or
// "sensor"): a door or a moving platform when its extras say so, else a
// box when it is box-shaped, else a triangle mesh; on its layers, and a
// sensor by name.
func (b *gltfBuilder) collider(i int, name, role string, nm *nodeMesh, m mat4, x nodeExtras) error {
	var id kcc.ColliderID
	added := false
	if c, h, ok := localBox(nm.local); ok {
		if centre, half, rot, ok := m.box(c, h); ok {
			if role != "sensor" && (x.Door != nil || x.Platform != nil) {
				return b.movingBox(i, x, centre, half, rot)
			}
			id, added = b.w.AddBox(centre, half, rot), true
		}
	}
	if !added {
		mid, err := b.w.AddTriMesh(nm.verts, nm.idx)
		if err != nil {
			return fmt.Errorf("%s: node %d (%q): %v", b.src, i, b.doc.Nodes[i].Name, err)
		}
		id = mid
	}
	if x.Layer != 0 || x.Mask != 0 {
		b.w.SetCollisionLayers(id, orDefault(x.Layer, kcc.DefaultLayer), orDefault(x.Mask, kcc.AllLayers))
	}
	if role == "sensor" {
		b.w.SetSensor(id, true)
		if b.sensorNames == nil {
			b.sensorNames = map[string]kcc.ColliderID{}
			b.sensors = &kcc.SensorTracker{}
		}
		if _, dup := b.sensorNames[name]; dup {
			return fmt.Errorf("%s: node %d: sensor name %q is used twice", b.src, i, name)
		}
		b.sensorNames[name] = id
	}
	return nil
}

// movingBox records node i's box (centre, half extents, rotation) as the
// door or the moving platform its extras make it: the living part builds
// and moves it.
func (b *gltfBuilder) movingBox(i int, x nodeExtras, centre, half mgl64.Vec3, rot mgl64.Quat) error {
	if d := x.Door; d != nil {
		ds := DoorSpec{Center: [3]float64(centre), Half: [3]float64(half), Speed: d.Speed,
			Sensor: d.Sensor, ClosedFor: d.ClosedFor, OpenFor: d.OpenFor, rot: &rot}
		if len(d.Open) != 3 {
			return fmt.Errorf("%s: node %d (%q) extras: door open is an x, y, z triple", b.src, i, b.doc.Nodes[i].Name)
		}
		copy(ds.Open[:], d.Open)
		b.doors = append(b.doors, ds)
		return nil
	}
	p := x.Platform
	ps := PlatformSpec{Half: [3]float64(half), Speed: p.Speed, Wait: p.Wait, Loop: p.Loop,
		Layer: x.Layer, rot: &rot}
	if len(p.Waypoints)%3 != 0 || len(p.SpinDeg)%3 != 0 || len(p.SpinDeg) > 3 {
		return fmt.Errorf("%s: node %d (%q) extras: platform waypoints and spin_deg are x, y, z triples", b.src, i, b.doc.Nodes[i].Name)
	}
	for k := 0; k+2 < len(p.Waypoints); k += 3 {
		ps.Waypoints = append(ps.Waypoints, [3]float64{p.Waypoints[k], p.Waypoints[k+1], p.Waypoints[k+2]})
	}
	if len(ps.Waypoints) == 0 {
		ps.Waypoints = [][3]float64{[3]float64(centre)}
	}
	copy(ps.SpinDeg[:], p.SpinDeg)
	b.platforms = append(b.platforms, ps)
	return nil
}

// readSafe runs a modeler read, turning a panic on a malformed accessor
// (the library indexes buffers it trusts) into an error.
func readSafe[T any](f func() (T, error)) (v T, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("malformed data: %v", r)
		}
	}()
	return f()
}

func (b *gltfBuilder) baseColor(mi *int) [4]float32 {
	c := [4]float32{0.8, 0.8, 0.8, 1}
	if mi == nil || *mi < 0 || *mi >= len(b.doc.Materials) {
		return c
	}
	if pbr := b.doc.Materials[*mi].PBRMetallicRoughness; pbr != nil && pbr.BaseColorFactor != nil {
		f := *pbr.BaseColorFactor
		for k := range c {
			c[k] = float32(math.Max(0, math.Min(1, f[k])))
		}
	}
	return c
}

// localBox reports whether the vertices are exactly the corners of an
// axis-aligned box (any number of copies of its 8 corners), with its
// centre and half extents.
func localBox(vs [][3]float32) (centre, half mgl64.Vec3, ok bool) {
	if len(vs) < 8 {
		return
	}
	lo := [3]float32{vs[0][0], vs[0][1], vs[0][2]}
	hi := lo
	for _, v := range vs {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(lo[k], v[k]), max(hi[k], v[k])
		}
	}
	var seen [8]bool
	for _, v := range vs {
		corner := 0
		for k := 0; k < 3; k++ {
			switch v[k] {
			case lo[k]:
			case hi[k]:
				corner |= 1 << k
			default:
				return
			}
		}
		seen[corner] = true
	}
	for _, s := range seen {
		if !s {
			return
		}
	}
	for k := 0; k < 3; k++ {
		centre[k] = (float64(lo[k]) + float64(hi[k])) / 2
		half[k] = (float64(hi[k]) - float64(lo[k])) / 2
		if !(half[k] > 0) {
			return mgl64.Vec3{}, mgl64.Vec3{}, false
		}
	}
	return centre, half, true
}
