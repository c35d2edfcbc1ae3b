package prefabs_test

import (
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/prefabs"
)

// gltfFile writes a one-triangle .gltf level whose buffer is embedded as a
// data URI, with the positions and indices given and the JSON edited by
// edit, and returns its path.
func gltfFile(t *testing.T, pos []float32, idx []uint16, edit func(string) string) string {
	t.Helper()
	var buf []byte
	for _, f := range pos {
		buf = binary.LittleEndian.AppendUint32(buf, math.Float32bits(f))
	}
	posLen := len(buf)
	for _, i := range idx {
		buf = binary.LittleEndian.AppendUint16(buf, i)
	}
	for len(buf)%4 != 0 {
		buf = append(buf, 0)
	}
	js := fmt.Sprintf(`{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],
"nodes":[{"name":"tri-col","mesh":0}],
"meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
"accessors":[{"bufferView":0,"componentType":5126,"count":%d,"type":"VEC3"},
{"bufferView":1,"componentType":5123,"count":%d,"type":"SCALAR"}],
"bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":%d},{"buffer":0,"byteOffset":%d,"byteLength":%d}],
"buffers":[{"byteLength":%d,"uri":"data:application/octet-stream;base64,%s"}]}`,
		len(pos)/3, len(idx), posLen, posLen, 2*len(idx), len(buf), base64.StdEncoding.EncodeToString(buf))
	if edit != nil {
		js = edit(js)
	}
	path := filepath.Join(t.TempDir(), "level.gltf")
	if err := os.WriteFile(path, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGLTFBadFiles: every broken file is a clear error naming the file and
// the part, never a panic; a good one-triangle file loads.
func TestGLTFBadFiles(t *testing.T) {
	tri := []float32{0, 0, 0, 1, 0, 0, 0, 0, 1}
	if _, err := prefabs.LoadLiving(gltfFile(t, tri, []uint16{0, 1, 2}, nil)); err != nil {
		t.Fatalf("the good file: %v", err)
	}
	glb, err := os.ReadFile(testGLB)
	if err != nil {
		t.Fatal(err)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badMagic := append([]byte("glTG"), glb[4:]...)
	for _, c := range []struct {
		name, path, want string
	}{
		{"truncated GLB", write("cut.glb", glb[:len(glb)/2]), "cut.glb"},
		{"wrong magic", write("magic.glb", badMagic), "magic.glb"},
		{"accessor past its buffer", gltfFile(t, tri, []uint16{0, 1, 2}, func(s string) string {
			return strings.Replace(s, `"count":3,"type":"VEC3"`, `"count":300,"type":"VEC3"`, 1)
		}), "POSITION accessor 0"},
		{"NaN vertex", gltfFile(t, []float32{0, 0, 0, float32(math.NaN()), 0, 0, 0, 0, 1}, []uint16{0, 1, 2}, nil), "not finite"},
		{"index out of range", gltfFile(t, tri, []uint16{0, 1, 7}, nil), "index 2 (7) out of range"},
		{"ten million triangles", gltfFile(t, tri, []uint16{0, 1, 2}, func(s string) string {
			return strings.Replace(s, `"count":3,"type":"SCALAR"`, `"count":30000000,"type":"SCALAR"`, 1)
		}), "more than"},
		{"cyclic node graph", gltfFile(t, tri, []uint16{0, 1, 2}, func(s string) string {
			return strings.Replace(s, `"nodes":[{"name":"tri-col","mesh":0}]`, `"nodes":[{"name":"a","children":[1]},{"name":"b","children":[0]}]`, 1)
		}), "cycle"},
		{"URI outside the folder", gltfFile(t, tri, []uint16{0, 1, 2}, func(s string) string {
			i := strings.Index(s, `"uri":"`)
			return s[:i] + `"uri":"../secret.bin"}]}`
		}), "level.gltf"},
		{"URL", gltfFile(t, tri, []uint16{0, 1, 2}, func(s string) string {
			i := strings.Index(s, `"uri":"`)
			return s[:i] + `"uri":"http://example.com/x.bin"}]}`
		}), "http://example.com/x.bin"},
	} {
		_, err := prefabs.LoadLiving(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one mentioning %q", c.name, err, c.want)
		}
	}
}

// FuzzLoadGLTF: arbitrary bytes as a .glb or .gltf file never panic the
// loader; what loads has finite geometry.
func FuzzLoadGLTF(f *testing.F) {
	glb, err := os.ReadFile(testGLB)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(glb, true)
	f.Add(glb[:len(glb)/3], true)
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"children":[0]}]}`), false)
	f.Fuzz(func(t *testing.T, data []byte, binary bool) {
		name := "f.gltf"
		if binary {
			name = "f.glb"
		}
		p := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		lv, err := prefabs.LoadLiving(p)
		if err != nil {
			return
		}
		for _, v := range lv.Visual {
			for _, q := range [3][3]float64{v.A, v.B, v.C} {
				for _, x := range q {
					if x != x || math.IsInf(x, 0) {
						t.Fatalf("non-finite vertex %v", v)
					}
				}
			}
		}
	})
}
