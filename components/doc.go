// Package components declares motorkit's donburi component types: the data a
// movement entity carries between ticks.
//
// Components are plain data. The behaviour lives in package systems (the
// ordered pipeline), in the motors packages (pure movement math) and in
// package kcc (collision). Components must not hold *donburi.Entry across
// ticks (store donburi.Entity) and must not import ebiten.
package components
