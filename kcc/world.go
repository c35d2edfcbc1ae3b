package kcc

import (
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/detmath"
)

// ColliderID identifies a collider in a World: the index in the order the
// colliders were added, starting at 0. Collisions and hits report it.
type ColliderID int32

// NoCollider is the ColliderID of "no collider".
const NoCollider ColliderID = -1

type colliderKind uint8

const (
	kindBox colliderKind = iota
	kindMesh
	kindHeightfield
	kindCapsule
)

// collider is one static shape. Boxes and meshes keep world-space triangles
// (a mesh also a BVH over them); a heightfield generates its triangles from
// the height grid on demand.
type collider struct {
	// The fields every query reads of a candidate come first, in the
	// collider's first 64 bytes: its kind, flags, layers and box (a crowd's
	// queries read thousands of colliders a tick, each from another cache
	// line). The capsule's segment follows, in the next 64 bytes.
	kind colliderKind
	// removed marks an ID freed by RemoveCollider (the collider is empty).
	removed bool
	// sensor marks a collider that never blocks and is reported by the
	// sensor queries; capsuleEmpty marks a capsule added with invalid
	// input.
	sensor, capsuleEmpty bool
	// layer and mask are the collision layers (filter.go).
	layer, mask uint32
	box         aabb
	// capsule is a capsule collider's shape (capsule.go).
	capsule capsuleShape
	// What placing a collider (SetTransform) reads and writes follows,
	// in the next lines: a crowd places thousands of capsules a tick.
	// pose is where the collider is now, prev where it was at the last
	// Step (dynamic.go).
	pose, prev pose
	// pendingRefit is set while the collider is in World.moved.
	pendingRefit bool
	// moved marks a box or a mesh placed by SetTransform or Step: a
	// box's tris then holds its triangles as added (appendBoxTris
	// rebuilds the current ones), a mesh's local does.
	moved bool
	// A capsule's place in the capsule grid (crowd.go): its bound (a box
	// holding it) and its index in the grid's list.
	bound aabb
	item  int32

	tris []tri
	tbox []aabb // bounds of tris
	bvh  bvh
	hf   heightfield
	ob   obb // boxes: the analytic shape (tris are kept for ray casts)
	// local keeps a moved mesh's triangles as added.
	local []tri

	// lin and ang are a kinematic collider's velocities (Step advances it).
	lin, ang  vec
	kinematic bool
	// surf is a conveyor's surface velocity (SetSurfaceVelocity): the
	// collider stays put, what stands on it is carried.
	surf vec

	// The padding makes the size a multiple of 64 bytes, so every collider of the
	// World's slice starts on a cache line (TestColliderLayout).
	_ [colliderPad]byte
}

type heightfield struct {
	origin     vec
	cell       float64
	cols, rows int
	h          []float64
	holes      bool    // some heights are NaN: gather skips the triangles using them
	lo, hi     float64 // lowest and highest finite sample
	// pose places the grid when posed (SetTransform); queries then work in
	// the grid's frame and place the triangles they generate.
	pose  pose
	posed bool
}

// World is a collision world: boxes, triangle meshes and heightfields under
// a bounding-volume hierarchy; colliders can be moved (SetTransform,
// SetVelocity with Step), removed, put on layers and made sensors. Adding a collider is O(1) (a mesh also
// builds its own triangle hierarchy); the first query after additions
// rebuilds the top-level hierarchy once, O(n log n) in the collider count.
// Any number of goroutines may query a World at once (the rebuild is
// synchronized), but nobody may add colliders while queries run. A World
// must not be copied after first use.
type World struct {
	colliders []collider
	top       bvh
	// dirty is set when colliders were added since top was built; the
	// first query rebuilds top under mu (double-checked), so adding n
	// colliders costs one O(n log n) build, not n of them.
	dirty atomic.Bool
	mu    sync.Mutex
	pool  sync.Pool // *scratch for the World's own query methods
	// bruteForce makes gather scan every triangle instead of using the
	// hierarchies; only benchmarks set it, as a baseline.
	bruteForce bool
	// noSweepFilter turns the casts' sweep filter off (tests compare the
	// filtered broad phase with the plain one).
	noSweepFilter bool
	// refit is set when colliders moved since top was refitted (the next
	// query refits it under mu, like the rebuild).
	refit atomic.Bool
	// moved lists the colliders whose bounds changed since the last refit
	// (each once: collider.pendingRefit).
	moved []int32
	// conveyors counts the colliders with a surface velocity.
	conveyors int
	// lastDt is the dt of the last Step (PointVelocity of colliders moved
	// by SetTransform).
	lastDt float64
	// gen counts the changes of what queries see: colliders added, moved,
	// reshaped, removed, put on other layers or made sensors (a
	// ContactCache is valid for one generation). Capsule colliders do
	// not count: they move all the time, and a ContactCache asks for
	// their contacts afresh.
	gen uint64

	// The capsule colliders, in a grid of their own (crowd.go): caps
	// lists their IDs (removed ones until the next build), capsDirty asks
	// the next query made without a crowd's view to rebuild the grid.
	caps      []int32
	grid      capsuleGrid
	capsDirty atomic.Bool
}

// Generation counts the changes of what queries see other than the
// characters' capsules: colliders added, moved (SetTransform, Step),
// reshaped, removed, put on other layers or made sensors. While it stays
// the same, whatever a caller derived from the world's colliders (their
// bounds, say) still holds. It is not safe to call during a Step or
// while another goroutine changes the world.
func (w *World) Generation() uint64 { return w.gen }

// NewWorld returns an empty World.
func NewWorld() *World {
	return &World{}
}

// NumColliders returns how many colliders were added (removed ones
// included: IDs are not reused).
func (w *World) NumColliders() int { return len(w.colliders) }

func (w *World) add(c collider) ColliderID {
	if c.pose.rot == (mgl64.Quat{}) {
		c.pose.rot = mgl64.QuatIdent()
	}
	c.prev = c.pose
	c.layer, c.mask = DefaultLayer, AllLayers
	w.colliders = append(w.colliders, c)
	w.dirty.Store(true)
	w.gen++
	return ColliderID(len(w.colliders) - 1)
}

// index rebuilds the top-level hierarchy if colliders were added since
// the last build, and the capsule grid if a capsule left its bound, unless
// the query (scratch s) is made for a planned crowd's member: the plan's
// moves may run on several goroutines, and the grid stays as planned for
// them. Concurrent queries are safe: one rebuilds, the others wait for it.
func (w *World) index(s *scratch) {
	caps := w.capsDirty.Load() && (s == nil || s.crowd.plan == nil)
	if !w.dirty.Load() && !w.refit.Load() && !caps {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if caps && w.capsDirty.Load() {
		w.buildCapsuleGrid(true, nil)
	}
	if !w.dirty.Load() {
		if w.refit.Load() {
			// A few movers: walk their paths up; many: one pass over all.
			if len(w.moved) > len(w.colliders)/8 {
				w.top.refit()
			} else {
				for _, id := range w.moved {
					w.top.refitItem(id)
				}
			}
			w.clearMoved()
			w.refit.Store(false)
		}
		return
	}
	w.clearMoved()
	w.refit.Store(false)
	boxes := make([]aabb, len(w.colliders))
	for i := range w.colliders {
		boxes[i] = w.colliders[i].box
		if w.colliders[i].kind == kindCapsule {
			boxes[i] = emptyAABB() // in the capsule grid instead
		}
	}
	w.top = buildBVH(boxes)
	w.dirty.Store(false)
}

// AddBox adds an oriented box with the given centre, half extents and
// rotation. A zero Quat (all components 0) means identity; any other
// rotation is normalized. Negative half extents are taken by absolute value;
// a zero half extent gives a flat (two-sided) rectangle. If any input is NaN
// or infinite the box is recorded empty: it gets an ID but collides with
// nothing.
func (w *World) AddBox(center, halfExtents mgl64.Vec3, rot mgl64.Quat) ColliderID {
	q := rot
	if q.W == 0 && q.V == (vec{}) {
		q = mgl64.QuatIdent()
	}
	ok := finiteVec(center) && finiteVec(halfExtents) && finite(q.W) && finiteVec(q.V)
	if ok {
		l := detmath.QuatLen(q)
		if !(l > 1e-12) || math.IsInf(l, 0) {
			ok = false
		} else {
			q = detmath.QuatScale(q, 1/l)
		}
	}
	if !ok {
		return w.add(collider{kind: kindBox, box: emptyAABB()})
	}
	h := vec{math.Abs(halfExtents[0]), math.Abs(halfExtents[1]), math.Abs(halfExtents[2])}
	id := ColliderID(len(w.colliders))
	tris, tbox, box, ob := boxGeometry(center, h, q, id, nil, nil)
	return w.add(collider{kind: kindBox, box: box, tris: tris, tbox: tbox, ob: ob, pose: pose{pos: center, rot: q}})
}

// boxGeometry builds a box's 12 triangles (appended to tris, their bounds
// to tbox), its bounds and its analytic shape.
func boxGeometry(center, h vec, q mgl64.Quat, id ColliderID, tris []tri, tbox []aabb) ([]tri, []aabb, aabb, obb) {
	n0 := len(tris)
	tris = boxTris(center, h, q, id, tris)
	ob := obb{c: center, h: h, id: id}
	ob.setAxes(q)
	box := emptyAABB()
	for i := n0; i < len(tris); i++ {
		tbox = append(tbox, tris[i].bounds())
		box = box.union(tbox[i-n0])
	}
	if len(tris) == n0 {
		box = emptyAABB()
	}
	return tris, tbox, box, ob
}

// boxTris appends the 12 outward-facing triangles of the box (centre,
// half extents h, rotation q) to out.
func boxTris(center, h vec, q mgl64.Quat, id ColliderID, out []tri) []tri {
	solid := h[0] > 0 && h[1] > 0 && h[2] > 0
	for axis := 0; axis < 3; axis++ {
		j, k := (axis+1)%3, (axis+2)%3
		for _, s := range [2]float64{1, -1} {
			var corners [4]vec
			signs := [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
			for ci, sg := range signs {
				var p vec
				p[axis] = float64(s * h[axis])
				p[j] = float64(sg[0] * h[j])
				p[k] = float64(sg[1] * h[k])
				corners[ci] = add(center, detmath.Rotate(q, p))
			}
			if s < 0 {
				corners[1], corners[3] = corners[3], corners[1]
			}
			for _, t := range [2][3]int{{0, 1, 2}, {0, 2, 3}} {
				if tr, ok := makeTri(corners[t[0]], corners[t[1]], corners[t[2]], id); ok {
					tr.backCull = solid
					out = append(out, tr)
				}
			}
		}
	}
	return out
}

// appendBoxTris appends a box collider's triangles: those kept since it
// was added, or, once it has moved (its triangles are not kept up to
// date: only rays and drawing need them), rebuilt from its pose.
func (c *collider) appendBoxTris(id ColliderID, out []tri) []tri {
	if !c.moved {
		return append(out, c.tris...)
	}
	f := c.pose.frame()
	for i := range c.local {
		out = append(out, placeTri(&c.local[i], &f))
	}
	return out
}

// makeTri builds a triangle with its unit normal; ok is false for
// degenerate (zero-area or non-finite) triangles.
func makeTri(a, b, c vec, id ColliderID) (tri, bool) {
	if !finiteVec(a) || !finiteVec(b) || !finiteVec(c) {
		return tri{}, false
	}
	n := cross(sub(b, a), sub(c, a))
	l := length(n)
	// Relative area test: a sliver whose area is ~0 compared with its edge
	// lengths has no reliable normal.
	e := max(dot(sub(b, a), sub(b, a)), max(dot(sub(c, a), sub(c, a)), dot(sub(c, b), sub(c, b))))
	if !(l > float64(1e-12*e)) || !(l > 1e-24) || math.IsInf(l, 0) {
		return tri{}, false
	}
	t := tri{a: a, b: b, c: c, n: scale(n, 1/l), id: id}
	t.en = [3]vec{cross(t.n, sub(b, a)), cross(t.n, sub(c, b)), cross(t.n, sub(a, c))}
	return t, true
}

// Errors returned by AddTriMesh and AddHeightfield.
var (
	ErrEmptyMesh      = errors.New("kcc: mesh has no triangles")
	ErrBadIndexCount  = errors.New("kcc: mesh index count is not a multiple of 3")
	ErrBadHeightfield = errors.New("kcc: invalid heightfield")
	ErrNonFiniteInput = errors.New("kcc: non-finite (NaN or Inf) input")
	// ErrDegenerateTri is wrapped by the error for a mesh none of whose
	// triangles is valid when at least one is degenerate (when all of them
	// have a non-finite vertex it is ErrNonFiniteInput). Single bad
	// triangles are skipped, not errors: see MeshReport.
	ErrDegenerateTri    = errors.New("kcc: degenerate (zero-area) triangle")
	ErrIndexOutOfRange  = errors.New("kcc: mesh index out of range")
	errTooManyColliders = errors.New("kcc: too many colliders")
)

// MeshReport says what AddTriMeshReport or AddHeightfieldReport kept of
// the input: bad triangles are skipped (they collide with nothing) instead
// of rejecting the whole mesh, so one broken face in an exported level does
// not remove the level's floor.
type MeshReport struct {
	// Triangles is the number of triangles kept.
	Triangles int
	// Degenerate counts the triangles skipped for zero (or relatively
	// negligible) area: repeated vertices, collinear vertices, slivers.
	Degenerate int
	// NonFinite counts the triangles skipped because a vertex (or, in a
	// heightfield, a height sample) is NaN or infinite.
	NonFinite int
	// FirstSkipped is the input index of the first skipped triangle (for a
	// heightfield 2*(row*(cols-1)+col)+k, k = 0 for the triangle (c,r),
	// (c,r+1), (c+1,r+1) and 1 for (c,r), (c+1,r+1), (c+1,r)), or -1.
	FirstSkipped int
}

// Skipped returns the number of triangles that were skipped.
func (r MeshReport) Skipped() int { return r.Degenerate + r.NonFinite }

func (r *MeshReport) skip(i int, nonFinite bool) {
	if r.Skipped() == 0 {
		r.FirstSkipped = i
	}
	if nonFinite {
		r.NonFinite++
	} else {
		r.Degenerate++
	}
}

// AddTriMesh is AddTriMeshReport without the report.
func (w *World) AddTriMesh(vertices []mgl64.Vec3, indices []uint32) (ColliderID, error) {
	id, _, err := w.AddTriMeshReport(vertices, indices)
	return id, err
}

// AddTriMeshReport adds a static triangle mesh (indices are triples into
// vertices; both windings collide, triangles are two-sided) and reports
// what it kept. A triangle with a NaN or infinite vertex, or with zero
// area (a repeated index, collinear vertices), is skipped and counted in
// the report. It returns an error, and adds nothing, when there are no
// indices, the index count is not a multiple of 3, an index is out of
// range, or no triangle is valid. The mesh gets its own BVH over its
// triangles.
func (w *World) AddTriMeshReport(vertices []mgl64.Vec3, indices []uint32) (ColliderID, MeshReport, error) {
	rep := MeshReport{FirstSkipped: -1}
	if len(indices) == 0 {
		return NoCollider, rep, ErrEmptyMesh
	}
	if len(indices)%3 != 0 {
		return NoCollider, rep, ErrBadIndexCount
	}
	if len(w.colliders) >= math.MaxInt32-1 {
		return NoCollider, rep, errTooManyColliders
	}
	id := ColliderID(len(w.colliders))
	tris := make([]tri, 0, len(indices)/3)
	boxes := make([]aabb, 0, len(indices)/3)
	box := emptyAABB()
	for i := 0; i < len(indices); i += 3 {
		var v [3]vec
		nonFinite := false
		for k := 0; k < 3; k++ {
			ix := indices[i+k]
			if int64(ix) >= int64(len(vertices)) {
				return NoCollider, MeshReport{FirstSkipped: -1}, fmt.Errorf("%w: triangle %d index %d >= %d vertices", ErrIndexOutOfRange, i/3, ix, len(vertices))
			}
			v[k] = vertices[ix]
			nonFinite = nonFinite || !finiteVec(v[k])
		}
		if nonFinite {
			rep.skip(i/3, true)
			continue
		}
		t, ok := makeTri(v[0], v[1], v[2], id)
		if !ok {
			rep.skip(i/3, false)
			continue
		}
		tris = append(tris, t)
		b := t.bounds()
		boxes = append(boxes, b)
		box = box.union(b)
	}
	rep.Triangles = len(tris)
	if len(tris) == 0 {
		cause := ErrDegenerateTri
		if rep.Degenerate == 0 {
			cause = ErrNonFiniteInput
		}
		return NoCollider, rep, fmt.Errorf("%w: none of the %d triangles is valid (%d degenerate, %d non-finite)", cause, len(indices)/3, rep.Degenerate, rep.NonFinite)
	}
	return w.add(collider{kind: kindMesh, box: box, tris: tris, tbox: boxes, bvh: buildBVH(boxes)}), rep, nil
}

// AddHeightfield is AddHeightfieldReport without the report.
func (w *World) AddHeightfield(origin mgl64.Vec3, cellSize float64, cols, rows int, heights []float64) (ColliderID, error) {
	id, _, err := w.AddHeightfieldReport(origin, cellSize, cols, rows, heights)
	return id, err
}

// AddHeightfieldReport adds a height grid of cols x rows samples and
// reports what it kept. Sample (c, r) is at origin + (c*cellSize,
// heights[r*cols+c], r*cellSize): columns run along +X, rows along +Z,
// heights along +Y (world up). Each grid cell is two triangles split along
// the diagonal from (c, r) to (c+1, r+1). A NaN or infinite height makes a
// hole: the triangles using that sample are skipped (counted as NonFinite
// in the report). It returns an error when cols or rows < 2, len(heights)
// != cols*rows, cellSize is not positive and finite, origin is NaN or
// infinite, or no triangle is left.
func (w *World) AddHeightfieldReport(origin mgl64.Vec3, cellSize float64, cols, rows int, heights []float64) (ColliderID, MeshReport, error) {
	rep := MeshReport{FirstSkipped: -1}
	if cols < 2 || rows < 2 || cols > 1<<20 || rows > 1<<20 || len(heights) != cols*rows {
		return NoCollider, rep, fmt.Errorf("%w: %dx%d samples with %d heights", ErrBadHeightfield, cols, rows, len(heights))
	}
	if !(cellSize > 0) || math.IsInf(cellSize, 0) {
		return NoCollider, rep, fmt.Errorf("%w: cell size %v", ErrBadHeightfield, cellSize)
	}
	if !finiteVec(origin) {
		return NoCollider, rep, fmt.Errorf("%w: origin", ErrNonFiniteInput)
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	holes := false
	for _, h := range heights {
		if !finite(h) {
			holes = true
			continue
		}
		lo = min(lo, h)
		hi = max(hi, h)
	}
	hs := append([]float64(nil), heights...)
	if holes {
		// Mark every non-finite sample NaN (gather tests for it) and count
		// the triangles that use one.
		for i, h := range hs {
			if !finite(h) {
				hs[i] = math.NaN()
			}
		}
		for r := 0; r+1 < rows; r++ {
			for c := 0; c+1 < cols; c++ {
				h00, h10 := hs[r*cols+c], hs[r*cols+c+1]
				h01, h11 := hs[(r+1)*cols+c], hs[(r+1)*cols+c+1]
				cell := 2 * (r*(cols-1) + c)
				if math.IsNaN(h00 + h01 + h11) {
					rep.skip(cell, true)
				}
				if math.IsNaN(h00 + h11 + h10) {
					rep.skip(cell+1, true)
				}
			}
		}
	}
	rep.Triangles = 2*(cols-1)*(rows-1) - rep.NonFinite
	if rep.Triangles == 0 {
		return NoCollider, rep, fmt.Errorf("%w: every triangle of the heightfield has a non-finite height", ErrNonFiniteInput)
	}
	box := aabb{
		min: vec{origin[0], origin[1] + lo, origin[2]},
		max: vec{origin[0] + float64(float64(cols-1)*cellSize), origin[1] + hi, origin[2] + float64(float64(rows-1)*cellSize)},
	}
	return w.add(collider{kind: kindHeightfield, box: box, hf: heightfield{origin: origin, cell: cellSize, cols: cols, rows: rows, h: hs, holes: holes, lo: lo, hi: hi}}), rep, nil
}

// scratch holds the reusable buffers of one querier (a Controller or a
// pooled World query).
type scratch struct {
	// boxRes is contactsOf's segment-box result.
	boxRes   boxResult
	cast     *castScratch // allocated by the first cast (castBufs)
	top, sub []int32
	tris     []tri
	contacts []Contact
	cands    []castCand
	heap     []int32     // positions in cands, a binary min-heap (see nextCand)
	sweep    sweepFilter // set by castCapsule during its gather
	boxes    []*obb
	hf       []tri           // a cast's generated heightfield triangles, before culling
	boxTmp   []*obb          // the brute-force cast's boxes, before judging
	caps     []*capsuleShape // capsule colliders gathered (other characters)
	// mask and filter select the colliders the queries see (filter.go);
	// mask is never 0 (AllLayers when unfiltered).
	mask   uint32
	filter *QueryFilter
	// ignore lists the colliders a contact listener dropped for the rest
	// of a Move (listener.go).
	ignore []ColliderID
	// cells is a Controller's heightfield cell cache (cellcache.go),
	// in use while cellsOn (during a Move).
	cells   *cellCache
	cellsOn bool
	noCells bool // tests: build every cell every time
	// cache is the ContactCache of the Move under way (MoveOptions.Cache),
	// nil otherwise: its contacts (cached, remember) and its colliders
	// nearby (topQuery).
	cache *ContactCache
	// crowd is what the querier sees of a planned crowd, set for the
	// length of a Move or a filtered query (crowd.go).
	crowd crowdView
	// noCaps leaves the capsule colliders out of the queries
	// (rawContactsOf asks for theirs separately).
	noCaps bool
	// box is set for the length of a Move (CarryWith, OverlapsWith) of a
	// box character (Capsule.Box): the casts and contact queries answer
	// for the box around the capsule they are given, in the frame boxAx
	// (box.go), which is the world axes when boxAligned.
	box        bool
	boxAligned bool
	boxAx      [3]vec
}

// castScratch is a cast's working state, kept between casts so a cast
// fills it in place: its sweep, castShape's result and moved segment.
// It is allocated on first use, so controllers that never cast (a
// character's own controller while the pipeline moves it with a shared
// one) do not carry it.
type castScratch struct {
	sweep castSweep
	res   boxResult
	seg   [2]vec
	// The box character's casts and contacts (box.go): the box, its
	// separating-axis test, the box as a collider, the reversed motion
	// and the closest points at the start of a capsule's cast.
	box  charBox
	sat  satState
	obb  obb
	negV vec
	res0 boxResult
}

// castBufs returns the scratch's cast state, allocating it once.
func (s *scratch) castBufs() *castScratch {
	if s.cast == nil {
		s.cast = new(castScratch)
	}
	return s.cast
}

// addCand records a cast candidate whose first Newton step s0 is known.
// Candidates are ordered by pushCand/nextCand as a binary heap: a cast
// pops only the candidates whose first step
// comes before its earliest hit so far, so a long move over many triangles
// does not pay for a full sort (the insertion sort this replaces was
// O(n^2): 0.55 s for a 50 m move over a 100k-triangle mesh).
func (s *scratch) addCand(idx int32, s0 float64, res *boxResult) {
	s.cands = append(s.cands, castCand{idx: idx, s0: s0, res: *res, exact: true})
}

// candBefore is the candidates' order: by first Newton step, ties in the
// order they were added (triangles, then boxes), which keeps results bit
// for bit those of the former stable sort.
func (s *scratch) candBefore(a, b int32) bool {
	ca, cb := &s.cands[a], &s.cands[b]
	if ca.s0 != cb.s0 {
		return ca.s0 < cb.s0
	}
	return a < b
}

// nextCand pops the earliest remaining candidate and returns its position
// in s.cands; ok is false when none is left.
func (s *scratch) nextCand() (pos int32, ok bool) {
	n := len(s.heap)
	if n == 0 {
		return 0, false
	}
	top := s.heap[0]
	s.heap[0] = s.heap[n-1]
	s.heap = s.heap[:n-1]
	s.siftDown(0)
	return top, true
}

// pushCand puts the candidate at pos back into the heap (after its key
// was refined).
func (s *scratch) pushCand(pos int32) {
	s.heap = append(s.heap, pos)
	h := s.heap
	for i := len(h) - 1; i > 0; {
		up := (i - 1) / 2
		if !s.candBefore(h[i], h[up]) {
			break
		}
		h[i], h[up] = h[up], h[i]
		i = up
	}
}

func (s *scratch) siftDown(i int) {
	h := s.heap
	for {
		l := 2*i + 1
		if l >= len(h) {
			return
		}
		m := l
		if r := l + 1; r < len(h) && s.candBefore(h[r], h[l]) {
			m = r
		}
		if !s.candBefore(h[m], h[i]) {
			return
		}
		h[i], h[m] = h[m], h[i]
		i = m
	}
}

// castCand is a cast candidate (triangle idx, or box -idx-1) with its
// first Newton step s0 and the closest points res at the start (exact), or
// only a lower bound of s0 (not exact, res unset).
type castCand struct {
	idx   int32
	s0    float64
	res   boxResult
	exact bool
}

func (w *World) getScratch() *scratch {
	if s, ok := w.pool.Get().(*scratch); ok {
		return s
	}
	s := &scratch{}
	s.setFilter(0, nil)
	return s
}

// gather collects into s.tris every triangle whose box overlaps q, and
// into s.boxes every box collider whose bounds overlap q (as analytic boxes;
// with boxTris, boxes are returned as their triangles instead).
func (w *World) gather(q *aabb, s *scratch, boxTris bool) []tri {
	s.tris = s.tris[:0]
	s.boxes = s.boxes[:0]
	s.caps = s.caps[:0]
	if w == nil {
		return s.tris
	}
	if w.bruteForce {
		return w.gatherAll(*q, s, boxTris)
	}
	w.index(s)
	f := &s.sweep
	s.top = w.topQuery(s, q, f)
	for _, ci := range s.top {
		c := &w.colliders[ci]
		if !s.admits(c, ci) {
			continue
		}
		switch c.kind {
		case kindBox:
			if !boxTris {
				s.boxes = append(s.boxes, &c.ob)
				continue
			}
			if c.moved {
				s.tris = c.appendBoxTris(ColliderID(ci), s.tris)
				continue
			}
			for i := range c.tris {
				if c.tbox[i].overlaps(q) && f.meets(&c.tbox[i]) {
					s.tris = append(s.tris, c.tris[i])
				}
			}
		case kindMesh:
			s.sub = c.bvh.query(q, f, s.sub[:0])
			for _, ti := range s.sub {
				s.tris = append(s.tris, c.tris[ti])
			}
		case kindHeightfield:
			s.tris = c.hf.gather(*q, f, ColliderID(ci), s.tris, s.cellCache())
		case kindCapsule:
			if !c.capsuleEmpty {
				s.caps = append(s.caps, &c.capsule)
			}
		}
	}
	return s.tris
}

func (h *heightfield) gather(q aabb, f *sweepFilter, id ColliderID, out []tri, cache *cellCache) []tri {
	if h.posed {
		// Work in the grid's frame: the query box becomes the box around
		// its corners there; the sweep filter, set in world axes, is left
		// out (only fewer cells would be visited).
		q = transformBox(q, h.pose.inverse)
		f = &sweepFilter{}
	}
	c0 := cellIndex((q.min[0]-h.origin[0])/h.cell, h.cols-2)
	c1 := cellIndex((q.max[0]-h.origin[0])/h.cell, h.cols-2)
	r0 := cellIndex((q.min[2]-h.origin[2])/h.cell, h.rows-2)
	r1 := cellIndex((q.max[2]-h.origin[2])/h.cell, h.rows-2)
	for r := r0; r <= r1; r++ {
		ca, cb := c0, c1
		if f.on {
			// Only the columns the path's corridor crosses in this row.
			z0 := h.origin[2] + float64(float64(r)*h.cell)
			xlo, xhi, ok := f.spanX(z0, z0+h.cell)
			if !ok {
				continue
			}
			ca = max(ca, cellIndex((xlo-h.origin[0])/h.cell, h.cols-2))
			cb = min(cb, cellIndex((xhi-h.origin[0])/h.cell, h.cols-2))
		}
		for c := ca; c <= cb; c++ {
			h00 := h.h[r*h.cols+c]
			h10 := h.h[r*h.cols+c+1]
			h01 := h.h[(r+1)*h.cols+c]
			h11 := h.h[(r+1)*h.cols+c+1]
			lo := min(min(h00, h10), min(h01, h11)) + h.origin[1]
			hi := max(max(h00, h10), max(h01, h11)) + h.origin[1]
			if hi < q.min[1] || lo > q.max[1] {
				continue
			}
			if f.on {
				x0 := h.origin[0] + float64(float64(c)*h.cell)
				z0 := h.origin[2] + float64(float64(r)*h.cell)
				if !f.meets(&aabb{min: vec{x0, lo, z0}, max: vec{x0 + h.cell, hi, z0 + h.cell}}) {
					continue
				}
			}
			out = h.cellTrisCached(c, r, id, out, cache)
		}
	}
	return out
}

// cellTris appends the triangles of cell (c, r): (c,r), (c,r+1), (c+1,r+1)
// and (c,r), (c+1,r+1), (c+1,r). A triangle that uses a hole (a NaN height)
// is left out.
func (h *heightfield) cellTris(c, r int, id ColliderID, out []tri) []tri {
	x0 := h.origin[0] + float64(float64(c)*h.cell)
	z0 := h.origin[2] + float64(float64(r)*h.cell)
	x1, z1 := x0+h.cell, z0+h.cell
	h00, h10 := h.h[r*h.cols+c], h.h[r*h.cols+c+1]
	h01, h11 := h.h[(r+1)*h.cols+c], h.h[(r+1)*h.cols+c+1]
	v00 := vec{x0, h.origin[1] + h00, z0}
	v10 := vec{x1, h.origin[1] + h10, z0}
	v01 := vec{x0, h.origin[1] + h01, z1}
	v11 := vec{x1, h.origin[1] + h11, z1}
	if h.posed {
		v00, v10, v01, v11 = h.pose.apply(v00), h.pose.apply(v10), h.pose.apply(v01), h.pose.apply(v11)
	}
	if !h.holes || !math.IsNaN(h00+h01+h11) {
		out = append(out, tri{})
		hfTriInto(&out[len(out)-1], &v00, &v01, &v11, id)
	}
	if !h.holes || !math.IsNaN(h00+h11+h10) {
		out = append(out, tri{})
		hfTriInto(&out[len(out)-1], &v00, &v11, &v10, id)
	}
	return out
}

// cellIndex converts a cell coordinate to an index clamped to [0, last]
// (clamping in float first, so huge or NaN coordinates are safe).
func cellIndex(x float64, last int) int {
	if !(x > 0) {
		return 0
	}
	if x >= float64(last) {
		return last
	}
	return int(x)
}

// gatherAll is gather without the hierarchies (benchmark baseline).
func (w *World) gatherAll(q aabb, s *scratch, boxTris bool) []tri {
	for ci := range w.colliders {
		c := &w.colliders[ci]
		if !s.admits(c, int32(ci)) {
			continue
		}
		if c.kind == kindCapsule {
			if !c.capsuleEmpty && c.box.overlaps(&q) {
				s.caps = append(s.caps, &c.capsule)
			}
			continue
		}
		if c.kind == kindBox && !boxTris {
			if len(c.tris) > 0 && c.box.overlaps(&q) {
				s.boxes = append(s.boxes, &c.ob)
			}
			continue
		}
		if c.kind == kindHeightfield {
			s.tris = c.hf.gather(q, &s.sweep, ColliderID(ci), s.tris, nil)
			continue
		}
		if c.kind == kindBox && c.moved {
			if c.box.overlaps(&q) {
				s.tris = c.appendBoxTris(ColliderID(ci), s.tris)
			}
			continue
		}
		for i := range c.tris {
			if c.tbox[i].overlaps(&q) {
				s.tris = append(s.tris, c.tris[i])
			}
		}
	}
	return s.tris
}

// hfTriInto builds a heightfield triangle in t. Unlike makeTri it skips the
// validity checks: gather passes finite heights only (holes are skipped) and
// a cell's triangles have area of at least cellSize^2/2. It works in place,
// on scalars (it runs for every cell a move touches).
func hfTriInto(t *tri, a, b, c *vec, id ColliderID) {
	ax, ay, az := a[0], a[1], a[2]
	bx, by, bz := b[0], b[1], b[2]
	cx, cy, cz := c[0], c[1], c[2]
	abx, aby, abz := bx-ax, by-ay, bz-az
	acx, acy, acz := cx-ax, cy-ay, cz-az
	nx, ny, nz := float64(aby*acz)-float64(abz*acy), float64(abz*acx)-float64(abx*acz), float64(abx*acy)-float64(aby*acx)
	f := 1 / math.Sqrt(float64(nx*nx)+float64(ny*ny)+float64(nz*nz))
	nx, ny, nz = float64(nx*f), float64(ny*f), float64(nz*f)
	t.a[0], t.a[1], t.a[2] = ax, ay, az
	t.b[0], t.b[1], t.b[2] = bx, by, bz
	t.c[0], t.c[1], t.c[2] = cx, cy, cz
	t.n[0], t.n[1], t.n[2] = nx, ny, nz
	crossInto(&t.en[0], nx, ny, nz, abx, aby, abz)
	crossInto(&t.en[1], nx, ny, nz, cx-bx, cy-by, cz-bz)
	crossInto(&t.en[2], nx, ny, nz, ax-cx, ay-cy, az-cz)
	t.id = id
	t.backCull = false
}

// crossInto writes (x, y, z) x (u, v, w) into o.
func crossInto(o *vec, x, y, z, u, v, w float64) {
	o[0], o[1], o[2] = float64(y*w)-float64(z*v), float64(z*u)-float64(x*w), float64(x*v)-float64(y*u)
}

// colliderPad is the padding that makes a collider 1,024 bytes.
const colliderPad = 24
