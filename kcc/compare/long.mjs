// Same-run timing of kcc's long-move benchmarks against Rapier's
// KinematicCharacterController (@dimforge/rapier3d-compat 0.21.0) on the
// same scenes (issue 11: "none may be slower than Rapier on the same
// scene"). Not run by CI. From the module root:
//
//   (cd kcc/compare && npm install) && node kcc/compare/long.mjs [rounds]
//
// Scenes, as in kcc/bench_long_test.go: a 224 x 224-cell grid mesh of
// 0.5 m cells (100,352 triangles) with 0.05·sin(x)·cos(z) bumps, a
// 318 x 318-vertex heightfield of 0.5 m cells with the same bumps (200,978
// triangles; given to Rapier both as a trimesh with the same triangles and
// as its native heightfield), and a 15 x 10 m wall of 0.1 m cells (30,000
// triangles) standing on a floor box. One move each: 10 m or 50 m
// diagonally (+x, +z) from the capsule resting at (-20, -20), with the
// vertical request of one 60 Hz tick of gravity (-20·dt²); the wall scene
// is one tick of 6 m/s at 45° into the wall while touching it. The
// capsule is radius 0.3, half-height 0.6, offset 0.01, the controller
// settings those of compare.mjs.
//
// Each round runs the kcc benchmarks (`go test -bench` in ./kcc, one
// process) and then the Rapier moves, so both see the same machine load;
// the table shows the median of the rounds for each and their ratio, and
// the horizontal distance each controller moved (they must agree).
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import RAPIER from "@dimforge/rapier3d-compat";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const rounds = Number(process.argv[2] ?? 3);
const R = 0.3, HALF = 0.6, OFFSET = 0.01, DT = 1 / 60, G = 20;
const GRAVITY_STEP = -G * DT * DT;
const bump = (x, z) => 0.05 * Math.sin(x) * Math.cos(z);

await RAPIER.init();

// gridMesh mirrors kcc's test helper: n x n cells centred on the origin,
// alternating diagonals.
function gridMesh(n, cell) {
  const v = new Float32Array((n + 1) * (n + 1) * 3);
  const half = n * cell / 2;
  let k = 0;
  for (let r = 0; r <= n; r++) for (let c = 0; c <= n; c++) {
    const x = -half + c * cell, z = -half + r * cell;
    v[k++] = x; v[k++] = bump(x, z); v[k++] = z;
  }
  const idx = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const i00 = r * (n + 1) + c, i10 = i00 + 1, i01 = i00 + n + 1, i11 = i01 + 1;
    if ((r + c) % 2 === 0) idx.push(i00, i01, i11, i00, i11, i10);
    else idx.push(i00, i01, i10, i10, i01, i11);
  }
  return [v, new Uint32Array(idx)];
}

// heightfieldMesh mirrors kcc's heightfield triangulation: cell (c, r) is
// (c,r),(c,r+1),(c+1,r+1) and (c,r),(c+1,r+1),(c+1,r).
function heightfieldMesh(n, cell, ox, oz) {
  const v = new Float32Array(n * n * 3);
  let k = 0;
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) {
    const x = ox + c * cell, z = oz + r * cell;
    v[k++] = x; v[k++] = bump(x, z); v[k++] = z;
  }
  const idx = [];
  for (let r = 0; r + 1 < n; r++) for (let c = 0; c + 1 < n; c++) {
    const i00 = r * n + c, i10 = i00 + 1, i01 = i00 + n, i11 = i01 + 1;
    idx.push(i00, i01, i11, i00, i11, i10);
  }
  return [v, new Uint32Array(idx)];
}

function controller(world) {
  const cc = world.createCharacterController(OFFSET);
  cc.setUp({ x: 0, y: 1, z: 0 });
  cc.setMaxSlopeClimbAngle(45 * Math.PI / 180);
  cc.setMinSlopeSlideAngle(30 * Math.PI / 180);
  cc.enableAutostep(0.35, 0.2, false);
  cc.enableSnapToGround(0.2);
  cc.setSlideEnabled(true);
  return cc;
}

function world(add) {
  const w = new RAPIER.World({ x: 0, y: 0, z: 0 });
  add(w);
  const ch = w.createCollider(RAPIER.ColliderDesc.capsule(HALF, R).setTranslation(0, 50, 0));
  const cc = controller(w);
  w.step(); // builds the broad phase for the static colliders
  return { w, ch, cc };
}

// restOn settles the capsule on the ground at (x, z) with one long
// downward move, as kcc's restOn does with a cast.
function restOn(s, x, z) {
  s.ch.setTranslation({ x, y: 3, z });
  s.cc.computeColliderMovement(s.ch, { x: 0, y: -6, z: 0 });
  const t = s.cc.computedMovement();
  return { x, y: 3 + t.y, z };
}

function timeMove(s, start, d, reps) {
  s.ch.setTranslation(start);
  s.cc.computeColliderMovement(s.ch, d);
  const first = s.cc.computedMovement();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) {
    s.ch.setTranslation(start);
    s.cc.computeColliderMovement(s.ch, d);
    s.cc.computedMovement();
  }
  const us = Number(process.hrtime.bigint() - t0) / 1000 / reps;
  return { us, horiz: Math.hypot(first.x, first.z) };
}

const mesh = world((w) => {
  const [v, i] = gridMesh(224, 0.5);
  w.createCollider(RAPIER.ColliderDesc.trimesh(v, i));
});
const hfTri = world((w) => {
  const [v, i] = heightfieldMesh(318, 0.5, -79, -79);
  w.createCollider(RAPIER.ColliderDesc.trimesh(v, i));
});
const hfNative = world((w) => {
  // Rapier's heightfield: heights column-major, (nrows+1) x (ncols+1)
  // samples over a scale.x by scale.z rectangle centred on the translation.
  const n = 318, cell = 0.5, ox = -79, oz = -79;
  const hs = new Float32Array(n * n);
  for (let c = 0; c < n; c++) for (let r = 0; r < n; r++) {
    hs[c * n + r] = bump(ox + c * cell, oz + r * cell);
  }
  const size = (n - 1) * cell;
  w.createCollider(RAPIER.ColliderDesc.heightfield(n - 1, n - 1, hs, { x: size, y: 1, z: size })
    .setTranslation(ox + size / 2, 0, oz + size / 2));
});
const wall = world((w) => {
  w.createCollider(RAPIER.ColliderDesc.cuboid(100, 0.5, 100).setTranslation(0, -0.5, 0));
  const nx = 150, ny = 100, cell = 0.1;
  const v = new Float32Array((nx + 1) * (ny + 1) * 3);
  let k = 0;
  for (let r = 0; r <= ny; r++) for (let c = 0; c <= nx; c++) {
    v[k++] = -7.5 + c * cell; v[k++] = r * cell; v[k++] = 1;
  }
  const idx = [];
  for (let r = 0; r < ny; r++) for (let c = 0; c < nx; c++) {
    const a = r * (nx + 1) + c;
    idx.push(a, a + 1, a + nx + 2, a, a + nx + 2, a + nx + 1);
  }
  w.createCollider(RAPIER.ColliderDesc.trimesh(v, new Uint32Array(idx)));
});

const diag = (dist) => ({ x: dist / Math.SQRT2, y: GRAVITY_STEP, z: dist / Math.SQRT2 });
const wallStep = 6 * DT / Math.SQRT2;
const rows = [
  { name: "10 m over a 100k-triangle mesh", bench: "LongMoveMesh100k10m", s: mesh, d: diag(10) },
  { name: "50 m over the same mesh", bench: "LongMoveMesh100k50m", s: mesh, d: diag(50) },
  { name: "10 m over a 100k-cell heightfield (Rapier: trimesh)", bench: "LongMoveHeightfield100k10m", s: hfTri, d: diag(10) },
  { name: "50 m over the same heightfield (Rapier: trimesh)", bench: "LongMoveHeightfield100k50m", s: hfTri, d: diag(50) },
  { name: "10 m over the heightfield (Rapier: native heightfield)", bench: "LongMoveHeightfield100k10m", s: hfNative, d: diag(10) },
  { name: "50 m over the heightfield (Rapier: native heightfield)", bench: "LongMoveHeightfield100k50m", s: hfNative, d: diag(50) },
  { name: "one tick sliding along a 30k-triangle wall", bench: "SlideWall30k", s: wall, d: { x: wallStep, y: GRAVITY_STEP, z: wallStep }, wall: true },
];
for (const row of rows) {
  row.start = row.wall ? { x: 0, y: OFFSET + HALF + R, z: 1 - R - OFFSET } : restOn(row.s, -20, -20);
  row.kcc = []; row.rapier = [];
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (let round = 0; round < rounds; round++) {
  const out = execFileSync("go", ["test", "-run", "^$", "-bench", "^Benchmark(LongMove|SlideWall30k)", "-benchtime", "2000x", "./kcc"],
    { cwd: root, maxBuffer: 1 << 24 }).toString();
  for (const row of rows) {
    const m = out.match(new RegExp(`Benchmark${row.bench}-\\d+\\s+\\d+\\s+([\\d.]+) ns/op`));
    if (!m) throw new Error(`no figure for ${row.bench} in:\n${out}`);
    row.kcc.push(Number(m[1]) / 1000);
  }
  for (const row of rows) {
    const r = timeMove(row.s, row.start, row.d, 2000);
    row.rapier.push(r.us);
    row.horiz = r.horiz;
  }
}

console.log(`median of ${rounds} rounds, µs per move`);
console.log("| scene | kcc µs | Rapier µs | Rapier/kcc | Rapier horizontal distance (m) |");
console.log("|---|---|---|---|---|");
for (const row of rows) {
  const k = median(row.kcc), r = median(row.rapier);
  console.log(`| ${row.name} | ${k.toFixed(1)} | ${r.toFixed(1)} | ${(r / k).toFixed(2)}x | ${row.horiz.toFixed(3)} |`);
}
