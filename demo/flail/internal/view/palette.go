package view

import "image/color"

// The demo's colors. The screenshot checker looks for Floor, Me and the bot
// colors, so drawing must use them unblended for the bodies of the arena
// floor, the local car and the bot cars.
var (
	Background = color.RGBA{0x0b, 0x0f, 0x17, 0xff} // outside the arena
	Floor      = color.RGBA{0x1d, 0x25, 0x33, 0xff} // arena floor
	GridLine   = color.RGBA{0x25, 0x2f, 0x40, 0xff}
	Wall       = color.RGBA{0x56, 0x62, 0x7a, 0xff}
	WallEdge   = color.RGBA{0x8b, 0x97, 0xb0, 0xff}
	Pickup     = color.RGBA{0x9b, 0xe3, 0x6b, 0xff}
	PickupDrop = color.RGBA{0xf2, 0xe8, 0x6d, 0xff}
	Me         = color.RGBA{0x38, 0xc8, 0xff, 0xff} // the local car
	MeFlail    = color.RGBA{0xd8, 0xf3, 0xff, 0xff}
	Person     = color.RGBA{0xb8, 0xa6, 0xff, 0xff} // other people in online play
	Chain      = color.RGBA{0x9a, 0xa5, 0xb8, 0xff}
	Text       = color.RGBA{0xe8, 0xee, 0xf6, 0xff}
	TextDim    = color.RGBA{0x9a, 0xa5, 0xb8, 0xff}
	Accent     = color.RGBA{0xff, 0xd1, 0x66, 0xff}
	Danger     = color.RGBA{0xff, 0x4f, 0x5e, 0xff}
	Panel      = color.RGBA{0x08, 0x0b, 0x12, 0xc0} // translucent HUD panel
)

// BotColors are the bot car colors by skill: easy, normal, hard.
var BotColors = [3]color.RGBA{
	{0xff, 0xc9, 0x3c, 0xff},
	{0xff, 0x8a, 0x3d, 0xff},
	{0xe8, 0x4f, 0xd0, 0xff},
}

// BotColor returns the car color of a bot of skill s (1 easy .. 3 hard;
// other values get the normal color).
func BotColor(s int) color.RGBA {
	if s < 1 || s > 3 {
		s = 2
	}
	return BotColors[s-1]
}

// Darken scales a color's RGB by f in [0, 1].
func Darken(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), c.A}
}
