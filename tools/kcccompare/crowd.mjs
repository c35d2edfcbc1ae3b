// The open-field crowd (systems/crowdfield_test.go's fieldCrowd) through
// Jolt's CharacterVirtual with character-vs-character collision, at 100,
// 500 and 2,000 characters: the Jolt side of "Crowds side by side with
// Jolt" in docs/kcc.md (kcc's side is kcc.BenchmarkCrowdCompare and
// systems.BenchmarkFieldCrowdCompare; `go run ./tools/benchdoc -compare`
// runs all three). Not run by CI. From the repository root:
//
//   (cd tools/kcccompare && npm install) && node tools/kcccompare/crowd.mjs [rounds] [--json]
//
// The scene: capsules (radius 0.3, half height 0.6, padding 0.01) 1 m
// apart on a square grid (side = ceil(sqrt(n)); x = col - side/2,
// z = row - side/2, centre y = 0.91) on a 400 x 400 m floor box whose top
// is y = 0. Even columns walk +x, odd columns -x, at 5 m/s, so each pair of
// neighbouring columns walks head-on into each other from the first tick,
// with a sideways weave along the character's right (+z for +x walkers,
// -z for -x ones) of 5 m/s times fieldWeave(tick), a triangle wave between
// -0.3 and 0.3 with a 4 s period.
//
// Jolt: one CharacterVirtual per character with the settings of jolt.mjs
// (the capsule, padding 0.01, max slope 45°, supporting volume;
// ExtendedUpdate with stick to floor 0.2 and stairs 0.35), all registered
// in one CharacterVsCharacterCollisionSimple so each collides with the
// others. The caller, each 60 Hz tick: every character's linear velocity
// is set to its walk and weave, with the vertical velocity of caller.mjs
// (one tick of gravity, -20 m/s², added to the vertical velocity read back
// from the last update, which is zeroed while grounded); then every
// character is updated (ExtendedUpdate) in spawn order and its position
// and ground state read back. That (setting, updating, reading back) is
// timed per tick with process.hrtime.
//
// Each round builds the crowds afresh (each size colliding, and passing
// through each other as a reference: no CharacterVsCharacterCollision),
// plays 60 ticks of each (warm-up), then 120 timed ticks of each, the
// crowds taking turns 10 ticks at a time so that a change in the
// machine's speed hits them alike. Printed per crowd: µs per
// character-tick (median of the rounds, [min–max] with more than one
// round) and, from the last round, what shows the characters met: the
// closest two characters' axes came during the timed ticks (they touch at
// 0.6 m, 2 x radius), the share of characters touching another (axes
// within 0.65 m; mean over the timed ticks), how far the characters that
// start in a pair walked along their walk direction in the 3 s (mean;
// 15 m unhindered), and the share grounded at the end. --json prints the
// same as JSON (for tools/benchdoc).
import { Jolt, joltSystem, characterSettings, extendedUpdateSettings } from "./jolt.mjs";
import { DT, G } from "./caller.mjs";

// CROWD_SIZES=100,200 plays other crowd sizes (a quick check).
const SIZES = (process.env.CROWD_SIZES ?? "100,500,2000").split(",").map(Number);
const WARM = 60, TIMED = 120, CHUNK = 10, SPEED = 5;
const HALF = 0.6;
const args = process.argv.slice(2);
const json = args.includes("--json");
const rounds = Number(args.find((a) => !a.startsWith("--")) ?? 1);

// fieldWeave is the sideways input of tick n (internal/fieldcrowd's Weave).
export function fieldWeave(n) {
  const ph = (n % 240) / 240;
  return 0.3 * (4 * Math.abs(ph - 0.5) - 1);
}

// The open field's floor: 400 x 400 m, top at y = 0 (fieldLevel).
const field = { Boxes: [{ C: [0, -0.5, 0], H: [200, 0.5, 200], Q: [0, 0, 0, 1] }] };

// buildCrowd makes the crowd of n characters, colliding with each other
// through one CharacterVsCharacterCollisionSimple or (collide false, a
// reference) passing through each other.
function buildCrowd(n, collide) {
  const sys = joltSystem(field);
  const side = Math.ceil(Math.sqrt(n));
  const cvc = new Jolt.CharacterVsCharacterCollisionSimple();
  const settings = characterSettings();
  const chars = [];
  const start = new Float64Array(3 * n), pos = new Float64Array(3 * n);
  const dir = new Float64Array(n), vy = new Float64Array(n);
  const grounded = new Uint8Array(n);
  const q = Jolt.Quat.prototype.sIdentity();
  for (let i = 0; i < n; i++) {
    const col = i % side, row = Math.floor(i / side);
    const p = [col - side / 2, 0.91, row - side / 2];
    const ch = new Jolt.CharacterVirtual(settings, new Jolt.RVec3(p[0], p[1], p[2]), q, sys.ps);
    if (collide) {
      cvc.Add(ch);
      ch.SetCharacterVsCharacterCollision(cvc);
    }
    chars.push(ch);
    for (let k = 0; k < 3; k++) start[3 * i + k] = pos[3 * i + k] = p[k];
    dir[i] = col % 2 === 0 ? 1 : -1;
  }
  return {
    n, collide, side, sys, cvc, chars, start, pos, dir, vy, grounded,
    up: extendedUpdateSettings(), v: new Jolt.Vec3(0, 0, 0),
    alloc: sys.jolt.GetTempAllocator(), tick: 0,
    ns: 0n, ticks: 0, closest: Infinity, touching: 0, touchBuf: new Uint8Array(n),
    free() { for (const ch of this.chars) Jolt.destroy(ch); Jolt.destroy(this.cvc); Jolt.destroy(this.sys.jolt); },
  };
}

// step plays one tick of crowd c and returns its nanoseconds.
function step(c) {
  const w = fieldWeave(c.tick);
  const { chars, pos, dir, vy, grounded, v, up, sys, alloc } = c;
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < c.n; i++) {
    // Walk along ±x, weave along the character's right (±z).
    v.Set(dir[i] * SPEED, vy[i] - G * DT, dir[i] * SPEED * w);
    chars[i].SetLinearVelocity(v);
  }
  for (let i = 0; i < c.n; i++) {
    const ch = chars[i];
    ch.ExtendedUpdate(DT, sys.grav, up, sys.bp, sys.ol, sys.bf, sys.sf, alloc);
    const p = ch.GetPosition();
    const x = p.GetX(), y = p.GetY(), z = p.GetZ();
    const g = ch.GetGroundState() === Jolt.EGroundState_OnGround;
    let vyNew = (y - pos[3 * i + 1]) / DT;
    if (g) vyNew = 0;
    vy[i] = vyNew;
    grounded[i] = g ? 1 : 0;
    pos[3 * i] = x; pos[3 * i + 1] = y; pos[3 * i + 2] = z;
  }
  const ns = process.hrtime.bigint() - t0;
  c.tick++;
  return ns;
}

// axisDistance is the distance of the axes of two upright capsules of
// half height HALF centred at a and b (systems' axisDistance).
function axisDistance(pos, i, j) {
  const h = Math.hypot(pos[3 * i] - pos[3 * j], pos[3 * i + 2] - pos[3 * j + 2]);
  const gap = Math.max(0, Math.abs(pos[3 * i + 1] - pos[3 * j + 1]) - 2 * HALF);
  return Math.hypot(h, gap);
}

// TOUCH is the axis distance under which two characters count as
// touching: 2 x radius plus 5 cm.
const TOUCH = 0.65;

// meet returns the smallest axis distance of two characters and how many
// characters are touching another (axes closer than TOUCH), through a 1 m
// grid of their positions (as systems' closestAxes).
function meet(pos, n, touching) {
  const cells = new Map();
  const key = (x, z) => x * 100003 + z;
  for (let i = 0; i < n; i++) {
    const k = key(Math.floor(pos[3 * i]), Math.floor(pos[3 * i + 2]));
    let l = cells.get(k);
    if (!l) cells.set(k, (l = []));
    l.push(i);
  }
  touching.fill(0);
  let worst = Infinity;
  for (let i = 0; i < n; i++) {
    const kx = Math.floor(pos[3 * i]), kz = Math.floor(pos[3 * i + 2]);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dz = -1; dz <= 1; dz++) {
        for (const j of cells.get(key(kx + dx, kz + dz)) ?? []) {
          if (j <= i) continue;
          const d = axisDistance(pos, i, j);
          worst = Math.min(worst, d);
          if (d < TOUCH) touching[i] = touching[j] = 1;
        }
      }
    }
  }
  let count = 0;
  for (let i = 0; i < n; i++) count += touching[i];
  return { closest: worst, touching: count };
}

// outcome is how far the characters that start in a pair walked along
// their walk direction, the mean over them, and the share grounded, at
// the end of the run.
function outcome(c) {
  let walked = 0, paired = 0, grounded = 0;
  for (let i = 0; i < c.n; i++) {
    grounded += c.grounded[i];
    const col = i % c.side;
    if (col % 2 === 0 && (col + 1 >= c.side || i + 1 >= c.n)) continue; // no partner
    walked += c.dir[i] * (c.pos[3 * i] - c.start[3 * i]);
    paired++;
  }
  return { walked: walked / paired, grounded: (100 * grounded) / c.n };
}

function round() {
  const crowds = [];
  for (const n of SIZES) for (const collide of [true, false]) crowds.push(buildCrowd(n, collide));
  for (const c of crowds) for (let t = 0; t < WARM; t++) step(c);
  for (let done = 0; done < TIMED; done += CHUNK) {
    for (const c of crowds) {
      for (let t = 0; t < CHUNK; t++) {
        c.ns += step(c);
        c.ticks++;
        const m = meet(c.pos, c.n, c.touchBuf);
        c.closest = Math.min(c.closest, m.closest);
        c.touching += m.touching;
      }
    }
  }
  const out = crowds.map((c) => ({ n: c.n, collide: c.collide, us: Number(c.ns) / 1000 / c.ticks / c.n, closest: c.closest, touching: (100 * c.touching) / c.ticks / c.n, ...outcome(c) }));
  for (const c of crowds) c.free();
  return out;
}

const runs = [];
for (let r = 0; r < rounds; r++) {
  const res = round();
  runs.push(res);
  if (!json) process.stderr.write(`round ${r + 1}: ${res.map((o) => `${o.n}${o.collide ? "" : " apart"}: ${o.us.toFixed(2)} µs`).join(", ")}\n`);
}
const last = runs[runs.length - 1];
const rows = last.map((o, k) => ({ ...o, usRuns: runs.map((r) => r[k].us) }));
if (json) {
  console.log(JSON.stringify({ engine: "jolt", rows }));
} else {
  const med = (v) => { const s = [...v].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
  const us = (v) => v.length === 1 ? v[0].toFixed(2) : `${med(v).toFixed(2)} [${Math.min(...v).toFixed(2)}–${Math.max(...v).toFixed(2)}]`;
  const pct = (x) => `${x.toFixed(0)}%`;
  console.log("| characters | Jolt | µs per character-tick | closest axes (m) | touching | walked (m) | grounded |");
  console.log("|---|---|---|---|---|---|---|");
  for (const o of rows) {
    const mode = o.collide ? "CharacterVsCharacterCollisionSimple" : "no character collision";
    console.log(`| ${o.n} | ${mode} | ${us(o.usRuns)} | ${o.closest.toFixed(3)} | ${pct(o.touching)} | ${o.walked.toFixed(2)} | ${pct(o.grounded)} |`);
  }
}
