package prefabs_test

import (
	"strings"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// TestHybridCrouchHeightHasOneSource: the hybrid motor's
// crouch_height_multiplier sets the controller's crouch half height
// ((0.6+0.3)·0.5 - 0.3 = 0.15 m for hybrid_player); a [kcc] value that
// disagrees is a load error naming the key, and 1 turns crouching off.
func TestHybridCrouchHeightHasOneSource(t *testing.T) {
	w := donburi.NewWorld()
	e, err := prefabs.Spawn(w, "hybrid_player")
	if err != nil {
		t.Fatal(err)
	}
	if h := components.KCC.Get(w.Entry(e)).CrouchHalfHeight; h < 0.15-1e-12 || h > 0.15+1e-12 {
		t.Fatalf("crouch half height %v, want 0.15", h)
	}
	_, err = prefabs.Spawn(w, "hybrid_player", prefabs.Override("[kcc]\ncrouch_half_height = 0.3\n"))
	if err == nil || !strings.Contains(err.Error(), "kcc.crouch_half_height") {
		t.Fatalf("disagreeing crouch_half_height: %v", err)
	}
	e, err = prefabs.Spawn(w, "hybrid_player", prefabs.Override("[motor]\ncrouch_height_multiplier = 1.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if h := components.KCC.Get(w.Entry(e)).CrouchHalfHeight; h != 0 {
		t.Fatalf("multiplier 1: crouch half height %v, want 0 (no crouch)", h)
	}
}
