// Command xdrive plays a short mouse script on an X display through the
// XTEST extension, so demo/flail/input_check.sh can check that real pointer
// input steers the car and throws the flail (it uses the X connection
// library Ebitengine already depends on). Steps, run in order:
//
//	wait:S       sleep S seconds
//	move:DX:DY   put the pointer at the screen center plus (DX, DY) pixels
//	click        press and release the left button (100 ms apart)
//
// It must only be used against a throwaway display (Xvfb): it moves the
// real pointer.
//
// What it must not do: run against a person's display, or be imported by
// the demo (it is a test tool only).
package main
