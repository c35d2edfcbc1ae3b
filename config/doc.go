// Package config holds the strict TOML decoding every motorkit loader shares:
// unknown keys are errors, values are checked against documented ranges, and
// every error names the source file, the key and the allowed range.
//
// It must not know about any motor, component or ECS type; loaders in other
// packages call it.
package config
