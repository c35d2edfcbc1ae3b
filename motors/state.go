package motors

import "errors"

// Stateful is implemented by a motor that keeps state of its own between
// ticks (a facing, a smoothed multiplier, dash timers, a crouch latch,
// last tick's debug values), so a snapshot of the pipeline
// (systems.Pipeline.SaveState) holds it and a rollback restores it. The
// configuration is not state: it comes from the recipe the character was
// spawned from. A motor without state of its own (basic) need not
// implement it; one that keeps state and does not would make a restored
// character differ from the saved one, which a SyncTest (package rollback)
// reports on the first tick it matters.
type Stateful interface {
	// AppendState appends the motor's state to dst. It must not allocate
	// when dst has room.
	AppendState(dst []byte) []byte
	// LoadState restores a state written by AppendState of a motor of the
	// same kind. A state of the wrong length or with non-finite numbers is
	// refused (an error wrapping ErrMotorState) and changes nothing.
	LoadState(src []byte) error
}

// ErrMotorState is wrapped by the errors of the built-in motors' LoadState.
var ErrMotorState = errors.New("motor state")
