package systems_test

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// A rewind: the state of tick 60 saved, a second played on, the state
// loaded, and the world is back where it was, the character too.
func ExamplePipeline_SaveState() {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, "flat"); err != nil {
		panic(err)
	}
	player, err := prefabs.Spawn(w, "arena_player")
	if err != nil {
		panic(err)
	}
	p := systems.NewPipeline(w, systems.Options{})
	p.SetSpawner(prefabs.Respawn)    // for a load that must spawn characters again
	id, _ := p.IDOf(w.Entry(player)) // the character's stable ID: it survives any load
	for i := 0; i < 60; i++ {
		systems.Submit(w.Entry(player), components.CommandData{Forward: 1})
		p.Step()
	}
	var buf []byte

	state, err := p.SaveState(buf[:0]) // append the whole state to buf
	if err != nil {
		panic(err)
	}
	sum := p.Checksum() // FNV-1a of the state's bytes
	for i := 0; i < 60; i++ {
		p.Step()
	}
	if err := p.LoadState(state); err != nil { // rewind (or join: see below)
		panic(err)
	}

	e, _ := p.Character(id)
	fmt.Printf("tick %d, same checksum %v, x = %.2f m\n", p.Ticks(), p.Checksum() == sum, components.Body.Get(e).Position.X())
	// Output: tick 60, same checksum true, x = 7.68 m
}

// ScoreData is a game's plain-data component, TrailData one with a slice
// (it implements systems.StateCodec).
type ScoreData struct {
	Points int64
	Combo  float64
}

type TrailData struct{ Xs []float64 }

func (t *TrailData) AppendState(dst []byte) []byte {
	dst = append(dst, byte(len(t.Xs)))
	for _, x := range t.Xs {
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(x))
	}
	return dst
}

func (t *TrailData) LoadState(src []byte) error {
	if len(src) == 0 || len(src) != 1+8*int(src[0]) {
		return fmt.Errorf("trail: %d bytes", len(src))
	}
	t.Xs = t.Xs[:0]
	for i := 0; i < int(src[0]); i++ {
		t.Xs = append(t.Xs, math.Float64frombits(binary.LittleEndian.Uint64(src[1+8*i:])))
	}
	return nil
}

var (
	Score = donburi.NewComponentType[ScoreData]()
	Trail = donburi.NewComponentType[TrailData]()
)

// A game's own components join the state in one line each.
func ExampleRegisterState() {
	w := donburi.NewWorld()
	p := systems.NewPipeline(w, systems.Options{})

	systems.RegisterState(p, Score) // plain data: numbers, bools, arrays and structs of them
	systems.RegisterState(p, Trail) // anything else: *TrailData implements systems.StateCodec

	ent := w.Create(Score, Trail)
	Score.Get(w.Entry(ent)).Points = 7
	Trail.Get(w.Entry(ent)).Xs = []float64{1.5, 2.5}
	state, _ := p.SaveState(nil)
	Score.Get(w.Entry(ent)).Points = 0
	Trail.Get(w.Entry(ent)).Xs = nil
	if err := p.LoadState(state); err != nil {
		panic(err)
	}
	fmt.Println(Score.Get(w.Entry(ent)).Points, Trail.Get(w.Entry(ent)).Xs)
	// Output: 7 [1.5 2.5]
}
