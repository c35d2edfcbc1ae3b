package prefabs_test

import (
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
	"github.com/seedgames/motorkit/kcc"
	"github.com/seedgames/motorkit/prefabs"
)

// grid100k is a 224x224-cell bumpy grid: 100,352 triangles.
func grid100k() ([][3]float32, []uint32) {
	const n = 224
	var pos [][3]float32
	for z := 0; z <= n; z++ {
		for x := 0; x <= n; x++ {
			pos = append(pos, [3]float32{float32(x) * 0.5, float32((x*7+z*13)%5) * 0.05, float32(z) * 0.5})
		}
	}
	var idx []uint32
	for z := 0; z < n; z++ {
		for x := 0; x < n; x++ {
			a := uint32(z*(n+1) + x)
			b, c, d := a+1, a+uint32(n+1), a+uint32(n+2)
			idx = append(idx, a, c, b, b, c, d)
		}
	}
	return pos, idx
}

// writeGridGLB saves the grid as a one-node GLB ("terrain-col").
func writeGridGLB(b *testing.B) string {
	pos, idx := grid100k()
	doc := gltf.NewDocument()
	pa := modeler.WritePosition(doc, pos)
	ia := modeler.WriteIndices(doc, idx)
	doc.Meshes = []*gltf.Mesh{{Primitives: []*gltf.Primitive{{Attributes: map[string]int{gltf.POSITION: pa}, Indices: gltf.Index(ia)}}}}
	doc.Nodes = []*gltf.Node{{Name: "terrain-col", Mesh: gltf.Index(0)}}
	doc.Scenes = []*gltf.Scene{{Nodes: []int{0}}}
	path := filepath.Join(b.TempDir(), "terrain.glb")
	if err := gltf.SaveBinary(doc, path); err != nil {
		b.Fatal(err)
	}
	return path
}

// BenchmarkLoadGLB100k loads a 100k-triangle GLB into a ready kcc world
// (decode, transform, collider with its BVH, drawn triangles), next to
// BenchmarkBuild100kFromCode, the same triangles added from code.
func BenchmarkLoadGLB100k(b *testing.B) {
	path := writeGridGLB(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := prefabs.LoadGLTF(path); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBuild100kFromCode(b *testing.B) {
	pos, idx := grid100k()
	verts := make([]mgl64.Vec3, len(pos))
	for i, p := range pos {
		verts[i] = mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		w := kcc.NewWorld()
		if _, err := w.AddTriMesh(verts, idx); err != nil {
			b.Fatal(err)
		}
		_ = prefabs.DefaultKillY(w)
	}
}
