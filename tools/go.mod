module github.com/seedgames/motorkit/tools

go 1.24

require (
	github.com/go-gl/mathgl v1.2.0
	github.com/seedgames/motorkit v0.0.0
	golang.org/x/tools v0.30.0
)

require (
	github.com/BurntSushi/toml v1.6.0 // indirect
	github.com/qmuntal/gltf v0.28.0 // indirect
	github.com/yohamta/donburi v1.15.7 // indirect
	golang.org/x/mod v0.23.0 // indirect
	golang.org/x/sync v0.11.0 // indirect
)

replace github.com/seedgames/motorkit => ../
