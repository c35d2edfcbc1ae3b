package netplay_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

func newGame(t testing.TB, o netplay.GameOptions) *netplay.Game {
	t.Helper()
	g, err := netplay.NewGame(o)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func step(t testing.TB, g *netplay.Game, f *netplay.TickInput) {
	t.Helper()
	if err := g.Step(f); err != nil {
		t.Fatalf("tick %d: %v", f.Tick, err)
	}
}

// script is seat s's scripted command at tick.
func script(tick uint64, s int) netplay.Command {
	c, v := scripted.Command(tick, s)
	return netplay.EncodeCommand(c, v)
}

// seatedCharacters counts the entities with a Seat component.
func seatedCharacters(g *netplay.Game) int {
	return donburi.NewQuery(filter.Contains(netplay.Seat)).Count(g.World)
}

// spawnFeet is where seat s's feet are put on a level without spawn
// points (Game.Step's spawn place): rows of four 1.5 m apart from
// x = -2.25 around the origin.
func spawnFeet(s int) mgl64.Vec3 {
	return mgl64.Vec3{float64(s%4)*1.5 - 2.25, 0, float64(s/4) * 1.5}
}

// seen is a character as a probe saw it.
type seen struct {
	pos, vel                mgl64.Vec3
	yaw, halfHeight, radius float64
	seat                    netplay.SeatData
	ok                      bool
}

// probe adds a system that runs first in every tick (after the tick input's
// events and inputs, before any motion) and returns what it last saw of
// each seat's character.
func probe(t testing.TB, g *netplay.Game) *[netplay.MaxSeats]seen {
	t.Helper()
	var out [netplay.MaxSeats]seen
	err := g.Pipeline.AddBefore(systems.StageIntent, "probe", func(w donburi.World, _ systems.Tick) {
		out = [netplay.MaxSeats]seen{}
		for s := range netplay.MaxSeats {
			if e, ok := g.Character(s); ok {
				out[s] = describe(e)
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return &out
}

func describe(e *donburi.Entry) seen {
	b, k := components.Body.Get(e), components.KCC.Get(e)
	return seen{pos: b.Position, vel: b.Velocity, yaw: components.View.Get(e).Yaw,
		halfHeight: k.Shape.HalfHeight, radius: k.Shape.Radius, seat: *netplay.Seat.Get(e), ok: true}
}

// DefaultRecipes are prefabs' built-in player recipes in name order: the
// library's own order, not a game's keys.
func TestDefaultRecipesAreThePlayerRecipes(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, n := range lib.Names() {
		if strings.HasSuffix(n, "_player") {
			want = append(want, n)
		}
	}
	if !slices.Equal(netplay.DefaultRecipes, want) {
		t.Errorf("DefaultRecipes %q, want %q", netplay.DefaultRecipes, want)
	}
}

// A Join seats a character of the recipe at the seat's spawn place (the
// feet at spawnFeet, the body centre halfHeight+radius+0.05 above them,
// as Game.apply places it), with Seat{seat, recipe} and the recipe's
// capsule; Recipe and Seats say so; the other seats stay empty. A Leave
// removes it and nothing with a Seat component is left.
func TestGameJoinLeave(t *testing.T) {
	g := newGame(t, netplay.GameOptions{})
	p := probe(t, g)
	lib, err := prefabs.Default()
	if err != nil {
		t.Fatal(err)
	}
	const seat, recipe = 6, 1
	step(t, g, &netplay.TickInput{Tick: 0, Events: []netplay.Event{{Kind: netplay.Join, Seat: seat, Recipe: recipe}}})
	r, err := lib.Recipe(netplay.DefaultRecipes[recipe])
	if err != nil {
		t.Fatal(err)
	}
	got := p[seat]
	want := spawnFeet(seat).Add(mgl64.Vec3{0, r.KCC.HalfHeight + r.KCC.Radius + 0.05, 0})
	if !got.ok || got.pos.Sub(want).Len() > 1e-9 || got.vel != (mgl64.Vec3{}) {
		t.Errorf("the joined character at the start of its first tick: %+v, want at %v at rest", got, want)
	}
	if got.seat != (netplay.SeatData{Index: seat, Recipe: recipe}) || got.halfHeight != r.KCC.HalfHeight || got.radius != r.KCC.Radius {
		t.Errorf("the joined character is %+v, want seat %d of %s (half height %v, radius %v)", got, seat, r.Name, r.KCC.HalfHeight, r.KCC.Radius)
	}
	if rc, ok := g.Recipe(seat); !ok || rc != recipe {
		t.Errorf("Recipe(%d) = %d, %v", seat, rc, ok)
	}
	if g.Seats() != 1<<seat || seatedCharacters(g) != 1 {
		t.Errorf("Seats() = %b with %d seated characters, want only seat %d", g.Seats(), seatedCharacters(g), seat)
	}
	for s := range netplay.MaxSeats {
		if _, ok := g.Character(s); ok != (s == seat) {
			t.Errorf("Character(%d): %v", s, ok)
		}
	}
	step(t, g, &netplay.TickInput{Tick: 1, Events: []netplay.Event{{Kind: netplay.Leave, Seat: seat}}})
	if _, ok := g.Character(seat); ok || g.Seats() != 0 || seatedCharacters(g) != 0 {
		t.Errorf("after the leave: seats %b, %d seated characters", g.Seats(), seatedCharacters(g))
	}
	if _, ok := g.Recipe(seat); ok {
		t.Error("Recipe of a seat left empty")
	}
}

// A Switch replaces the character with one of the new recipe that keeps
// the feet (position.Y − halfHeight − radius), the horizontal position,
// the velocity and the view's yaw: seen just before the switch's tick
// (after the last tick) and at its start (after the event, before any
// motion; the switch's tick input gives the seat no input, so nothing else
// writes the view). arena_player and rpg_player differ in radius (0.3,
// 0.35), so the centre must move for the feet to stay.
func TestGameSwitchKeepsFeetVelocityView(t *testing.T) {
	g := newGame(t, netplay.GameOptions{})
	p := probe(t, g)
	rpg := uint8(slices.Index(netplay.DefaultRecipes, "rpg_player"))
	f := netplay.TickInput{Events: []netplay.Event{{Kind: netplay.Join, Seat: 0, Recipe: 0}}, Seats: 1}
	// Walk and turn for 45 ticks, a jump at tick 30: the switch finds
	// the character moving, in the air.
	for tick := uint64(0); tick < 45; tick++ {
		f.Tick = tick
		if tick > 0 {
			f.Events = nil
		}
		f.Inputs[0] = netplay.EncodeCommand(motors.Command{Forward: 1, Strafe: 0.3, JumpPressed: tick == 30, JumpHeld: tick >= 30},
			motors.View{Yaw: 0.02 * float64(tick)})
		step(t, g, &f)
	}
	e, _ := g.Character(0)
	before := describe(e)
	if before.vel.Len() < 1 || before.yaw == 0 {
		t.Fatalf("the character before the switch: %+v, want it moving and turned", before)
	}
	step(t, g, &netplay.TickInput{Tick: 45, Events: []netplay.Event{{Kind: netplay.Switch, Seat: 0, Recipe: rpg}}})
	after := p[0]
	feet := func(s seen) float64 { return s.pos[1] - s.halfHeight - s.radius }
	if after.halfHeight+after.radius == before.halfHeight+before.radius {
		t.Fatal("the recipes have the same capsule: the test shows nothing")
	}
	if math.Abs(feet(after)-feet(before)) > 1e-12 || after.pos[0] != before.pos[0] || after.pos[2] != before.pos[2] {
		t.Errorf("feet at %v (y %v) before the switch, %v (y %v) after", before.pos, feet(before), after.pos, feet(after))
	}
	if after.vel != before.vel || after.yaw != before.yaw {
		t.Errorf("velocity %v yaw %v before the switch, %v %v after", before.vel, before.yaw, after.vel, after.yaw)
	}
	if after.seat != (netplay.SeatData{Index: 0, Recipe: rpg}) || after.radius != 0.35 {
		t.Errorf("after the switch: %+v, want seat 0 playing rpg_player (radius 0.35)", after)
	}
	if r, _ := g.Recipe(0); r != int(rpg) || seatedCharacters(g) != 1 {
		t.Errorf("Recipe(0) = %d with %d seated characters", r, seatedCharacters(g))
	}
}

// A tick input for another tick than the game's, or with an event out of
// range (seat MaxSeats, recipe len(Recipes), kind 0 or 4), is refused
// with ErrTickInput and changes nothing: the checksum, the tick and the
// seats stay, even when a good event comes before the bad one.
func TestGameRefusesBadTickInputs(t *testing.T) {
	g := newGame(t, netplay.GameOptions{})
	step(t, g, &netplay.TickInput{Tick: 0, Events: []netplay.Event{{Kind: netplay.Join, Seat: 1, Recipe: 2}}, Seats: 2})
	sum, seats := g.Checksum(), g.Seats()
	good := netplay.Event{Kind: netplay.Join, Seat: 3, Recipe: 0}
	bad := []netplay.TickInput{
		{Tick: 0},
		{Tick: 2},
		{Tick: 1, Events: []netplay.Event{{Kind: netplay.Join, Seat: netplay.MaxSeats}}},
		{Tick: 1, Events: []netplay.Event{good, {Kind: netplay.Join, Seat: 2, Recipe: 4}}},
		{Tick: 1, Events: []netplay.Event{good, {Kind: 0, Seat: 2}}},
		{Tick: 1, Events: []netplay.Event{good, {Kind: netplay.Switch + 1, Seat: 1}}},
		{Tick: 1, Events: []netplay.Event{{Kind: netplay.Switch, Seat: 1, Recipe: 200}}},
	}
	for i := range bad {
		bad[i].Seats = 2
		if err := g.Step(&bad[i]); !errors.Is(err, netplay.ErrTickInput) {
			t.Errorf("tick input %+v: %v, want ErrTickInput", bad[i], err)
		}
		if g.Checksum() != sum || g.Ticks() != 1 || g.Seats() != seats || seatedCharacters(g) != 1 {
			t.Fatalf("tick input %+v changed the game", bad[i])
		}
	}
	step(t, g, &netplay.TickInput{Tick: 1, Events: []netplay.Event{good}, Seats: 2})
}

// matchTick is the input of tick tick of a scripted match: seats join, switch and
// leave at set ticks, and every seated seat plays the script.
func matchTick(f *netplay.TickInput, tick uint64, seats *uint16) {
	*f = netplay.TickInput{Tick: tick}
	ev := func(k netplay.EventKind, s, r int) {
		f.Events = append(f.Events, netplay.Event{Kind: k, Seat: uint8(s), Recipe: uint8(r)})
		if k == netplay.Leave {
			*seats &^= 1 << s
		} else {
			*seats |= 1 << s
		}
	}
	switch tick {
	case 0:
		ev(netplay.Join, 0, 0)
		ev(netplay.Join, 5, 1)
	case 40:
		ev(netplay.Join, 2, 3)
	case 100:
		ev(netplay.Switch, 0, 2)
	case 150:
		ev(netplay.Leave, 5, 0)
	case 180:
		ev(netplay.Join, 11, 1)
	case 200:
		ev(netplay.Join, 5, 0)
		ev(netplay.Join, 9, 1)
	case 250:
		ev(netplay.Switch, 9, 3)
	}
	f.Seats = *seats
	for s := range netplay.MaxSeats {
		if *seats&(1<<s) != 0 {
			f.Inputs[s] = script(tick, s)
		}
	}
}

// Two Games given the same tick inputs (joins, switches and a leave along the
// way, every seat scripted) have the same checksum after every one of
// 300 ticks; the checksum does change as they play.
func TestGamesGivenTheSameTickInputsAgree(t *testing.T) {
	a, b := newGame(t, netplay.GameOptions{Level: "living"}), newGame(t, netplay.GameOptions{Level: "living"})
	var f netplay.TickInput
	var seats uint16
	first := a.Checksum()
	for tick := uint64(0); tick < 300; tick++ {
		matchTick(&f, tick, &seats)
		step(t, a, &f)
		step(t, b, &f)
		if a.Checksum() != b.Checksum() {
			t.Fatalf("tick %d: checksums %x and %x", tick, a.Checksum(), b.Checksum())
		}
	}
	if a.Checksum() == first || a.Seats() != 1<<0|1<<2|1<<5|1<<9|1<<11 {
		t.Errorf("after 300 ticks: checksum %x (%x at the start), seats %b", a.Checksum(), first, a.Seats())
	}
}

// A state saved mid-game (tick 170: four seats, one of them switched,
// one left) and loaded into a fresh Game with the same options has the
// same checksum, seats, recipes and positions, and both then play 100
// ticks alike (a join at 180, another two at 200, a switch at 250).
func TestGameSaveLoad(t *testing.T) {
	o := netplay.GameOptions{Level: "living"}
	a := newGame(t, o)
	var f netplay.TickInput
	var seats uint16
	for tick := uint64(0); tick < 170; tick++ {
		matchTick(&f, tick, &seats)
		step(t, a, &f)
	}
	state, err := a.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	b := newGame(t, o)
	if err := b.LoadState(state); err != nil {
		t.Fatal(err)
	}
	if b.Checksum() != a.Checksum() || b.Seats() != a.Seats() || b.Ticks() != 170 || a.Seats() != 1<<0|1<<2 {
		t.Fatalf("loaded: checksum %x seats %b tick %d; saved: %x %b", b.Checksum(), b.Seats(), b.Ticks(), a.Checksum(), a.Seats())
	}
	for s := range netplay.MaxSeats {
		ra, oka := a.Recipe(s)
		rb, okb := b.Recipe(s)
		if ra != rb || oka != okb {
			t.Errorf("seat %d: recipe %d %v saved, %d %v loaded", s, ra, oka, rb, okb)
		}
		if oka && okb {
			ea, _ := a.Character(s)
			eb, _ := b.Character(s)
			if describe(ea) != describe(eb) {
				t.Errorf("seat %d: %+v saved, %+v loaded", s, describe(ea), describe(eb))
			}
		}
	}
	for tick := uint64(170); tick < 270; tick++ {
		matchTick(&f, tick, &seats)
		step(t, a, &f)
		step(t, b, &f)
		if a.Checksum() != b.Checksum() || a.Seats() != b.Seats() {
			t.Fatalf("tick %d: checksums %x and %x, seats %b and %b", tick, a.Checksum(), b.Checksum(), a.Seats(), b.Seats())
		}
	}
}

func newHost(t testing.TB, o netplay.HostOptions) *netplay.Host {
	t.Helper()
	h, err := netplay.NewHost(o)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func hostStep(t testing.TB, h *netplay.Host) {
	t.Helper()
	if err := h.Step(); err != nil {
		t.Fatalf("host tick %d: %v", h.Tick(), err)
	}
}

func join(t testing.TB, h *netplay.Host, recipe int) int {
	t.Helper()
	s, err := h.Join(recipe)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// inputsMsg is a MsgInputs: cmds for ticks first, first+1, ...
func inputsMsg(ack, first uint64, cmds ...netplay.Command) []byte {
	return netplay.AppendInputs(nil, &netplay.Inputs{Ack: ack, First: first, Commands: cmds})
}

// tickCmd is a command that names its tick (no two ticks below 65536
// alike).
func tickCmd(tick uint64) netplay.Command { return netplay.Command{byte(tick), byte(tick >> 8), 0x40} }

// ticksFor decodes the host's tick inputs message for seat.
func ticksFor(t testing.TB, h *netplay.Host, seat int) netplay.TickInputs {
	t.Helper()
	msg, err := h.TickInputsMessage(nil, seat)
	if err != nil {
		t.Fatal(err)
	}
	var f netplay.TickInputs
	if err := netplay.DecodeTickInputs(msg, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// A seat whose input for a tick has not arrived repeats its last command
// and is counted Late. The seat joins at tick 0 with no input (Late,
// the zero command), then inputs arrive for ticks 1-3, 5-6 and 8-10;
// after 13 ticks (0-12) the late ticks are 0, 4, 7, 11 and 12: Late 5,
// Inputs 8, and tick inputs 4, 7, 11, 12 carry the commands of ticks 3, 6,
// 10, 10. Then inputs for ticks already run (4 again, 11, 12) are
// ignored (tick inputs and counts unchanged) while the one for tick 13 in
// the same message is used.
func TestHostRepeatsLateInputs(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	seat := join(t, h, 0)
	hostStep(t, h)
	for _, msg := range [][]byte{
		inputsMsg(0, 1, tickCmd(1), tickCmd(2), tickCmd(3)),
		inputsMsg(0, 5, tickCmd(5), tickCmd(6)),
		inputsMsg(0, 8, tickCmd(8), tickCmd(9), tickCmd(10)),
	} {
		if err := h.Receive(seat, msg); err != nil {
			t.Fatal(err)
		}
	}
	for h.Tick() < 13 {
		hostStep(t, h)
	}
	if st := h.Stats(seat); st != (netplay.HostSeatStats{Late: 5, Inputs: 8}) {
		t.Errorf("stats %+v, want Late 5, Inputs 8", st)
	}
	want := map[uint64]netplay.Command{0: {}, 4: tickCmd(3), 7: tickCmd(6), 11: tickCmd(10), 12: tickCmd(10)}
	for _, tk := range []uint64{1, 2, 3, 5, 6, 8, 9, 10} {
		want[tk] = tickCmd(tk)
	}
	check := func(f netplay.TickInputs) {
		t.Helper()
		for _, fr := range f.Ticks {
			if w, ok := want[fr.Tick]; ok && fr.Inputs[seat] != w {
				t.Errorf("tick %d: input %v, want %v", fr.Tick, fr.Inputs[seat], w)
			}
			if fr.Seats != 1<<seat {
				t.Errorf("tick %d: seats %b", fr.Tick, fr.Seats)
			}
		}
	}
	f := ticksFor(t, h, seat)
	if len(f.Ticks) != 13 || f.Ticks[0].Tick != 0 || len(f.Ticks[0].Events) != 1 {
		t.Fatalf("the tick inputs message holds %d tick inputs from %d", len(f.Ticks), f.Ticks[0].Tick)
	}
	check(f)
	// Ticks already run.
	other := netplay.Command{9, 9, 9}
	for _, msg := range [][]byte{inputsMsg(0, 4, other), inputsMsg(0, 11, other, other, tickCmd(13))} {
		if err := h.Receive(seat, msg); err != nil {
			t.Fatal(err)
		}
	}
	hostStep(t, h)
	want[13] = tickCmd(13)
	check(ticksFor(t, h, seat))
	if st := h.Stats(seat); st != (netplay.HostSeatStats{Late: 5, Inputs: 9}) {
		t.Errorf("stats %+v after the past inputs, want Late 5, Inputs 9", st)
	}
}

// Messages the host must refuse are errors and change nothing: a host
// given them and a twin given only the good messages step to the same
// tick inputs messages (inputs, timing report, checksums) and counters. The
// refused: an input past MaxLead (4: the last of 6 commands from the
// host's tick is tick+5), an Ack of a tick the host has not run, a
// switch to recipe 4 of 4 or 200, a truncated message, one of another
// kind; and any message for an empty seat. An input exactly MaxLead
// ahead is accepted.
func TestHostRefusesAndChangesNothing(t *testing.T) {
	o := netplay.HostOptions{Seats: 3, MaxLead: 4, ChecksumEvery: 1}
	a, b := newHost(t, o), newHost(t, o)
	for _, h := range []*netplay.Host{a, b} {
		join(t, h, 0)
		join(t, h, 1)
		for range 5 {
			hostStep(t, h)
		}
	}
	good := func(tick uint64) []byte { return inputsMsg(2, tick, tickCmd(tick)) }
	now := a.Tick()
	bad := [][]byte{
		inputsMsg(3, now, tickCmd(now), tickCmd(now+1), tickCmd(now+2), tickCmd(now+3), tickCmd(now+4), tickCmd(now+5)),
		inputsMsg(now+1, now, tickCmd(now)),
		netplay.AppendSwitch(nil, 4),
		netplay.AppendSwitch(nil, 200),
		good(now)[:3],
		netplay.AppendTickInputs(nil, &netplay.TickInputs{}),
		{netplay.MsgWelcome},
		nil,
	}
	for i, msg := range bad {
		if err := a.Receive(0, msg); err == nil {
			t.Errorf("message %d (%x) accepted", i, msg)
		}
	}
	for _, msg := range [][]byte{good(now), netplay.AppendSwitch(nil, 1)} {
		if err := a.Receive(2, msg); err == nil {
			t.Errorf("a message for an empty seat accepted")
		}
	}
	if _, err := a.TickInputsMessage(nil, 2); err == nil {
		t.Error("a tick inputs message for an empty seat")
	}
	if _, err := a.Welcome(nil, 2); err == nil {
		t.Error("a welcome for an empty seat")
	}
	if err := a.Receive(0, inputsMsg(now, now+1, tickCmd(now+1), tickCmd(now+2), tickCmd(now+3), tickCmd(now+4))); err != nil {
		t.Errorf("an input exactly MaxLead ahead: %v", err)
	}
	if err := b.Receive(0, inputsMsg(now, now+1, tickCmd(now+1), tickCmd(now+2), tickCmd(now+3), tickCmd(now+4))); err != nil {
		t.Fatal(err)
	}
	for range 6 {
		hostStep(t, a)
		hostStep(t, b)
		for s := range 2 {
			ma, _ := a.TickInputsMessage(nil, s)
			mb, _ := b.TickInputsMessage(nil, s)
			if string(ma) != string(mb) || a.Stats(s) != b.Stats(s) {
				t.Fatalf("tick %d, seat %d: the host given the refused messages sends %x (stats %+v), its twin %x (%+v)",
					a.Tick(), s, ma, a.Stats(s), mb, b.Stats(s))
			}
		}
	}
	if r, _ := a.Game().Recipe(0); r != 0 || a.Stats(2) != (netplay.HostSeatStats{}) || a.Game().Seats() != 3 {
		t.Errorf("seat 0 plays recipe %d, seat 2 has stats %+v, seats %b", r, a.Stats(2), a.Game().Seats())
	}
}

// A Leave while the seat's Join is still pending frees the seat at once:
// Seated is false, the next tick has no event and no one seated, and
// the next Join takes the seat again. With a switch asked in between,
// still no event and no character.
func TestHostLeaveOfPendingJoin(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	s := join(t, h, 2)
	if err := h.Receive(s, netplay.AppendSwitch(nil, 3)); err != nil {
		t.Fatal(err)
	}
	h.Leave(s)
	if h.Seated(s) {
		t.Error("the seat is still taken")
	}
	other := join(t, h, 0) // seat s again
	h.Leave(other)
	hostStep(t, h)
	if f := h.Game().Seats(); f != 0 || seatedCharacters(h.Game()) != 0 {
		t.Errorf("after the tick: seats %b, %d characters", f, seatedCharacters(h.Game()))
	}
	if s2 := join(t, h, 1); s2 != s || other != s {
		t.Errorf("seats %d, %d then %d", s, other, s2)
	}
	hostStep(t, h)
	f := ticksFor(t, h, s)
	if len(f.Ticks) != 1 || f.Ticks[0].Tick != 1 || len(f.Ticks[0].Events) != 1 || f.Ticks[0].Events[0] != (netplay.Event{Kind: netplay.Join, Seat: uint8(s), Recipe: 1}) {
		t.Errorf("the tick inputs after the join: %+v", f.Ticks)
	}
}

// A switch asked after the seat's Leave (the client's message arrived
// before the server closed its connection, in the same tick) does not
// bring a character back: after the tick the seat is empty and no
// character is left in the game.
func TestHostSwitchAfterLeave(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	s := join(t, h, 0)
	hostStep(t, h)
	h.Leave(s)
	if err := h.Receive(s, netplay.AppendSwitch(nil, 1)); err != nil {
		t.Fatal(err)
	}
	hostStep(t, h)
	if h.Seated(s) || h.Game().Seats() != 0 || seatedCharacters(h.Game()) != 0 {
		t.Errorf("after leave then switch: seated %v, game seats %b, %d characters", h.Seated(s), h.Game().Seats(), seatedCharacters(h.Game()))
	}
}

// A client that asks to switch 300 times in one tick (a flood, or a
// hostile client) makes one Switch event, to the last recipe asked: the
// tick input stays within MaxEventsPerTick, so every client can decode it.
func TestHostSwitchFlood(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	s := join(t, h, 0)
	watcher := join(t, h, 0)
	hostStep(t, h)
	for i := range 300 {
		if err := h.Receive(s, netplay.AppendSwitch(nil, i%4)); err != nil {
			t.Fatal(err)
		}
	}
	hostStep(t, h)
	f := ticksFor(t, h, watcher) // fails on an undecodable message
	last := f.Ticks[len(f.Ticks)-1]
	if last.Tick != 1 || len(last.Events) != 1 || last.Events[0] != (netplay.Event{Kind: netplay.Switch, Seat: uint8(s), Recipe: 299 % 4}) {
		t.Errorf("the switching tick's events: %+v", last.Events)
	}
	if r, _ := h.Game().Recipe(s); r != 299%4 {
		t.Errorf("seat %d plays recipe %d", s, r)
	}
}

// A client whose ack is more than History (16) ticks behind the host's
// tick gets ErrResync: the welcome sets its ack to the host's tick, 16
// ticks later the tick inputs message still goes (16 tick inputs), at 17 it does
// not; an Inputs acknowledging the tick inputs brings it back.
func TestHostResync(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 1, History: 16})
	s := join(t, h, 0)
	if _, err := h.Welcome(nil, s); err != nil {
		t.Fatal(err)
	}
	for range 16 {
		hostStep(t, h)
	}
	if f := ticksFor(t, h, s); len(f.Ticks) != 16 || f.Ticks[0].Tick != 0 {
		t.Errorf("16 behind: %d tick inputs from %d", len(f.Ticks), f.Ticks[0].Tick)
	}
	hostStep(t, h)
	if _, err := h.TickInputsMessage(nil, s); !errors.Is(err, netplay.ErrResync) {
		t.Errorf("17 behind: %v, want ErrResync", err)
	}
	if err := h.Receive(s, inputsMsg(10, 17, netplay.Command{})); err != nil {
		t.Fatal(err)
	}
	if f := ticksFor(t, h, s); len(f.Ticks) != 7 || f.Ticks[0].Tick != 10 {
		t.Errorf("acknowledged to 10: %d tick inputs from %d", len(f.Ticks), f.Ticks[0].Tick)
	}
}

// Join past HostOptions.Seats (2) returns ErrNoSeat; a recipe out of
// range is an error; a seat freed by a Leave (at the next Step) is
// taken again.
func TestHostNoSeat(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	if _, err := h.Join(4); err == nil {
		t.Error("a join with recipe 4 of 4")
	}
	a, b := join(t, h, 0), join(t, h, 1)
	if a != 0 || b != 1 {
		t.Errorf("seats %d and %d", a, b)
	}
	if _, err := h.Join(0); !errors.Is(err, netplay.ErrNoSeat) {
		t.Errorf("a third join: %v, want ErrNoSeat", err)
	}
	hostStep(t, h)
	h.Leave(a)
	if _, err := h.Join(0); !errors.Is(err, netplay.ErrNoSeat) {
		t.Errorf("a join before the leave's tick: %v, want ErrNoSeat", err)
	}
	hostStep(t, h)
	if s, err := h.Join(3); err != nil || s != a {
		t.Errorf("a join after the leave: seat %d, %v", s, err)
	}
}

// FuzzHostReceive: two arbitrary messages from a seated client, then
// three ticks: no panic, no error from Step, and every character's
// position and velocity stay finite.
func FuzzHostReceive(f *testing.F) {
	f.Add(inputsMsg(0, 1, tickCmd(1), netplay.Command{127, 127, 0xff, 0, 0xff, 0xff, 0xff, 0x7f}), netplay.AppendSwitch(nil, 3))
	f.Add(netplay.AppendSwitch(nil, 9), inputsMsg(1, 1, netplay.Command{0x80, 0x80, 0x3f}))
	f.Add([]byte{netplay.MsgInputs, 1, 1, 8, 0xff, 1, 2, 3, 4, 5, 6, 7, 8}, []byte{netplay.MsgSwitch})
	f.Add([]byte{}, []byte{0xff, 0xff})
	f.Fuzz(func(t *testing.T, m1, m2 []byte) {
		h := newHost(t, netplay.HostOptions{Seats: 2, Game: netplay.GameOptions{Level: "flat"}})
		s := join(t, h, 0)
		join(t, h, 1)
		hostStep(t, h)
		_ = h.Receive(s, m1)
		_ = h.Receive(s, m2)
		for range 3 {
			hostStep(t, h)
		}
		finite := func(v mgl64.Vec3) bool {
			return !math.IsNaN(v[0]+v[1]+v[2]) && !math.IsInf(v[0]+v[1]+v[2], 0)
		}
		for seat := range netplay.MaxSeats {
			if e, ok := h.Game().Character(seat); ok {
				b := components.Body.Get(e)
				if !finite(b.Position) || !finite(b.Velocity) {
					t.Fatalf("seat %d: position %v velocity %v", seat, b.Position, b.Velocity)
				}
			}
		}
		if _, err := h.TickInputsMessage(nil, s); err != nil {
			t.Fatal(err)
		}
	})
}

// packet is a message on the in-memory link: it arrives at frame at,
// from client i to the host (toHost) or from the host to client i.
type packet struct {
	at, client int
	toHost     bool
	data       []byte
}

// match is a host and its clients over an in-memory link that delivers
// every message delay frames after it was sent, in order, none lost.
// Each frame: the messages due arrive, the host steps and sends each
// client its tick inputs, each client runs a frame with its command and
// sends its inputs.
type match struct {
	t       testing.TB
	host    *netplay.Host
	clients []*netplay.Client
	seats   []int
	delay   int
	frame   int
	link    []packet
	// cmd is client i's command for its tick.
	cmd func(i int, tick uint64) netplay.Command
	// toClient, when set, may change a tick inputs message before it is sent.
	toClient func(i int, msg []byte) []byte
	// clientErr, when set, gets the clients' Receive errors (else fatal).
	clientErr func(i int, err error)
	// afterFrame, when set, runs at the end of each frame.
	afterFrame func()
}

// newMatch seats one client per recipe and welcomes each at once.
func newMatch(t testing.TB, o netplay.HostOptions, delay int, recipes ...int) *match {
	t.Helper()
	m := &match{t: t, host: newHost(t, o), delay: delay,
		cmd: func(int, uint64) netplay.Command { return netplay.Command{} }}
	for _, r := range recipes {
		s := join(t, m.host, r)
		w, err := m.host.Welcome(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		c, err := netplay.NewClient(w, netplay.ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		m.clients, m.seats = append(m.clients, c), append(m.seats, s)
	}
	return m
}

func (m *match) run(frames int) {
	m.t.Helper()
	for range frames {
		m.step()
	}
}

func (m *match) step() {
	t := m.t
	t.Helper()
	n := 0
	for ; n < len(m.link) && m.link[n].at <= m.frame; n++ {
		pk := m.link[n]
		if pk.toHost {
			if err := m.host.Receive(m.seats[pk.client], pk.data); err != nil {
				t.Fatalf("frame %d, host from client %d: %v", m.frame, pk.client, err)
			}
		} else if err := m.clients[pk.client].Receive(pk.data); err != nil {
			if m.clientErr == nil {
				t.Fatalf("frame %d, client %d: %v", m.frame, pk.client, err)
			}
			m.clientErr(pk.client, err)
		}
	}
	m.link = m.link[n:]
	hostStep(t, m.host)
	for i, s := range m.seats {
		msg, err := m.host.TickInputsMessage(nil, s)
		if err != nil {
			t.Fatal(err)
		}
		if m.toClient != nil {
			msg = m.toClient(i, msg)
		}
		m.link = append(m.link, packet{at: m.frame + m.delay, client: i, data: msg})
	}
	for i, c := range m.clients {
		if _, err := c.Frame(m.cmd(i, c.Tick())); err != nil {
			t.Fatalf("frame %d, client %d: %v", m.frame, i, err)
		}
		if msg := c.InputsMessage(nil); len(msg) > 0 {
			m.link = append(m.link, packet{at: m.frame + m.delay, client: i, toHost: true, data: msg})
		}
	}
	if m.afterFrame != nil {
		m.afterFrame()
	}
	m.frame++
}

// bodyPos is seat's character's position in g; false when empty.
func bodyPos(g *netplay.Game, seat int) (mgl64.Vec3, bool) {
	e, ok := g.Character(seat)
	if !ok {
		return mgl64.Vec3{}, false
	}
	return components.Body.Get(e).Position, true
}

// One host and two clients on the living level, the link 3 frames each
// way, 600 frames, only client 0 moving (the script: walk, strafe, turn,
// jump, sprint, crouch, dash). Client 0 predicts client 1 standing still,
// which it does, so its own character is never corrected; client 1
// mispredicts client 0 and rolls back; no checksum differs. Client 1
// draws client 0 interpolated between the host's tick inputs, and with a
// fixed delay the tick it draws advances one tick a frame (advanceView
// settles on a steady stream of tick inputs), so between two tick inputs the
// drawn character never moves further than the host moved it in one
// tick (the most over the run, measured), plus 1 mm. The clients' clocks
// settle where the host reports TargetSlack.
func TestClientsOneMover(t *testing.T) {
	m := newMatch(t, netplay.HostOptions{Game: netplay.GameOptions{Level: "living"}}, 3, 0, 1)
	m.cmd = func(i int, tick uint64) netplay.Command {
		if i == 0 {
			return script(tick, 0)
		}
		return netplay.Command{}
	}
	var hostStep, drawStep float64
	var prevHost, prevDrawn mgl64.Vec3
	var hadHost, hadDrawn bool
	m.afterFrame = func() {
		p, ok := bodyPos(m.host.Game(), m.seats[0])
		if ok && hadHost {
			hostStep = max(hostStep, p.Sub(prevHost).Len())
		}
		prevHost, hadHost = p, ok
		d, ok := m.clients[1].Display(m.seats[0])
		if ok && hadDrawn {
			drawStep = max(drawStep, d.Sub(prevDrawn).Len())
		}
		prevDrawn, hadDrawn = d, ok
	}
	m.run(600)
	c0, c1 := m.clients[0].Stats(), m.clients[1].Stats()
	// The clocks settled: each client's inputs reach the host TargetSlack
	// (3) ticks early at the least, as the host reports, so the clients
	// run 3 (the link) + 3 ticks ahead of it.
	for i, s := range m.seats {
		if sl := ticksFor(t, m.host, s).Slack; sl != 3 || m.clients[i].Tick() != m.host.Tick()+6 {
			t.Errorf("client %d: the host reports its inputs %d ticks early; at tick %d, the host at %d", i, sl, m.clients[i].Tick(), m.host.Tick())
		}
	}
	t.Logf("client 0: %+v", c0)
	t.Logf("client 1: %+v", c1)
	t.Logf("client 0's character: %.9f m per tick at most on the host, drawn by client 1 %.9f m per frame at most", hostStep, drawStep)
	if c0.Corrections != 0 || c0.Desyncs != 0 || c1.Desyncs != 0 {
		t.Errorf("client 0: %d corrections; desyncs %d and %d", c0.Corrections, c0.Desyncs, c1.Desyncs)
	}
	if c0.ChecksumsCompared < 15 || c1.ChecksumsCompared < 15 || c1.Rollbacks == 0 {
		t.Errorf("checksums compared %d and %d, client 1 rolled back %d times", c0.ChecksumsCompared, c1.ChecksumsCompared, c1.Rollbacks)
	}
	if hostStep == 0 || drawStep > hostStep+1e-3 {
		t.Errorf("client 1 drew client 0 moving %.4f m in a frame; the host moved it %.4f m per tick at most", drawStep, hostStep)
	}
}

// Both clients move, on a collision course: each walks toward where the
// other's character stands at the start (the forward of yaw y is
// (cos y, 0, sin y), systems' buildIntent), strafing now and then and
// jumping, so their characters meet and push each other and each client
// mispredicts the other. Corrections of a client's own character may
// happen, but none is drawn as a step of 5 cm or more in a frame
// (netsim.MaxVisualStep), no checksum differs, and the characters did
// meet: on the host their centres came within the sum of their radii
// (0.3 + 0.35 m) plus 2 cm.
func TestClientsCollide(t *testing.T) {
	m := newMatch(t, netplay.HostOptions{Game: netplay.GameOptions{Level: "living"}}, 3, 0, 1)
	// Where the characters stand when seated: a game given the same joins.
	g := newGame(t, netplay.GameOptions{Level: "living"})
	step(t, g, &netplay.TickInput{Events: []netplay.Event{{Kind: netplay.Join, Seat: uint8(m.seats[0]), Recipe: 0},
		{Kind: netplay.Join, Seat: uint8(m.seats[1]), Recipe: 1}}})
	var start [2]mgl64.Vec3
	for i, s := range m.seats {
		start[i], _ = bodyPos(g, s)
	}
	m.cmd = func(i int, tick uint64) netplay.Command {
		d := start[1-i].Sub(start[i])
		c := motors.Command{Forward: 1, JumpPressed: (tick+uint64(i)*17)%50 == 0, JumpHeld: (tick+uint64(i)*17)%50 < 8}
		if (tick/20+uint64(i))%3 == 0 {
			c.Strafe = 0.6
		}
		return netplay.EncodeCommand(c, motors.View{Yaw: math.Atan2(d[2], d[0])})
	}
	closest := math.Inf(1)
	m.afterFrame = func() {
		a, oka := bodyPos(m.host.Game(), m.seats[0])
		b, okb := bodyPos(m.host.Game(), m.seats[1])
		if oka && okb {
			closest = min(closest, math.Hypot(a[0]-b[0], a[2]-b[2]))
		}
	}
	m.run(600)
	for i, c := range m.clients {
		st := c.Stats()
		t.Logf("client %d: %+v", i, st)
		if st.Desyncs != 0 || st.MaxVisualStep >= 0.05 || st.Rollbacks == 0 || st.ChecksumsCompared < 15 {
			t.Errorf("client %d: %d desyncs of %d compared, largest visual step %.3f m, %d rollbacks",
				i, st.Desyncs, st.ChecksumsCompared, st.MaxVisualStep, st.Rollbacks)
		}
	}
	t.Logf("the characters started %.2f m apart and came within %.3f m", start[1].Sub(start[0]).Len(), closest)
	if closest > 0.3+0.35+0.02 {
		t.Errorf("the characters came within %.3f m of each other: they never met", closest)
	}
}

// freshTicks is a tick inputs message from m's host for client i with a
// tick input the client lacks, decoded: the link holds the tick inputs sent in
// the last 3 frames, so the host's newest tick inputs are new to the client.
func freshTicks(t *testing.T, m *match, i int) ([]byte, netplay.TickInputs) {
	t.Helper()
	msg, err := m.host.TickInputsMessage(nil, m.seats[i])
	if err != nil {
		t.Fatal(err)
	}
	var f netplay.TickInputs
	if err := netplay.DecodeTickInputs(msg, &f); err != nil {
		t.Fatal(err)
	}
	if last := f.Ticks[len(f.Ticks)-1].Tick; last < m.clients[i].Confirmed() {
		t.Fatalf("the tick inputs end at %d, the client has %d", last, m.clients[i].Confirmed())
	}
	return msg, f
}

// A host checksum that differs from the client's state (a byte of one
// tick input's checksum flipped: the first one the client lacks; the
// host sends a checksum with every tick) makes Receive return an error
// wrapping ErrDesync, counted once (the message's other checksums are
// right), at the tick after it.
func TestClientDetectsDesync(t *testing.T) {
	m := newMatch(t, netplay.HostOptions{ChecksumEvery: 1, Game: netplay.GameOptions{Level: "living"}}, 3, 0)
	m.cmd = func(_ int, tick uint64) netplay.Command { return script(tick, 0) }
	m.run(90)
	c := m.clients[0]
	_, f := freshTicks(t, m, 0)
	var tampered uint64
	for i := range f.Ticks {
		if fr := &f.Ticks[i]; fr.Tick >= c.Confirmed() && fr.HasChecksum {
			fr.Checksum ^= 0xff << 16
			tampered = fr.Tick
			break
		}
	}
	before := c.Stats()
	err := c.Receive(netplay.AppendTickInputs(nil, &f))
	st := c.Stats()
	if !errors.Is(err, netplay.ErrDesync) || st.Desyncs != 1 || st.DesyncTick != tampered+1 {
		t.Errorf("a wrong checksum for tick %d: %v; %d desyncs at tick %d", tampered, err, st.Desyncs, st.DesyncTick)
	}
	if before.Desyncs != 0 || st.ChecksumsCompared <= before.ChecksumsCompared+1 {
		t.Errorf("checksums compared %d then %d, desyncs before %d", before.ChecksumsCompared, st.ChecksumsCompared, before.Desyncs)
	}
}

// A damaged tick inputs message (cut short, a byte left over, another kind,
// bad tick input flags, a report of an input further ahead than the client
// could have sent) is an error and changes nothing: the client's tick,
// confirmed tick inputs, counters, clock (Slack) and state stay. The same
// message undamaged is then taken.
func TestClientRefusesDamagedTickInputs(t *testing.T) {
	m := newMatch(t, netplay.HostOptions{Game: netplay.GameOptions{Level: "living"}}, 3, 0)
	m.cmd = func(_ int, tick uint64) netplay.Command { return script(tick, 0) }
	m.run(90)
	c := m.clients[0]
	msg, f := freshTicks(t, m, 0)
	ahead := f
	ahead.Newest, ahead.Slack = c.Tick()+200, 50
	flags := 1 + len(binaryUvarint(f.Newest)) + len(binaryVarint(int64(f.Slack))) + len(binaryUvarint(f.Ticks[0].Tick)) + 1
	badFlags := append([]byte(nil), msg...)
	badFlags[flags] |= 0x40
	damaged := [][]byte{
		msg[:len(msg)-1],
		msg[:1],
		append(append([]byte(nil), msg...), 0),
		append([]byte{netplay.MsgInputs}, msg[1:]...),
		badFlags,
		netplay.AppendTickInputs(nil, &ahead),
		nil,
	}
	tick, confirmed, stats, slack, sum := c.Tick(), c.Confirmed(), c.Stats(), c.Slack(), c.Game().Checksum()
	for i, d := range damaged {
		if err := c.Receive(d); !errors.Is(err, netplay.ErrMessage) {
			t.Errorf("damaged message %d: %v, want ErrMessage", i, err)
		}
		if c.Tick() != tick || c.Confirmed() != confirmed || c.Stats() != stats || c.Slack() != slack || c.Game().Checksum() != sum {
			t.Errorf("damaged message %d changed the client: tick %d→%d, confirmed %d→%d, slack %d→%d, stats %+v→%+v",
				i, tick, c.Tick(), confirmed, c.Confirmed(), slack, c.Slack(), stats, c.Stats())
		}
	}
	if err := c.Receive(msg); err != nil || c.Confirmed() <= confirmed {
		t.Errorf("the undamaged message: %v, confirmed %d→%d", err, confirmed, c.Confirmed())
	}
}

func binaryUvarint(v uint64) []byte { return binary.AppendUvarint(nil, v) }
func binaryVarint(v int64) []byte   { return binary.AppendVarint(nil, v) }

// TickInputsMessage allocates nothing once its buffers have grown, even when
// the frames it sends carry events (a switch every tick here): the
// tick inputs it copies reuse their event slices.
func TestHostTickInputsMessageAllocs(t *testing.T) {
	h := newHost(t, netplay.HostOptions{Seats: 2})
	s := join(t, h, 0)
	join(t, h, 1)
	for i := range 8 {
		if err := h.Receive(s, netplay.AppendSwitch(nil, i%4)); err != nil {
			t.Fatal(err)
		}
		hostStep(t, h)
	}
	buf := make([]byte, 0, 4096)
	if n := testing.AllocsPerRun(50, func() {
		var err error
		if buf, err = h.TickInputsMessage(buf[:0], s); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("%v allocations per TickInputsMessage of 8 tick inputs with events", n)
	}
}

// A Welcome carries a name in at most 255 bytes: a host whose level is
// a file path longer than that (a valid one: ./ repeated before
// ../prefabs/levels/flat.toml) either refuses the options or welcomes
// clients into a game of the same level.
func TestHostLongLevelPath(t *testing.T) {
	path := strings.Repeat("./", 150) + "../prefabs/levels/flat.toml"
	if _, err := netplay.NewGame(netplay.GameOptions{Level: "../prefabs/levels/flat.toml"}); err != nil {
		t.Fatalf("the level file: %v", err)
	}
	h, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: path}})
	if err != nil {
		return // refused: fine
	}
	s := join(t, h, 0)
	w, err := h.Welcome(nil, s)
	if err != nil {
		t.Fatal(err)
	}
	c, err := netplay.NewClient(w, netplay.ClientOptions{})
	if err != nil {
		t.Fatalf("a host on a level of %d bytes welcomes a client with: %v", len(path), err)
	}
	if c.Game().Options().Level != path {
		t.Errorf("the client plays %q", c.Game().Options().Level)
	}
}

// A Welcome carries the tick rate in thousandths of a hertz: a host of a
// rate between two (1000/7 Hz, or 60 Hz computed as 1/(1/60)) runs the
// rate its clients are welcomed with, or refuses it.
func TestHostTickRateTheClientsRun(t *testing.T) {
	for _, rate := range []float64{1000.0 / 7, 1 / (1 / 60.0), 59.94, 60.0000001} {
		h, err := netplay.NewHost(netplay.HostOptions{Game: netplay.GameOptions{Level: "flat", TickRate: rate}})
		if err != nil {
			continue // refused: fine
		}
		w, err := h.Welcome(nil, join(t, h, 0))
		if err != nil {
			t.Fatal(err)
		}
		c, err := netplay.NewClient(w, netplay.ClientOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if hr, cr := h.Game().Pipeline.TickRate(), c.Game().Pipeline.TickRate(); hr != cr {
			t.Errorf("asked %v Hz: the host runs %v Hz, its client %v Hz", rate, hr, cr)
		}
	}
}
