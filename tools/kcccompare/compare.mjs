// Side-by-side comparison of motorkit/kcc with Rapier's
// KinematicCharacterController (@dimforge/rapier3d-compat 0.21.0) and Jolt's
// CharacterVirtual (jolt-physics 1.1.0, see jolt.mjs for its settings).
// Not run by CI. From the module root:
//
//   (cd tools/kcccompare && npm install) && node tools/kcccompare/compare.mjs
//
// It runs `go run ./tools/kcccompare/scenes`, which builds every scene, plays it
// through kcc and prints the geometry, the input plan and kcc's outcome as
// JSON; this script rebuilds the same geometry in Rapier (boxes as
// cuboids, meshes and heightfields as trimeshes with the same triangles),
// plays the same plan with the same caller (gravity -20 m/s^2, 60 Hz,
// read-back vertical velocity, zero while grounded; "plane" scenes use the
// pipeline's caller: no gravity while grounded, planar velocity lifted onto
// the ground plane) and prints a markdown
// table: final position, grounded transitions (grounded -> air -> grounded),
// air ticks, and microseconds per move for both, with the time ratio.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";
import RAPIER from "@dimforge/rapier3d-compat";
import { buildJolt, runJolt } from "./jolt.mjs";
import { DT, play } from "./caller.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const data = JSON.parse(execFileSync("go", ["run", "./tools/kcccompare/scenes"], { cwd: root, maxBuffer: 1 << 30 }).toString());

await RAPIER.init();

const R = 0.3, HALF = 0.6, OFFSET = 0.01, REPS = 20;

function buildWorld(scene) {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  for (const b of scene.Boxes ?? []) {
    const d = RAPIER.ColliderDesc.cuboid(b.H[0], b.H[1], b.H[2])
      .setTranslation(b.C[0], b.C[1], b.C[2])
      .setRotation({ x: b.Q[0], y: b.Q[1], z: b.Q[2], w: b.Q[3] });
    world.createCollider(d);
  }
  for (const m of scene.Meshes ?? []) {
    const v = new Float32Array(m.V.length * 3);
    m.V.forEach((p, i) => { v[3 * i] = p[0]; v[3 * i + 1] = p[1]; v[3 * i + 2] = p[2]; });
    world.createCollider(RAPIER.ColliderDesc.trimesh(v, new Uint32Array(m.I)));
  }
  const ch = world.createCollider(RAPIER.ColliderDesc.capsule(HALF, R).setTranslation(...scene.Start));
  const cc = world.createCharacterController(OFFSET);
  cc.setUp({ x: 0, y: 1, z: 0 });
  cc.setMaxSlopeClimbAngle(45 * Math.PI / 180);
  cc.setMinSlopeSlideAngle(30 * Math.PI / 180);
  cc.enableAutostep(0.35, 0.2, false);
  cc.enableSnapToGround(0.2);
  cc.setSlideEnabled(true);
  world.step(); // builds the broad phase for the static colliders
  return { world, ch, cc };
}

// run plays the plan once through Rapier (caller.mjs); the timed part is
// computeColliderMovement and reading its result. Rapier reports no ground
// normal: the plane caller gets the most upward collision normal of the
// last move.
function run(scene, w) {
  return play(scene, {
    move(pos, v) {
      w.ch.setTranslation({ x: pos[0], y: pos[1], z: pos[2] });
      w.cc.computeColliderMovement(w.ch, { x: v[0] * DT, y: v[1] * DT, z: v[2] * DT });
      const t = w.cc.computedMovement();
      return { d: [t.x, t.y, t.z], grounded: w.cc.computedGrounded() };
    },
    normal() {
      let best = null;
      for (let k = 0; k < w.cc.numComputedCollisions(); k++) {
        const c = w.cc.computedCollision(k);
        if (c && c.normal1.y > 0.05 && (!best || c.normal1.y > best[1])) best = [c.normal1.x, c.normal1.y, c.normal1.z];
      }
      return best;
    },
  });
}

const f = (p) => `(${p.map((x) => x.toFixed(2)).join(", ")})`;
const tr = (o) => `${o.transitions} / ${o.airTicks}`;
const rows = [];
let sumK = 0, sumR = 0, sumJ = 0, transK = 0, transR = 0, transJ = 0;
for (const s of data.scenes) {
  const w = buildWorld(s);
  const j = buildJolt(s);
  const outR = run(s, w);
  const outJ = runJolt(s, j);
  let usR = 0, usJ = 0;
  for (let r = 0; r < REPS; r++) {
    usR += run(s, w).us;
    usJ += runJolt(s, j).us;
  }
  usR /= REPS; usJ /= REPS;
  w.world.free();
  j.free();
  const k = s.KCC;
  sumK += k.UsPerMove; sumR += usR; sumJ += usJ;
  transK += k.Transitions; transR += outR.transitions; transJ += outJ.transitions;
  rows.push(`| ${s.Name} | ${f(k.Final)} ${k.Transitions} / ${k.AirTicks} | ${f(outR.final)} ${tr(outR)} | ${f(outJ.final)} ${tr(outJ)} | ${k.UsPerMove.toFixed(2)} | ${usR.toFixed(2)} | ${usJ.toFixed(2)} |`);
}
console.log("| scene | kcc: final, transitions / air ticks | Rapier | Jolt | kcc µs/move | Rapier µs/move | Jolt µs/move |");
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
const n = data.scenes.length;
console.log(`| **total** | ${transK} transitions | ${transR} | ${transJ} | ${(sumK / n).toFixed(2)} (mean) | ${(sumR / n).toFixed(2)} (mean, ${(sumR / sumK).toFixed(1)}x kcc) | ${(sumJ / n).toFixed(2)} (mean, ${(sumJ / sumK).toFixed(1)}x kcc) |`);
