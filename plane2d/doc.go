// Package plane2d is the 2D face of motorkit: a game's pixels and screen
// axes at its edges, the pipeline's metres and its Y-up 3D space inside.
//
// A Space says how the two meet. A side view (Side) puts the screen's X
// along the world's X and the screen's Y, which grows down, along the
// world's -Y: world = (x, -y, 0) / PixelsPerMetre, with its characters in
// components.PlaneSide. A top view (Top) puts the screen on the world's
// XZ plane: world = (x, 0, y) / PixelsPerMetre, components.PlaneTop. The
// documented example is 16 px tiles of one metre each (Side(16)).
//
// A Space reads and writes a character's position and velocity in pixels
// (Position, SetPosition, Velocity), converts a level's rectangles and
// entities into a level the pipeline runs (Level, Build), and keeps
// donburi's features/transform component of every character up to date
// after each tick (Install), so a game's drawing systems read positions in
// pixels as they always have. Packages ldtk and tiled read the editors'
// files; their Rects and entities become a Level here.
package plane2d
