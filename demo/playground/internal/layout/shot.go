package layout

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/demo/playground/internal/render"
)

// Shot describes a screenshot: the playground writes it as JSON next to
// the PNG (out.png.json) so a check can predict what each pixel shows.
type Shot struct {
	Motor string `json:"motor"`
	Level string `json:"level"`
	// Camera is the frame's camera.
	Camera render.Camera `json:"camera"`
	// Style is the renderer's style of the frame.
	Style render.Style `json:"style"`
	// WalkableCos is the cosine of the motor's climb limit (level colors).
	WalkableCos float64 `json:"walkable_cos"`
	// ThirdPerson is set when the body is drawn; Body is its capsule.
	ThirdPerson bool `json:"third_person"`
	Body        Body `json:"body"`
	// Others are the other characters drawn (a level's crowd).
	Others    []Body `json:"others,omitempty"`
	Tick      uint64 `json:"tick"`
	StateHash string `json:"state_hash"`
	// HUD holds the panels drawn over the view.
	HUD HUD `json:"hud"`
}

// Body is the drawn character's capsule.
type Body struct {
	Centre     mgl64.Vec3 `json:"centre"`
	Radius     float64    `json:"radius"`
	HalfHeight float64    `json:"half_height"`
}
