package play_test

import (
	"fmt"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
)

// Run the arena motor for a second on the course, switch to the RPG motor
// mid-run and check that the switch kept the velocity.
func Example() {
	s, err := play.New(play.Options{Motor: "arena"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := 0; i < 60; i++ {
		s.Submit(components.CommandData{Forward: 1}, components.ViewData{Yaw: 1.2})
		s.Advance(1.0 / 60)
	}
	before := s.State().Body.Velocity
	if err := s.SwitchMotor("rpg"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Motor(), s.State().Body.Velocity == before)
	// Output: rpg true
}
