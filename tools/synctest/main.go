// Command synctest rolls back and resimulates every tick of scripted
// games of the built-in recipes, GGRS's SyncTest (package rollback), and
// reports the first tick whose state differs and where it differs.
//
// Each scene is a level with characters of one recipe (and one of every
// recipe), played by scripted inputs (walk, strafe, turn, jump, crouch,
// sprint, walk, dash) encoded as netplay.Commands, with a character
// removed and another spawned every 97 ticks. After every tick the state
// saved depth ticks before is loaded and those ticks run again; every
// state run again is compared with the first run's.
//
// Usage (from a clone of the repository):
//
//	go run ./tools/synctest -level living -depth 8 -ticks 3600
//
// It prints one line per scene and exits 1 on the first desync, naming the
// tick and the component that differs.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/rollback"
	"github.com/seedgames/motorkit/systems"
)

func main() {
	level := flag.String("level", "living", "built-in level (living, playground, course, ...)")
	depth := flag.Int("depth", 8, "ticks rolled back after every tick (1-64)")
	ticks := flag.Int("ticks", 3600, "ticks to play per scene")
	chars := flag.Int("characters", 16, "characters per scene")
	collide := flag.Bool("collisions", true, "characters collide (systems.Options.CharacterCollisions)")
	recipes := flag.String("recipes", "all,"+strings.Join(scripted.Recipes, ","), "comma-separated scenes: a recipe name, or all (every recipe in turn)")
	flag.Parse()
	failed := false
	for _, r := range strings.Split(*recipes, ",") {
		if err := run(*level, r, *depth, *ticks, *chars, *collide); err != nil {
			fmt.Fprintln(os.Stderr, err)
			failed = true
			if !errors.Is(err, rollback.ErrDesync) {
				os.Exit(2)
			}
		}
	}
	if failed {
		os.Exit(1)
	}
}

// run plays one scene under SyncTest and prints its line.
func run(level, recipe string, depth, ticks, chars int, collide bool) error {
	o := scripted.Options{Level: level, Characters: chars, NoScript: true,
		Pipeline: systems.Options{CharacterCollisions: collide}}
	if recipe != "all" {
		o.Recipes = []string{recipe}
	}
	scene, err := scripted.New(o)
	if err != nil {
		return err
	}
	sim := scripted.NewSim(scene)
	t0 := time.Now()
	rep, err := rollback.SyncTest(sim, rollback.SyncTestConfig{Players: min(chars, rollback.MaxPlayers), InputSize: netplay.CommandSize,
		Depth: depth, Ticks: ticks}, scripted.Inputs)
	what := fmt.Sprintf("synctest: %s, %s, %d characters, depth %d, %d ticks:", level, recipe, chars, depth, rep.Ticks)
	if err != nil {
		if errors.Is(err, rollback.ErrDesync) {
			return fmt.Errorf("%s %d desyncs, the first at tick %d: %s: %w", what, rep.Desyncs, rep.FirstDesync,
				scene.Pipeline.StateDiff(rep.FirstState, rep.ResimState), err)
		}
		return fmt.Errorf("%s %w", what, err)
	}
	fmt.Printf("%s %d rollbacks, %d ticks resimulated, 0 desyncs, checksum %016x (%.1f s)\n",
		what, rep.Rollbacks, rep.Resimulated, scene.Pipeline.Checksum(), time.Since(t0).Seconds())
	return nil
}
