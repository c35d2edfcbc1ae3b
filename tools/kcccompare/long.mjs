// Same-run timing of kcc's long-move benchmarks against Rapier's
// KinematicCharacterController (@dimforge/rapier3d-compat 0.21.0) on the
// same scenes ("none may be slower than Rapier on the same
// scene"). Not run by CI. From the module root:
//
//   (cd tools/kcccompare && npm install) && node tools/kcccompare/long.mjs [rounds] [reps]
//
// (defaults: 3 rounds of 2000 moves per scene for kcc; Rapier's slow
// moves get fewer, see timeMove). It builds
// ./tools/kcccompare/scenes once and runs it with -long: that prints the scenes
// of kcc/bench_long_test.go (a 224 x 224-cell grid mesh of 0.5 m cells,
// 100,352 triangles, with 0.05·sin(x)·cos(z) bumps; a 318 x 318-sample
// heightfield of 0.5 m cells with the same bumps, 200,978 triangles; a
// 15 x 10 m wall of 0.1 m cells, 30,000 triangles, on a floor box) with
// kcc's exact vertices and triangles, the capsule's start (resting at
// (-20, -20) by one cast, as the benchmarks' restOn) and the single move
// (10 m or 50 m diagonally, with one 60 Hz tick of gravity, -20·dt², as
// the vertical request; the wall: one tick of 6 m/s at 45° into the wall
// while touching it), and times kcc's Move on each in the same process
// (one warm-up move, then the mean of `reps` moves, as testing.B does in
// benchMove). This script rebuilds the same geometry in Rapier (the mesh
// and wall as trimeshes; the heightfield both as a trimesh with kcc's
// triangles, as compare.mjs and the audit did, and as Rapier's
// native heightfield collider), starts the capsule (radius 0.3,
// half-height 0.6) where kcc's starts, sends the same move with the
// controller settings of compare.mjs (offset 0.01, max climb 45°, min
// slide 30°, autostep 0.35 / 0.2, snap 0.2, slide on), and times it the
// same way.
//
// The machine may be shared: each round times every scene, kcc's Move (a
// fresh process, -only that scene) and then Rapier's back to back, so each
// pair sees the same load; the table gives the median of the rounds for
// each, the median of the rounds' ratios (above 1: kcc faster),
// and both controllers' translations, which must agree roughly (a NOTE
// column says where the horizontal distances or the end points differ by
// more than 1% of the requested move). Per-round figures go to stderr.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import RAPIER from "@dimforge/rapier3d-compat";
import { buildJolt, moveJolt } from "./jolt.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const rounds = Number(process.argv[2] ?? 3);
const reps = Number(process.argv[3] ?? 2000);
const R = 0.3, HALF = 0.6, OFFSET = 0.01;

const bin = path.join(os.tmpdir(), `motorkit-long-scenes-${process.pid}`);
execFileSync("go", ["build", "-o", bin, "./tools/kcccompare/scenes"], { cwd: root, stdio: "inherit" });
process.on("exit", () => fs.rmSync(bin, { force: true }));
const goLong = (args) => JSON.parse(execFileSync(bin, ["-long", ...args], { maxBuffer: 1 << 30 }).toString()).scenes;

await RAPIER.init();

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

function trimesh(m) {
  const v = new Float32Array(m.V.length * 3);
  m.V.forEach((p, i) => { v[3 * i] = p[0]; v[3 * i + 1] = p[1]; v[3 * i + 2] = p[2]; });
  return RAPIER.ColliderDesc.trimesh(v, new Uint32Array(m.I));
}

// nativeHeightfield is kcc's heightfield as Rapier's: Rapier takes
// (nrows+1) x (ncols+1) heights column-major, rows along z and columns
// along x, over a scale.x by scale.z rectangle centred on the collider's
// translation. Rapier splits each cell along (x1, z0)-(x0, z1), kcc along
// (x0, z0)-(x1, z1) (checked with rays: with the same samples the surfaces
// differ by up to 5.3 mm inside a cell). So the Rapier world is kcc's
// mirrored in x (x -> -x: columns reversed, and the start, the move and
// the result mirrored by timeMove), which turns kcc's diagonal into
// Rapier's: the same surface exactly, and the capsule and gravity are
// symmetric.
function nativeHeightfield(h) {
  const { Cols: nc, Rows: nr, Cell: cell, Origin: o, Heights: hs } = h;
  const m = new Float32Array(nr * nc);
  for (let c = 0; c < nc; c++) for (let r = 0; r < nr; r++) m[c * nr + r] = hs[r * nc + (nc - 1 - c)];
  const sx = (nc - 1) * cell, sz = (nr - 1) * cell;
  const x0 = -(o[0] + sx); // the mirrored grid's lowest x
  return RAPIER.ColliderDesc.heightfield(nr - 1, nc - 1, m, { x: sx, y: 1, z: sz })
    .setTranslation(x0 + sx / 2, o[1], o[2] + sz / 2);
}

// world builds a Rapier world holding the scene's boxes and the given
// ground colliders, and the character's capsule and controller.
function world(scene, ground) {
  const w = new RAPIER.World({ x: 0, y: 0, z: 0 });
  for (const b of scene.Boxes ?? []) {
    w.createCollider(RAPIER.ColliderDesc.cuboid(b.H[0], b.H[1], b.H[2])
      .setTranslation(b.C[0], b.C[1], b.C[2])
      .setRotation({ x: b.Q[0], y: b.Q[1], z: b.Q[2], w: b.Q[3] }));
  }
  for (const d of ground) w.createCollider(d);
  const ch = w.createCollider(RAPIER.ColliderDesc.capsule(HALF, R).setTranslation(0, 500, 0));
  const cc = controller(w);
  w.step(); // builds the broad phase for the static colliders
  return { w, ch, cc };
}

// One Rapier world per geometry (two for the heightfield); the later
// scenes of a geometry carry no geometry of their own.
const scenes = goLong(["-reps", "0"]);
const worlds = {};
for (const s of scenes) {
  if (!s.Meshes && !s.Boxes) continue;
  worlds[s.Geometry] = world(s, (s.Meshes ?? []).map(trimesh));
  worlds[`${s.Geometry} jolt`] = buildJolt({ ...s, Start: [0, 500, 0] });
  if (s.Heightfield) {
    worlds[`${s.Geometry} native`] = { ...world(s, [nativeHeightfield(s.Heightfield)]), mirrorX: true };
    worlds[`${s.Geometry} jolt native`] = buildJolt({ ...s, Start: [0, 500, 0] }, { nativeHeightfield: true });
  }
}
const rows = [];
for (const s of scenes) {
  const v = (a) => ({ x: a[0], y: a[1], z: a[2] });
  const base = { bench: s.Bench, start: v(s.Start), move: v(s.Move), kccT: s.KCC.Translation, kcc: [], rapier: [], jolt: [],
    j: worlds[`${s.Geometry} jolt`] };
  if (worlds[`${s.Geometry} native`]) {
    rows.push({ ...base, name: `${s.Name} (trimeshes)`, s: worlds[s.Geometry], kcc: [], rapier: [], jolt: [] });
    rows.push({ ...base, name: `${s.Name} (native heightfields: Rapier's mirrored, Jolt's)`, s: worlds[`${s.Geometry} native`], kcc: [], rapier: [], jolt: [],
      j: worlds[`${s.Geometry} jolt native`] });
  } else {
    rows.push({ ...base, name: s.Name, s: worlds[s.Geometry] });
  }
}

// timeMove: one move for the result, warm-up moves for ~0.1 s (the
// WebAssembly tiers up), then the mean of up to n identical moves from the
// same start, fewer where a move is slow (at most ~0.5 s per scene and
// round, at least 20 moves). The capsule is put back before each move, as
// kcc's Move takes its start as an argument.
// timeLoop times move(): a warm-up of 0.1 s, then up to n moves (at least
// 20, about 0.5 s).
function timeLoop(move, n) {
  const w0 = process.hrtime.bigint();
  let warm = 0, elapsed = 0;
  while (warm < 10 || elapsed < 1e8) {
    move();
    warm++;
    elapsed = Number(process.hrtime.bigint() - w0);
  }
  const reps = Math.max(20, Math.min(n, Math.round(5e8 / (elapsed / warm))));
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < reps; i++) move();
  return { us: Number(process.hrtime.bigint() - t0) / 1000 / reps, reps };
}

function timeJolt(row, n) {
  const first = moveJolt(row.j, row.start, row.move);
  return { ...timeLoop(() => moveJolt(row.j, row.start, row.move), n), ...first };
}

function timeMove(row, n) {
  const { ch, cc, mirrorX } = row.s;
  const sx = mirrorX ? -1 : 1;
  const start = { ...row.start, x: sx * row.start.x }, d = { ...row.move, x: sx * row.move.x };
  const move = () => {
    ch.setTranslation(start);
    cc.computeColliderMovement(ch, d);
    return cc.computedMovement();
  };
  const t = move();
  const first = { t: [sx * t.x, t.y, t.z], grounded: cc.computedGrounded() };
  return { ...timeLoop(move, n), ...first };
}

// Each round times every scene, kcc (a fresh process timing only that
// scene) then Rapier back to back, so each pair sees the same load.
for (let round = 0; round < rounds; round++) {
  for (const row of rows) {
    const [k] = goLong(["-geometry=false", "-only", row.bench, "-reps", String(reps)]);
    row.kcc.push(k.KCC.UsPerMove);
    const r = timeMove(row, reps);
    row.rapier.push(r.us);
    row.rapierT = r.t;
    row.rapierReps = r.reps;
    const j = timeJolt(row, reps);
    row.jolt.push(j.us);
    row.joltT = j.t;
  }
  console.error(`round ${round + 1}: ` + rows.map((r) => `${r.bench} kcc ${r.kcc.at(-1).toFixed(1)} Rapier ${r.rapier.at(-1).toFixed(1)} Jolt ${r.jolt.at(-1).toFixed(1)} (${r.rapierReps} moves)`).join("; "));
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (t) => `(${t.map((x) => x.toFixed(3)).join(", ")})`;
const hyp = (t) => Math.hypot(t[0], t[2]);
console.log(`median of ${rounds} rounds of up to ${reps} moves, µs per move; Rapier/kcc is the median of the rounds' ratios (above 1: kcc faster)`);
console.log("| scene | kcc µs | Rapier µs | Rapier/kcc | Jolt µs | Jolt/kcc | kcc translation (m) | Rapier translation (m) | Jolt translation (m) | note |");
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const k = median(row.kcc), r = median(row.rapier);
  const ratio = median(row.rapier.map((x, i) => x / row.kcc[i]));
  const dh = Math.abs(hyp(row.kccT) - hyp(row.rapierT));
  const dp = Math.hypot(...row.kccT.map((x, i) => x - row.rapierT[i]));
  const asked = Math.hypot(row.move.x, row.move.y, row.move.z);
  const note = dh > 0.01 * asked || dp > 0.01 * asked
    ? `NOTE: horizontal ${hyp(row.kccT).toFixed(3)} vs ${hyp(row.rapierT).toFixed(3)} m, end points ${dp.toFixed(3)} m apart` : "";
  const jr = median(row.jolt.map((x, i) => x / row.kcc[i]));
  console.log(`| ${row.name} | ${k.toFixed(1)} | ${r.toFixed(1)} | ${ratio.toFixed(2)}x | ${median(row.jolt).toFixed(1)} | ${jr.toFixed(2)}x | ${fmt(row.kccT)} | ${fmt(row.rapierT)} | ${fmt(row.joltT)} | ${note} |`);
}
