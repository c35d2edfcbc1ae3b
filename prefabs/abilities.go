package prefabs

import (
	"github.com/seedgames/motorkit/abilities"
	"github.com/seedgames/motorkit/components"
	"github.com/yohamta/donburi"
)

// The abilities' recipe tables ([climb], [swim], [ledge], [wall],
// [drop_through]; package abilities): a recipe with one of them spawns its
// characters with the Abilities component, that ability enabled with the
// table's values over its defaults (enabled = false switches it off
// again).
func init() {
	registerAbility("climb", abilities.DefaultClimb, func(c *abilities.Config, v abilities.Climb) { c.Climb = v })
	registerAbility("swim", abilities.DefaultSwim, func(c *abilities.Config, v abilities.Swim) { c.Swim = v })
	registerAbility("ledge", abilities.DefaultLedge, func(c *abilities.Config, v abilities.Ledge) { c.Ledge = v })
	registerAbility("wall", abilities.DefaultWall, func(c *abilities.Config, v abilities.Wall) { c.Wall = v })
	registerAbility("drop_through", abilities.DefaultDropThrough, func(c *abilities.Config, v abilities.DropThrough) { c.DropThrough = v })
}

// validator is an ability table: it checks its own values.
type validator interface{ Validate(source string) error }

func registerAbility[T validator](name string, defaults func() T, set func(*abilities.Config, T)) {
	RegisterSection(name, Section[T]{
		Components: []donburi.IComponentType{components.Abilities},
		Defaults:   defaults,
		Check:      func(v T, source string) error { return v.Validate(source) },
		Apply: func(e *donburi.Entry, v T) error {
			ab := components.Abilities.Get(e)
			if ab.Config == nil {
				// Every spawn has its own copy: a game may tune one
				// character's abilities.
				ab.Config = &abilities.Config{}
			}
			set(ab.Config, v)
			return nil
		},
	})
}
