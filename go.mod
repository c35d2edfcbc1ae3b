module github.com/seedgames/motorkit

go 1.24

require (
	github.com/BurntSushi/toml v1.6.0
	github.com/go-gl/mathgl v1.2.0
	github.com/qmuntal/gltf v0.28.0
	github.com/yohamta/donburi v1.15.7
)
