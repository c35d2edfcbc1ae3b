// Command inputcheck verifies the recording of the playground's end-to-end
// input check (demo/playground/input_check.sh): a real mouse motion turned
// the view, real X key presses reached the simulation, an edit of the
// watched -config file halved the arena's top speed without a restart, key
// 3 switched to the hybrid motor, and while Esc had freed the cursor (UI capture,
// docs/motors/fps.md#ui-capture) the Space and W presses made no jump and no move.
package main
