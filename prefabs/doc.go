// Package prefabs spawns motorkit entities from named TOML recipes, and
// builds collision levels from TOML level files.
//
// A recipe is one TOML file: sections [body], [view], [kcc], [jump] and
// [motor] (whose `kind` selects a motor registered with RegisterMotor), plus
// any section registered with RegisterSection (the flail game's, for
// example). Every key is optional: a table decodes over its defaults (the
// motor's DefaultConfig, DefaultKCCSettings), so a recipe sets only what
// differs from them, as the default recipes embedded from prefabs/data do.
// A user file loaded with LoadFile overrides any field of them or adds
// recipes, and Spawn's Override option merges TOML for one spawn. Unknown keys and
// out-of-range values are errors that name the file, the key and the range.
//
// Levels (prefabs/levels/*.toml) describe static geometry for package kcc:
// boxes, ramps, stairs, triangle meshes and heightfields.
//
// This package ties the others together; it must not contain movement math
// (that is in motors and kcc) and must not import ebiten.
//
// Main entry points: Spawn and SpawnLevel with the options At, Facing and
// Override; a Library of recipes (NewLibrary, LoadFile, LoadTOML,
// AddRecipe) for user files; RegisterMotor and RegisterSection to extend
// recipes. For example (ExampleSpawn runs it):
//
//	ent, err := prefabs.Spawn(w, "capsule_walker",
//		prefabs.At(mgl64.Vec3{2, 0.91, -1}),
//		prefabs.Facing(1.5),
//		prefabs.Override("[motor]\nmax_speed = 7.5\n"))
//	if err != nil {
//		panic(err)
//	}
package prefabs
