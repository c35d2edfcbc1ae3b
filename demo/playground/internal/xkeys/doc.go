// Command xkeys drives the X server's keyboard and pointer through the
// XTEST extension, for the playground's end-to-end input check
// (demo/playground/input_check.sh). Each argument is one step:
//
//	wait:SECONDS     sleep
//	down:KEY up:KEY  press or release a key (w, a, s, d, space, 1-4, escape, f5)
//	tap:KEY          press and release after 100 ms
//	center           move the pointer to the screen centre
//	move:DX:DY       move the pointer by (DX, DY) pixels, in small steps
//	click            left click where the pointer is
package main
