// Package components declares motorkit's donburi component types: the data a
// movement entity carries between ticks.
//
// Components are plain data. The behaviour lives in package systems (the
// ordered pipeline), in the motors packages (pure movement math) and in
// package kcc (collision). Components must not hold *donburi.Entry across
// ticks (store donburi.Entity) and must not import ebiten.
//
// The main types: CommandData (a tick of input, submitted with
// systems.Submit), ViewData (yaw, pitch), BodyData (position, velocity),
// IntentData, JumpBufferData, MotorData and KCCData (the character's
// controller profile and last report), and LevelData (the world's collision
// level). Read them with donburi's accessors:
//
//	e := w.Entry(player)
//	body := components.Body.Get(e)
//	k := components.KCC.Get(e)
//	fmt.Printf("x %.2f m, %.1f m/s, grounded %v\n", body.Position.X(), body.Velocity.Len(), k.Grounded)
package components
