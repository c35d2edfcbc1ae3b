package prefabs_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// Spawn a character from an embedded recipe, placed and turned, with one
// knob overridden for this spawn only.
func ExampleSpawn() {
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "capsule_walker",
		prefabs.At(mgl64.Vec3{2, 0.91, -1}),
		prefabs.Facing(1.5),
		prefabs.Override("[motor]\nmax_speed = 7.5\n"))
	if err != nil {
		panic(err)
	}
	e := w.Entry(ent)
	k := components.KCC.Get(e)
	fmt.Println(components.Body.Get(e).Position, components.View.Get(e).Yaw, k.Shape.Radius, k.Gravity)
	// Output: [2 0.91 -1] 1.5 0.3 20
}

// A user file of recipes: one override of a built-in recipe and one new
// recipe. Errors name the file and the line.
func ExampleLibrary_LoadTOML() {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		panic(err)
	}
	err = lib.LoadTOML([]byte(`
[prefab.capsule_walker.motor]
max_speed = 6.0

[prefab.sprinter.motor]
kind = "basic"
max_speed = 9.0
`), "my_recipes.toml")
	fmt.Println(err)
	r, _ := lib.Recipe("sprinter")
	fmt.Println(r.Name, r.KCC.Radius)
	fmt.Println(lib.LoadTOML([]byte("[prefab.sprinter.motor]\nmax_speed = -1\n"), "my_recipes.toml"))
	// Output:
	// <nil>
	// sprinter 0.3
	// prefab "sprinter": my_recipes.toml:2: key "motor.max_speed": value -1 out of range [0, 100]
}

// A collision level from a level file's text: a floor and a tilted box.
func ExampleBuildLevel() {
	w, err := prefabs.BuildLevel([]byte(`
[[box]]
center = [0.0, -0.5, 0.0]
half = [10.0, 0.5, 10.0]

[[box]]
center = [4.0, 0.5, 0.0]
half = [2.0, 0.5, 2.0]
rot_deg = [0.0, 0.0, 15.0]
`), "yard.toml")
	if err != nil {
		panic(err)
	}
	hit, ok := w.RayCast(mgl64.Vec3{-5, 5, 0}, mgl64.Vec3{0, -1, 0}, 10)
	fmt.Printf("%v floor at y=%.2f\n", ok, hit.Point[1])
	// Output: true floor at y=0.00
}
