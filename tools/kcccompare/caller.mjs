// The caller every engine of compare.mjs gets, the one kcc's scenes use
// (tools/kcccompare/scenes): 60 Hz, gravity -20 m/s^2 integrated every
// tick, vertical velocity read back from the move and zeroed while
// grounded; "plane" scenes use the pipeline's caller instead (no gravity
// while grounded, the planar velocity lifted onto the last ground normal).
export const DT = 1 / 60, G = 20;

// play runs the scene's plan through an engine and counts grounded
// transitions (grounded -> air -> grounded) and air ticks. engine.move(pos,
// v) moves the character from pos with velocity v (m/s) for one tick and
// returns { d: translation [x, y, z], grounded }; it alone is timed.
// engine.normal() is the ground normal after the move (the plane caller's).
export function play(scene, engine) {
  const pos = [...scene.Start];
  const vel = [0, 0, 0];
  let transitions = 0, airTicks = 0, wasAir = false, ever = false, wasGrounded = false;
  let ns = 0n, moves = 0;
  let n = [0, 1, 0];
  for (const ph of scene.Plan) {
    for (let i = 0; i < ph.Ticks; i++) {
      vel[0] = ph.Wish[0]; vel[2] = ph.Wish[2];
      const jump = i === 0 ? ph.Jump : 0;
      let v;
      if (scene.Caller === "plane" && wasGrounded && jump === 0) {
        const lift = n[1] > 1e-3 ? -(n[0] * vel[0] + n[2] * vel[2]) / n[1] : 0;
        vel[1] = 0;
        v = [vel[0], lift, vel[2]];
      } else {
        if (jump > 0) vel[1] = jump;
        vel[1] -= G * DT;
        v = [...vel];
      }
      const t0 = process.hrtime.bigint();
      const r = engine.move(pos, v);
      ns += process.hrtime.bigint() - t0;
      moves++;
      for (let k = 0; k < 3; k++) pos[k] += r.d[k];
      let vy = r.d[1] / DT;
      if (r.grounded && (vy < 0 || jump === 0)) vy = 0;
      if (scene.Caller === "plane" && !r.grounded) vy = Math.min(vel[1], Math.max(0, vy));
      vel[1] = vy;
      if (scene.Caller === "plane") n = r.grounded ? (engine.normal() ?? n) : [0, 1, 0];
      wasGrounded = r.grounded;
      if (r.grounded) {
        if (wasAir && ever) transitions++;
        wasAir = false; ever = true;
      } else {
        wasAir = true; airTicks++;
      }
    }
  }
  return { final: pos, transitions, airTicks, us: Number(ns) / 1000 / moves };
}
