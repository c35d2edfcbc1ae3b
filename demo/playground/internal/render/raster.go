package render

import (
	"encoding/binary"
	"image"
	"image/color"
	"math"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/go-gl/mathgl/mgl64"
)

// Tri is one triangle to draw, in world space.
type Tri struct {
	A, B, C mgl64.Vec3
	// Color is the surface's base color before lighting, checker and fog.
	Color color.RGBA
	// Checker tints the surface with a 1 m world-space checker.
	Checker bool
	// Solid marks a face of a closed solid: its back side is culled. Other
	// triangles are drawn from both sides.
	Solid bool
	// Blend, when not 0, draws the triangle translucent (water): its color
	// covers Blend/256 of what is behind it, and it hides nothing drawn
	// later (its depth is tested, not written). Translucent triangles are
	// drawn after all the opaque ones.
	Blend uint8
}

// Style is the look of a frame: sky, fog and light.
type Style struct {
	// Zenith and Horizon color the sky; distant surfaces fade into Horizon.
	Zenith, Horizon color.RGBA
	// FogStart and FogEnd are view depths in meters: surfaces nearer than
	// FogStart are unfogged, farther than FogEnd are pure Horizon.
	FogStart, FogEnd float64
	// Light points toward the light (normalized on use); Ambient in [0, 1]
	// is the light a surface facing away from it still gets.
	Light   mgl64.Vec3
	Ambient float64
	// CheckerDark scales the darker checker squares (0..1).
	CheckerDark float64
}

// DefaultStyle is a pale blue sky, fog from 30 m to 120 m and a high sun.
func DefaultStyle() Style {
	return Style{
		Zenith:      color.RGBA{70, 120, 200, 255},
		Horizon:     color.RGBA{196, 214, 232, 255},
		FogStart:    30,
		FogEnd:      120,
		Light:       mgl64.Vec3{-0.45, 0.8, -0.3},
		Ambient:     0.42,
		CheckerDark: 0.82,
	}
}

// Renderer rasterizes triangles with a depth buffer into an image. It
// keeps its buffers and a pool of worker goroutines between frames, so a
// frame allocates nothing once the triangle count stopped growing. A
// Renderer is not safe for concurrent Render calls; Close stops its
// workers.
type Renderer struct {
	// Style is read at the start of every Render.
	Style Style

	w, h  int
	zbuf  []float32 // 1/depth per pixel; 0 = nothing drawn (sky)
	prep  []ptri
	sky   [][4]uint8 // per-row sky color of the current frame
	dst   *image.RGBA
	bandH int
	bands int32
	next  atomic.Int32
	jobs  chan struct{}
	wg    sync.WaitGroup
	nwork int
	fog   [3]int32
	fogS  float64
	fogK  float64 // 256 / (FogEnd - FogStart)
	once  sync.Once
}

// ptri is a triangle after clipping and projection, ready to rasterize.
type ptri struct {
	minX, maxX, minY, maxY int
	// edge functions a*x + b*y + c >= 0 inside (pixel centres)
	ea, eb, ec [3]float64
	// attribute planes over pixel centres: 1/depth, u/depth, v/depth
	iw, u, v plane
	c0, c1   [3]int32
	packed   [2]uint32 // c0, c1 as little-endian RGBA words (unfogged)
	checker  bool
	blend    int32 // Tri.Blend: 0 opaque
}

type plane struct{ a0, ax, ay float64 }

func (p *plane) at(x, y float64) float64 { return p.a0 + p.ax*x + p.ay*y }

// New returns a renderer for w x h images using every CPU.
func New(w, h int) *Renderer {
	if w < 1 {
		w = 1
	}
	if h < 1 {
		h = 1
	}
	r := &Renderer{Style: DefaultStyle(), w: w, h: h}
	r.zbuf = make([]float32, w*h)
	r.sky = make([][4]uint8, h)
	r.nwork = runtime.GOMAXPROCS(0)
	// Bands of 16 rows: small enough to balance the workers (the floor
	// fills the lower half, the sky is cheap), large enough that the
	// per-band triangle scan stays a small cost.
	r.bandH = 16
	r.bands = int32((h + r.bandH - 1) / r.bandH)
	r.jobs = make(chan struct{})
	for i := 0; i < r.nwork; i++ {
		go r.worker()
	}
	return r
}

// Size returns the image size the renderer draws.
func (r *Renderer) Size() (w, h int) { return r.w, r.h }

// Close stops the worker goroutines. The renderer must not be used after.
func (r *Renderer) Close() { r.once.Do(func() { close(r.jobs) }) }

func (r *Renderer) worker() {
	for range r.jobs {
		for {
			b := r.next.Add(1) - 1
			if b >= r.bands {
				break
			}
			r.drawBand(int(b))
		}
		r.wg.Done()
	}
}

// Render draws tris seen through cam into dst, which must be an image of
// the renderer's size at (0, 0) (Render panics otherwise: a programming
// error). cam.W and cam.H are taken from the renderer. Triangles with NaN
// or infinite corners and zero-area triangles are skipped; a non-finite
// camera draws only sky.
func (r *Renderer) Render(dst *image.RGBA, cam Camera, tris []Tri) {
	cam.W, cam.H = r.w, r.h
	if dst.Rect.Dx() != r.w || dst.Rect.Dy() != r.h || dst.Rect.Min != (image.Point{}) {
		panic("render: destination image size differs from the renderer's")
	}
	r.dst = dst
	st := r.Style
	r.fog = [3]int32{int32(st.Horizon.R), int32(st.Horizon.G), int32(st.Horizon.B)}
	r.fogS = st.FogStart
	r.fogK = 0
	if st.FogEnd > st.FogStart {
		r.fogK = 256 / (st.FogEnd - st.FogStart)
	}
	r.skyRows(cam)
	r.prepare(cam, tris)
	r.next.Store(0)
	r.wg.Add(r.nwork)
	for i := 0; i < r.nwork; i++ {
		r.jobs <- struct{}{}
	}
	r.wg.Wait()
	r.dst = nil
}

// skyRows computes the sky gradient of every row.
func (r *Renderer) skyRows(cam Camera) {
	for y := 0; y < r.h; y++ {
		c := r.Style.SkyColor(cam, float64(y)+0.5)
		r.sky[y] = [4]uint8{c.R, c.G, c.B, 255}
	}
}

// SkyColor is the sky at image row y (a pixel centre is y+0.5) seen
// through cam: Horizon at and below the horizon, blending to Zenith 60°
// above it.
func (st Style) SkyColor(cam Camera, y float64) color.RGBA {
	el := cam.Pitch + math.Atan((float64(cam.H)/2-y)/cam.Focal())
	t := el / (math.Pi / 3)
	if t < 0 {
		t = 0
	}
	if t > 1 {
		t = 1
	}
	t = math.Sqrt(t)
	return color.RGBA{lerp8(st.Horizon.R, st.Zenith.R, t), lerp8(st.Horizon.G, st.Zenith.G, t), lerp8(st.Horizon.B, st.Zenith.B, t), 255}
}

// SurfaceColor is the color a pixel of a triangle with base color base and
// unit normal n (turned toward the viewer) gets at world point p seen at
// view depth: lighting from the normal, the checker square of p when
// checker is set, then fog. It is the rasterizer's formula, for checks
// that predict pixels from a ray cast.
func (st Style) SurfaceColor(base color.RGBA, checker bool, n, p mgl64.Vec3, depth float64) color.RGBA {
	c0, c1 := st.litColors(base, n)
	c := c0
	if checker {
		ua, va := checkerAxes(n)
		if (int(p[ua]+8192)+int(p[va]+8192))&1 == 1 {
			c = c1
		}
	}
	f := int32(0)
	if st.FogEnd > st.FogStart {
		f = int32((depth - st.FogStart) * (256 / (st.FogEnd - st.FogStart)))
	}
	if f < 0 {
		f = 0
	} else if f > 256 {
		f = 256
	}
	g := 256 - f
	h := st.Horizon
	return color.RGBA{uint8((c[0]*g + int32(h.R)*f) >> 8), uint8((c[1]*g + int32(h.G)*f) >> 8), uint8((c[2]*g + int32(h.B)*f) >> 8), 255}
}

// litColors returns the light and dark checker colors of a surface.
func (st Style) litColors(c color.RGBA, n mgl64.Vec3) (c0, c1 [3]int32) {
	amb := st.Ambient
	shade := amb + (1-amb)*math.Max(0, n.Dot(st.Light.Normalize()))
	c0 = [3]int32{int32(float64(c.R)*shade + 0.5), int32(float64(c.G)*shade + 0.5), int32(float64(c.B)*shade + 0.5)}
	d := st.CheckerDark
	c1 = [3]int32{int32(float64(c0[0])*d + 0.5), int32(float64(c0[1])*d + 0.5), int32(float64(c0[2])*d + 0.5)}
	return c0, c1
}

// checkerAxes returns the two world axes across n's dominant axis.
func checkerAxes(n mgl64.Vec3) (ua, va int) {
	ax, ay, az := math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2])
	switch {
	case ax >= ay && ax >= az:
		return 2, 1
	case az >= ay && az >= ax:
		return 0, 1
	}
	return 0, 2
}

func lerp8(a, b uint8, t float64) uint8 {
	return uint8(float64(a) + (float64(b)-float64(a))*t + 0.5)
}

// vert is a vertex in view space with its checker coordinates.
type vert struct {
	x, y, z float64 // right, up, forward (depth)
	u, v    float64
}

// prepare transforms, culls, clips (near plane) and projects every
// triangle into r.prep.
func (r *Renderer) prepare(cam Camera, tris []Tri) {
	r.prep = r.prep[:0]
	fwd, right, up := cam.Basis()
	near := cam.near()
	far := r.Style.FogEnd + 1
	if !(far > near) {
		far = math.Inf(1)
	}
	fl := cam.Focal()
	cx, cy := float64(r.w)/2, float64(r.h)/2
	for i := range tris {
		t := &tris[i]
		n := t.B.Sub(t.A).Cross(t.C.Sub(t.A))
		nl := n.Len()
		if !(nl > 1e-12) {
			continue
		}
		n = n.Mul(1 / nl)
		toCam := cam.Pos.Sub(t.A)
		facing := n.Dot(toCam)
		if facing <= 0 {
			if t.Solid {
				continue
			}
			n = n.Mul(-1)
		}
		ua, va := checkerAxes(n)
		var vs [3]vert
		allFar := true
		for k, p := range [3]mgl64.Vec3{t.A, t.B, t.C} {
			d := p.Sub(cam.Pos)
			vs[k] = vert{x: d.Dot(right), y: d.Dot(up), z: d.Dot(fwd), u: p[ua], v: p[va]}
			if vs[k].z < far {
				allFar = false
			}
		}
		if allFar {
			continue
		}
		p := ptri{checker: t.Checker, blend: int32(t.Blend)}
		p.c0, p.c1 = r.Style.litColors(t.Color, n)
		for k, c := range [2][3]int32{p.c0, p.c1} {
			p.packed[k] = uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16 | 0xff000000
		}
		// Clip against the near plane: 0, 1 or 2 triangles.
		var poly [4]vert
		np := 0
		for k := 0; k < 3; k++ {
			a, b := vs[k], vs[(k+1)%3]
			ain, bin := a.z >= near, b.z >= near
			if ain {
				poly[np] = a
				np++
			}
			if ain != bin {
				s := (near - a.z) / (b.z - a.z)
				poly[np] = vert{
					x: a.x + (b.x-a.x)*s, y: a.y + (b.y-a.y)*s, z: near,
					u: a.u + (b.u-a.u)*s, v: a.v + (b.v-a.v)*s}
				np++
			}
		}
		for k := 1; k+1 < np; k++ {
			r.addProjected(p, poly[0], poly[k], poly[k+1], fl, cx, cy)
		}
	}
}

// addProjected projects one clipped triangle and appends it when it covers
// any pixel centre of the image.
func (r *Renderer) addProjected(p ptri, a, b, c vert, fl, cx, cy float64) {
	var sx, sy, iw, uw, vw [3]float64
	for k, v := range [3]vert{a, b, c} {
		iz := 1 / v.z
		sx[k] = cx + fl*v.x*iz
		sy[k] = cy - fl*v.y*iz
		iw[k], uw[k], vw[k] = iz, v.u*iz, v.v*iz
	}
	area := (sx[1]-sx[0])*(sy[2]-sy[0]) - (sx[2]-sx[0])*(sy[1]-sy[0])
	if !(math.Abs(area) > 1e-9) {
		return
	}
	minX := math.Floor(math.Min(sx[0], math.Min(sx[1], sx[2])) - 0.5)
	maxX := math.Ceil(math.Max(sx[0], math.Max(sx[1], sx[2])) - 0.5)
	minY := math.Floor(math.Min(sy[0], math.Min(sy[1], sy[2])) - 0.5)
	maxY := math.Ceil(math.Max(sy[0], math.Max(sy[1], sy[2])) - 0.5)
	if maxX < 0 || maxY < 0 || minX > float64(r.w-1) || minY > float64(r.h-1) {
		return
	}
	p.minX = int(math.Max(minX, 0))
	p.maxX = int(math.Min(maxX, float64(r.w-1)))
	p.minY = int(math.Max(minY, 0))
	p.maxY = int(math.Min(maxY, float64(r.h-1)))
	s := -1.0
	if area < 0 {
		s = 1
	}
	for k := 0; k < 3; k++ {
		j := (k + 1) % 3
		dx, dy := sx[j]-sx[k], sy[j]-sy[k]
		p.ea[k] = s * dy
		p.eb[k] = -s * dx
		p.ec[k] = s * (sy[k]*dx - sx[k]*dy)
	}
	p.iw = planeOf(sx, sy, iw, area)
	p.u = planeOf(sx, sy, uw, area)
	p.v = planeOf(sx, sy, vw, area)
	r.prep = append(r.prep, p)
}

func planeOf(x, y, v [3]float64, area float64) plane {
	ax := ((v[1]-v[0])*(y[2]-y[0]) - (v[2]-v[0])*(y[1]-y[0])) / area
	ay := ((v[2]-v[0])*(x[1]-x[0]) - (v[1]-v[0])*(x[2]-x[0])) / area
	return plane{a0: v[0] - ax*x[0] - ay*y[0], ax: ax, ay: ay}
}

// drawBand clears rows [b*bandH, (b+1)*bandH) to the sky and draws every
// triangle over them.
func (r *Renderer) drawBand(b int) {
	y0 := b * r.bandH
	y1 := y0 + r.bandH - 1
	if y1 > r.h-1 {
		y1 = r.h - 1
	}
	pix, stride := r.dst.Pix, r.dst.Stride
	for y := y0; y <= y1; y++ {
		row := pix[y*stride : y*stride+r.w*4]
		c := r.sky[y]
		copy(row, c[:])
		for n := 4; n < len(row); n *= 2 {
			copy(row[n:], row[:n])
		}
	}
	clear(r.zbuf[y0*r.w : (y1+1)*r.w])
	blended := false
	for i := range r.prep {
		t := &r.prep[i]
		if t.maxY < y0 || t.minY > y1 {
			continue
		}
		if t.blend != 0 {
			blended = true
			continue
		}
		lo, hi := max(t.minY, y0), min(t.maxY, y1)
		r.drawRows(t, lo, hi)
	}
	if !blended {
		return
	}
	// The translucent triangles, over everything opaque.
	for i := range r.prep {
		t := &r.prep[i]
		if t.blend == 0 || t.maxY < y0 || t.minY > y1 {
			continue
		}
		lo, hi := max(t.minY, y0), min(t.maxY, y1)
		r.drawRows(t, lo, hi)
	}
}

// drawRows fills rows lo..hi of triangle t.
func (r *Renderer) drawRows(t *ptri, lo, hi int) {
	pix, stride, w := r.dst.Pix, r.dst.Stride, r.w
	fogS, fogK := r.fogS, r.fogK
	fr, fg, fb := r.fog[0], r.fog[1], r.fog[2]
	for y := lo; y <= hi; y++ {
		yc := float64(y) + 0.5
		xl, xr := float64(t.minX), float64(t.maxX)
		empty := false
		for e := 0; e < 3; e++ {
			a := t.ea[e]
			k := t.eb[e]*yc + t.ec[e]
			switch {
			case a > 0:
				if v := math.Ceil(-k/a - 0.5); v > xl {
					xl = v
				}
			case a < 0:
				if v := math.Floor(-k/a - 0.5); v < xr {
					xr = v
				}
			default:
				if k < 0 {
					empty = true
				}
			}
		}
		if empty || xl > xr {
			continue
		}
		x0, x1 := int(xl), int(xr)
		xc := xl + 0.5
		iw := t.iw.at(xc, yc)
		uw := t.u.at(xc, yc)
		vw := t.v.at(xc, yc)
		diw, duw, dvw := t.iw.ax, t.u.ax, t.v.ax
		zrow := r.zbuf[y*w+x0 : y*w+x1+1]
		prow := pix[y*stride+x0*4 : y*stride+(x1+1)*4]
		if t.blend != 0 {
			r.blendRow(t, zrow, prow, iw, uw, vw)
			continue
		}
		for i := range zrow {
			z := float32(iw)
			if z > zrow[i] {
				zrow[i] = z
				d := 1 / iw
				sel := 0
				if t.checker && (int(uw*d+8192)+int(vw*d+8192))&1 == 1 {
					sel = 1
				}
				if d <= fogS {
					binary.LittleEndian.PutUint32(prow[i*4:], t.packed[sel])
				} else {
					c := &t.c0
					if sel == 1 {
						c = &t.c1
					}
					f := int32((d - fogS) * fogK)
					if f > 256 {
						f = 256
					}
					g := 256 - f
					binary.LittleEndian.PutUint32(prow[i*4:], uint32((c[0]*g+fr*f)>>8)|uint32((c[1]*g+fg*f)>>8)<<8|
						uint32((c[2]*g+fb*f)>>8)<<16|0xff000000)
				}
			}
			iw += diw
			uw += duw
			vw += dvw
		}
	}
}

// blendRow draws one row of a translucent triangle t over the pixels prow
// whose depths are zrow, from the attributes iw, uw, vw at its first pixel:
// where it is nearer than what is drawn, its fogged color covers t.blend/256
// of the pixel. The depth buffer is left as it is.
func (r *Renderer) blendRow(t *ptri, zrow []float32, prow []uint8, iw, uw, vw float64) {
	fogS, fogK := r.fogS, r.fogK
	fr, fg, fb := r.fog[0], r.fog[1], r.fog[2]
	a := t.blend
	b := 256 - a
	for i := range zrow {
		if float32(iw) > zrow[i] {
			d := 1 / iw
			c := &t.c0
			if t.checker && (int(uw*d+8192)+int(vw*d+8192))&1 == 1 {
				c = &t.c1
			}
			cr, cg, cb := c[0], c[1], c[2]
			if d > fogS {
				f := min(int32((d-fogS)*fogK), 256)
				g := 256 - f
				cr, cg, cb = (cr*g+fr*f)>>8, (cg*g+fg*f)>>8, (cb*g+fb*f)>>8
			}
			px := prow[i*4 : i*4+3]
			px[0] = uint8((cr*a + int32(px[0])*b) >> 8)
			px[1] = uint8((cg*a + int32(px[1])*b) >> 8)
			px[2] = uint8((cb*a + int32(px[2])*b) >> 8)
		}
		iw += t.iw.ax
		uw += t.u.ax
		vw += t.v.ax
	}
}
