// Package ldtk reads levels made in LDtk (https://ldtk.io): a project
// file (.ldtk), with its levels inside it or in separate level files
// (.ldtkl, "Save levels to separate files"), and what a game needs from
// them to build its collision world and spawn its characters: each
// level's place in the world, its IntGrid layers (solid ground, ladders,
// water, spikes as integer values per cell), its entities with their
// fields, and its own fields.
//
// LDtk's coordinates are kept: pixels, x to the right, y down, a level's
// origin at its top-left corner, the world position of a level in
// WorldX/WorldY. Drawing a tile layer is the game's (its tiles are not
// read here).
//
// An IntGrid layer's cells of some values merge into few rectangles
// (Layer.Rects): a level of 200 x 100 tiles is a few hundred boxes, not
// 20,000. Every error names the file, the level, the layer and the cell
// or entity it is about.
//
// The package is separate so that a game that does not load LDtk maps
// does not build it. No parser of LDtk's JSON in Go is served by this
// project's module proxy; the format is documented (https://ldtk.io/json)
// and this package reads it with encoding/json.
package ldtk
