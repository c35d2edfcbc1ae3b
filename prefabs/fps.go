package prefabs

import (
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

// The FPS motor of seed 004: a recipe's [motor] table with kind = "fps"
// takes the keys of motors/fps/fps.toml (times in seconds, angles in
// degrees, unknown keys rejected); absent keys keep the defaults. The motor
// implements Verticaler, so gravity, jump_speed = sqrt(2 g h) and
// max_fall_speed come from it unless the recipe's [kcc] table sets them.
func init() {
	RegisterMotor(fps.Kind, func(data []byte, source string) (motors.Motor, error) {
		cfg, err := fps.Parse(data, source)
		if err != nil {
			return nil, err
		}
		return fps.New(cfg)
	})
}

// crouchSyncer is implemented by motors whose speed cap depends on whether
// the capsule is crouched (fps.Motor).
type crouchSyncer interface {
	SetCrouched(bool)
}

var fpsCrouchQuery = donburi.NewQuery(filter.Contains(components.Motor, components.KCC))

func syncCrouchEntity(e *donburi.Entry) {
	if m, ok := components.Motor.Get(e).Motor.(crouchSyncer); ok {
		m.SetCrouched(components.KCC.Get(e).Crouched)
	}
}

// SyncCrouched is a system that tells every crouch-aware motor (fps.Motor)
// whether its capsule is crouched, so the speed cap stays at crouch speed
// while standing up is refused under a low ceiling even though the crouch
// key is released. InstallFPS adds it before the intent stage.
func SyncCrouched(w donburi.World, _ systems.Tick) {
	fpsCrouchQuery.Each(w, syncCrouchEntity)
}

// InstallFPS adds the FPS motor's pipeline systems to p: SyncCrouched
// before the intent stage.
func InstallFPS(p *systems.Pipeline) {
	p.AddBefore(systems.StageIntent, "fps.crouch_sync", SyncCrouched)
}
