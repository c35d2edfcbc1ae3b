package telemetry_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/telemetry"
	"github.com/yohamta/donburi"
)

// spawnHybrid creates a hybrid character without a level with cfg.
func spawnHybrid(t *testing.T, w donburi.World, cfg hybrid.Config) *hybrid.Motor {
	t.Helper()
	m, err := hybrid.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(w.Create(components.Command, components.View, components.Motor, components.Intent,
		components.JumpBuffer, components.Body, components.KCC))
	components.Motor.Get(e).Motor = m
	components.Body.Get(e).Position = mgl64.Vec3{0, 100, 0}
	return m
}

type failWriter struct{ n int }

func (f *failWriter) Write(p []byte) (int, error) { f.n++; return 0, errors.New("disk full") }

// The console prints the block of each motor that asks, on the multiples
// of its own interval, and none of a motor that does not ask; it is one
// system per pipeline, and stops at its writer's first error.
func TestConsole(t *testing.T) {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	every := func(n int) hybrid.Config {
		c := hybrid.DefaultConfig()
		c.EnableConsoleDebug, c.ConsoleUpdateInterval = true, n
		return c
	}
	spawnHybrid(t, w, every(2))
	spawnHybrid(t, w, every(3))
	spawnHybrid(t, w, hybrid.DefaultConfig())
	var out strings.Builder
	c, err := telemetry.InstallConsole(p, &out)
	if err != nil || c == nil {
		t.Fatal(err)
	}
	if _, err := telemetry.InstallConsole(p, &out); err == nil {
		t.Error("a second console in one pipeline")
	}
	for i := 0; i < 6; i++ { // ticks 0..5: 0, 2, 4 and 0, 3
		p.Step()
	}
	if n := strings.Count(out.String(), "Input Direction:"); n != 5 {
		t.Fatalf("%d blocks, want 5:\n%s", n, out.String())
	}

	w2 := donburi.NewWorld()
	p2 := systems.NewPipeline(w2, systems.Options{TickRate: 60})
	spawnHybrid(t, w2, every(1))
	fw := &failWriter{}
	c2, _ := telemetry.InstallConsole(p2, fw)
	p2.Step()
	p2.Step()
	if fw.n != 1 || c2.Err == nil {
		t.Fatalf("%d writes after an error, Err %v", fw.n, c2.Err)
	}
}
