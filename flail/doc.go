// Package flail is the brutal.io-style flail game domain of motorkit: the
// car/flail/rope physics of docs/flail.md#exact-mode-default-the-reference-server-reproduced (exact mode, reproducing the measured
// 40 Hz server step, and a clean XPBD mode), the flail size formula, the game
// rules (energy pickups, throwing and attracting the flail, energy drains,
// kills by a flail's own speed, contacts between cars and flails that
// conserve momentum, respawn with spawn protection, leaderboard, events), a uniform
// spatial grid for hit detection, deterministic seeded bots with skill levels
// and the tuning configuration (strict TOML, embedded default file).
//
// The game is top-down on the XZ plane (Y is up and stays constant). State is
// kept in SI units (meters, m/s, seconds, radians) like the rest of the
// module; the tuning file is authored in the reference game's world units (100 world
// units per meter unless configured) and per-reference-tick constants, and
// Config.Physics converts it once into per-tick SI constants for a given tick
// rate.
//
// The package is pure Go plus mgl64. It must not import donburi or ebiten:
// the ECS glue (components, systems, recipes, installation) lives in package
// flail/match, and the
// front end in demo/. It never reads the wall clock, never iterates maps in
// simulation and never uses the global random source; every random decision
// comes from an explicitly seeded RNG, so a match is reproducible bit for bit.
// Bad input (NaN or infinite aim, throttle or energy, huge values) is
// sanitized at the edge; state never becomes NaN or Inf.
//
// A match without an ECS (ExampleSim runs it):
//
//	arena := flail.NewArena(15, []flail.Box{{Center: mgl64.Vec3{0, 0, 0}, HalfX: 1, HalfZ: 1}}, true, 1)
//	s, err := flail.NewSim(cfg, 40, arena, 1)
//	if err != nil {
//		panic(err)
//	}
//	for i := 0; i < 40; i++ {
//		s.AddBot(flail.SkillHard)
//	}
package flail
