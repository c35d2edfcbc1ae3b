// Jolt's CharacterVirtual (npm jolt-physics 1.1.0: Jolt 5.6, single
// precision, WebAssembly) as a third engine for compare.mjs: the same
// scenes, geometry, capsule and caller as kcc and Rapier.
//
// Settings, mapped from the scenes' kcc configuration:
//   capsule          CapsuleShape(half height 0.6, radius 0.3), centred on
//                    the character's position as kcc's capsule is
//   skin             mCharacterPadding = 0.01 (kcc's offset)
//   supporting part  mSupportingVolume = plane y = -0.6 in character space:
//                    only contacts below the lower hemisphere's centre
//                    support (Jolt's sample does the same for its capsule)
//   climb limit      mMaxSlopeAngle = 45°
//   snap to ground   ExtendedUpdate mStickToFloorStepDown = (0, -0.2, 0)
//   autostep         ExtendedUpdate mWalkStairsStepUp = (0, 0.35, 0)
//   boxes            BoxShape with convex radius 0 (sharp, like kcc's boxes
//                    and Rapier's cuboids); meshes and heightfields as
//                    MeshShape of the same triangles
// Everything else keeps Jolt's defaults (predictive contact distance 0.1,
// penetration recovery speed 1, walk-stairs forward test 0.15).
import initJolt from "jolt-physics/wasm-compat";
import { DT, G, play } from "./caller.mjs";

export const Jolt = await initJolt();
export const R = 0.3, HALF = 0.6, OFFSET = 0.01;
const NON_MOVING = 0, MOVING = 1;

// joltSystem makes a physics system with the scene's static geometry
// (Boxes, Meshes, and with opts.nativeHeightfield the Heightfield, see
// buildJolt); free() of what it returns is Jolt.destroy of its jolt.
export function joltSystem(scene, opts = {}) {
  const settings = new Jolt.JoltSettings();
  settings.mMaxBodies = 64;
  settings.mMaxBodyPairs = 64;
  settings.mMaxContactConstraints = 64;
  const pairs = new Jolt.ObjectLayerPairFilterTable(2);
  pairs.EnableCollision(NON_MOVING, MOVING);
  pairs.EnableCollision(MOVING, MOVING);
  const bpi = new Jolt.BroadPhaseLayerInterfaceTable(2, 2);
  bpi.MapObjectToBroadPhaseLayer(NON_MOVING, new Jolt.BroadPhaseLayer(0));
  bpi.MapObjectToBroadPhaseLayer(MOVING, new Jolt.BroadPhaseLayer(1));
  settings.mObjectLayerPairFilter = pairs;
  settings.mBroadPhaseLayerInterface = bpi;
  settings.mObjectVsBroadPhaseLayerFilter = new Jolt.ObjectVsBroadPhaseLayerFilterTable(bpi, 2, pairs, 2);
  const jolt = new Jolt.JoltInterface(settings);
  Jolt.destroy(settings);
  const ps = jolt.GetPhysicsSystem();
  const bi = ps.GetBodyInterface();
  const addStatic = (shape, c, q) => {
    const cs = new Jolt.BodyCreationSettings(shape, new Jolt.RVec3(c[0], c[1], c[2]), q, Jolt.EMotionType_Static, NON_MOVING);
    const body = bi.CreateBody(cs);
    bi.AddBody(body.GetID(), Jolt.EActivation_DontActivate);
    Jolt.destroy(cs);
  };
  for (const b of scene.Boxes ?? []) {
    addStatic(new Jolt.BoxShape(new Jolt.Vec3(b.H[0], b.H[1], b.H[2]), 0, null), b.C, new Jolt.Quat(b.Q[0], b.Q[1], b.Q[2], b.Q[3]));
  }
  const hf = opts.nativeHeightfield ? scene.Heightfield : null;
  if (hf) {
    if (hf.Cols !== hf.Rows) throw new Error("jolt heightfield: Jolt's is square");
    const hs = new Jolt.HeightFieldShapeSettings();
    hs.mSampleCount = hf.Cols;
    hs.mOffset = new Jolt.Vec3(hf.Origin[0], hf.Origin[1], hf.Origin[2]);
    hs.mScale = new Jolt.Vec3(hf.Cell, 1, hf.Cell);
    hs.mHeightSamples.resize(hf.Heights.length);
    const view = new Float32Array(Jolt.HEAPF32.buffer, Jolt.getPointer(hs.mHeightSamples.data()), hf.Heights.length);
    view.set(hf.Heights);
    const res = hs.Create();
    if (res.HasError()) throw new Error(`jolt heightfield: ${res.GetError().c_str()}`);
    addStatic(res.Get(), [0, 0, 0], Jolt.Quat.prototype.sIdentity());
  }
  for (const m of hf ? [] : scene.Meshes ?? []) {
    const tris = new Jolt.TriangleList();
    tris.resize(m.I.length / 3);
    for (let t = 0; t < m.I.length / 3; t++) {
      const tri = tris.at(t);
      for (let k = 0; k < 3; k++) {
        const v = tri.get_mV(k), p = m.V[m.I[3 * t + k]];
        v.x = p[0]; v.y = p[1]; v.z = p[2];
      }
    }
    const res = new Jolt.MeshShapeSettings(tris, new Jolt.PhysicsMaterialList()).Create();
    if (res.HasError()) throw new Error(`jolt mesh of ${scene.Name}: ${res.GetError().c_str()}`);
    addStatic(res.Get(), [0, 0, 0], Jolt.Quat.prototype.sIdentity());
    Jolt.destroy(tris);
  }
  ps.OptimizeBroadPhase();
  const ovb = jolt.GetObjectVsBroadPhaseLayerFilter(), olp = jolt.GetObjectLayerPairFilter();
  return {
    jolt, ps,
    bp: new Jolt.DefaultBroadPhaseLayerFilter(ovb, MOVING),
    ol: new Jolt.DefaultObjectLayerFilter(olp, MOVING),
    bf: new Jolt.BodyFilter(), sf: new Jolt.ShapeFilter(),
    grav: new Jolt.Vec3(0, -G, 0),
  };
}

// characterSettings are the CharacterVirtualSettings mapped from kcc's
// configuration (the table at the top of this file).
export function characterSettings() {
  const cs = new Jolt.CharacterVirtualSettings();
  cs.mShape = new Jolt.CapsuleShape(HALF, R, null);
  cs.mMaxSlopeAngle = 45 * Math.PI / 180;
  cs.mCharacterPadding = OFFSET;
  cs.mSupportingVolume = new Jolt.Plane(Jolt.Vec3.prototype.sAxisY(), HALF);
  return cs;
}

// extendedUpdateSettings are ExtendedUpdate's: kcc's snap to ground and
// autostep height.
export function extendedUpdateSettings() {
  const up = new Jolt.ExtendedUpdateSettings();
  up.mStickToFloorStepDown = new Jolt.Vec3(0, -0.2, 0);
  up.mWalkStairsStepUp = new Jolt.Vec3(0, 0.35, 0);
  return up;
}

// buildJolt makes a physics system with the scene's static geometry and a
// CharacterVirtual at the scene's start; free() releases both. With
// opts.nativeHeightfield a scene's Heightfield (long.mjs) becomes Jolt's
// HeightFieldShape instead of the triangle mesh kcc exports: same samples,
// same cell diagonal ((x0, z0)-(x1, z1)), heights quantized by Jolt to 8
// bits per block of 2 x 2 cells.
export function buildJolt(scene, opts = {}) {
  const sys = joltSystem(scene, opts);
  const start = new Jolt.RVec3(scene.Start[0], scene.Start[1], scene.Start[2]);
  const ch = new Jolt.CharacterVirtual(characterSettings(), start, Jolt.Quat.prototype.sIdentity(), sys.ps);
  return {
    ...sys, ch, up: extendedUpdateSettings(), start,
    v: new Jolt.Vec3(0, 0, 0),
    free() { Jolt.destroy(this.ch); Jolt.destroy(this.jolt); },
  };
}

// runJolt plays the scene's plan once from its start with the caller of
// caller.mjs; the timed part is SetLinearVelocity, ExtendedUpdate and
// reading the result.
export function runJolt(scene, w) {
  w.ch.SetPosition(w.start);
  w.v.Set(0, 0, 0);
  w.ch.SetLinearVelocity(w.v);
  const alloc = w.jolt.GetTempAllocator();
  return play(scene, {
    move(pos, v) {
      w.v.Set(v[0], v[1], v[2]);
      w.ch.SetLinearVelocity(w.v);
      w.ch.ExtendedUpdate(DT, w.grav, w.up, w.bp, w.ol, w.bf, w.sf, alloc);
      const p = w.ch.GetPosition();
      return { d: [p.GetX() - pos[0], p.GetY() - pos[1], p.GetZ() - pos[2]],
        grounded: w.ch.GetGroundState() === Jolt.EGroundState_OnGround };
    },
    normal() {
      const n = w.ch.GetGroundNormal();
      return [n.GetX(), n.GetY(), n.GetZ()];
    },
  });
}

// JOLT_PLAIN=1 makes moveJolt call Update (no stair walking, no stick to
// floor) instead of ExtendedUpdate, to see what those two steps cost.
const plainUpdate = process.env.JOLT_PLAIN === "1";

// moveJolt makes one move of translation d (m) from start in a single
// 1/60 s update, as long.mjs asks kcc and Rapier for one long move; it
// returns the translation Jolt made and whether it ended on the ground.
export function moveJolt(w, start, d) {
  w.start.Set(start.x, start.y, start.z);
  w.ch.SetPosition(w.start);
  w.v.Set(d.x / DT, d.y / DT, d.z / DT);
  w.ch.SetLinearVelocity(w.v);
  if (plainUpdate) {
    w.ch.Update(DT, w.grav, w.bp, w.ol, w.bf, w.sf, w.jolt.GetTempAllocator());
  } else {
    w.ch.ExtendedUpdate(DT, w.grav, w.up, w.bp, w.ol, w.bf, w.sf, w.jolt.GetTempAllocator());
  }
  const p = w.ch.GetPosition();
  return { t: [p.GetX() - start.x, p.GetY() - start.y, p.GetZ() - start.z],
    grounded: w.ch.GetGroundState() === Jolt.EGroundState_OnGround };
}
