// Command xdrive plays a short mouse and keyboard script on an X display
// through the XTEST extension, for the demos' end-to-end input checks
// (demo/flail/input_check.sh, demo/playground/input_check.sh). It uses the
// X connection library Ebitengine already depends on. Steps, run in order:
//
//	wait:S        sleep S seconds
//	move:DX:DY    put the pointer at the screen centre plus (DX, DY) pixels
//	rel:DX:DY     move the pointer by (DX, DY) pixels, in steps of 20 px
//	click         press and release the left button (100 ms apart)
//	down:KEY      press a key: w, a, s, d, space, 1-4, escape, f5
//	up:KEY        release it
//	tap:KEY       press and release it (100 ms apart)
//
// It must only be used against a throwaway display (Xvfb): it moves the
// real pointer and types. It is a test tool, not imported by the demos.
package main
