package prefabs

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/qmuntal/gltf"
)

// mat4 is a 4x4 affine transform in glTF's column-major order
// (m[col*4+row]). Its arithmetic rounds every product (building a level
// is part of the simulation: the same bits everywhere).
type mat4 [16]float64

func identity4() mat4 { return mat4{0: 1, 5: 1, 10: 1, 15: 1} }

// localMatrix is a node's transform: its matrix, or T·R·S.
func localMatrix(n *gltf.Node) mat4 {
	if n.Matrix != [16]float64{} && n.Matrix != gltf.DefaultMatrix {
		return mat4(n.Matrix)
	}
	t, q, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	x, y, z, w := q[0], q[1], q[2], q[3]
	r := [9]float64{ // rows of the rotation matrix
		1 - float64(2*(y*y)) - float64(2*(z*z)), float64(2*(x*y)) - float64(2*(z*w)), float64(2*(x*z)) + float64(2*(y*w)),
		float64(2*(x*y)) + float64(2*(z*w)), 1 - float64(2*(x*x)) - float64(2*(z*z)), float64(2*(y*z)) - float64(2*(x*w)),
		float64(2*(x*z)) - float64(2*(y*w)), float64(2*(y*z)) + float64(2*(x*w)), 1 - float64(2*(x*x)) - float64(2*(y*y)),
	}
	var m mat4
	for col := 0; col < 3; col++ {
		for row := 0; row < 3; row++ {
			m[col*4+row] = float64(r[row*3+col] * s[col])
		}
	}
	m[12], m[13], m[14], m[15] = t[0], t[1], t[2], 1
	return m
}

// mul returns a·b.
func (a mat4) mul(b mat4) mat4 {
	var m mat4
	for col := 0; col < 4; col++ {
		for row := 0; row < 4; row++ {
			s := 0.0
			for k := 0; k < 4; k++ {
				s += float64(a[k*4+row] * b[col*4+k])
			}
			m[col*4+row] = s
		}
	}
	return m
}

// point transforms p.
func (a mat4) point(p mgl64.Vec3) mgl64.Vec3 {
	var out mgl64.Vec3
	for row := 0; row < 3; row++ {
		out[row] = float64(a[row]*p[0]) + float64(a[4+row]*p[1]) + float64(a[8+row]*p[2]) + a[12+row]
	}
	return out
}

func (a mat4) finite() bool {
	for _, v := range a {
		if v != v || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// box maps a local box (centre c, half extents h) through a: the world
// centre, half extents and rotation, when a is a rotation with positive
// scales (no shear, no mirror); ok is false otherwise.
func (a mat4) box(c, h mgl64.Vec3) (centre, half mgl64.Vec3, rot mgl64.Quat, ok bool) {
	var axes [3]mgl64.Vec3
	for k := 0; k < 3; k++ {
		col := mgl64.Vec3{a[k*4], a[k*4+1], a[k*4+2]}
		l := math.Sqrt(float64(col[0]*col[0]) + float64(col[1]*col[1]) + float64(col[2]*col[2]))
		if !(l > 1e-12) {
			return
		}
		axes[k] = mgl64.Vec3{col[0] / l, col[1] / l, col[2] / l}
		half[k] = float64(h[k] * l)
	}
	dot := func(u, v mgl64.Vec3) float64 {
		return float64(u[0]*v[0]) + float64(u[1]*v[1]) + float64(u[2]*v[2])
	}
	if math.Abs(dot(axes[0], axes[1])) > 1e-6 || math.Abs(dot(axes[0], axes[2])) > 1e-6 || math.Abs(dot(axes[1], axes[2])) > 1e-6 {
		return // sheared
	}
	cr := mgl64.Vec3{
		float64(axes[0][1]*axes[1][2]) - float64(axes[0][2]*axes[1][1]),
		float64(axes[0][2]*axes[1][0]) - float64(axes[0][0]*axes[1][2]),
		float64(axes[0][0]*axes[1][1]) - float64(axes[0][1]*axes[1][0]),
	}
	if dot(cr, axes[2]) < 0 {
		return // mirrored
	}
	// Rotation matrix (columns axes) to quaternion.
	m00, m11, m22 := axes[0][0], axes[1][1], axes[2][2]
	m01, m02, m10, m12, m20, m21 := axes[1][0], axes[2][0], axes[0][1], axes[2][1], axes[0][2], axes[1][2]
	tr := m00 + m11 + m22
	switch {
	case tr > 0:
		s := float64(math.Sqrt(tr+1) * 2)
		rot = mgl64.Quat{W: float64(0.25 * s), V: mgl64.Vec3{(m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s}}
	case m00 > m11 && m00 > m22:
		s := float64(math.Sqrt(1+m00-m11-m22) * 2)
		rot = mgl64.Quat{W: (m21 - m12) / s, V: mgl64.Vec3{float64(0.25 * s), (m01 + m10) / s, (m02 + m20) / s}}
	case m11 > m22:
		s := float64(math.Sqrt(1+m11-m00-m22) * 2)
		rot = mgl64.Quat{W: (m02 - m20) / s, V: mgl64.Vec3{(m01 + m10) / s, float64(0.25 * s), (m12 + m21) / s}}
	default:
		s := float64(math.Sqrt(1+m22-m00-m11) * 2)
		rot = mgl64.Quat{W: (m10 - m01) / s, V: mgl64.Vec3{(m02 + m20) / s, (m12 + m21) / s, float64(0.25 * s)}}
	}
	return a.point(c), half, rot, true
}
