// Package config holds the strict TOML decoding every motorkit loader shares:
// unknown keys are errors, values are checked against documented ranges, and
// every error names the source file, the key and the allowed range.
//
// It must not know about any motor, component or ECS type; loaders in other
// packages call it.
//
// A loader decodes over its defaults, then checks every range at once
// (Example runs it):
//
//	cfg := DefaultConfig()
//	if err := config.Decode(data, "mine.toml", &cfg); err != nil {
//		return Config{}, err // mine.toml:3: key "speeed": unknown key (did you mean "speed"?)
//	}
//	c := config.Checker{Source: "mine.toml"}
//	c.Range("speed", cfg.Speed, 0, 100)
//	return cfg, c.Err() // every problem, one line each
//
// config.Load[T] is that whole loader for a config type with a Validate
// method. A file of several tables (a recipe) is parsed once with
// ParseDocument and its tables decoded one at a time (Document.Decode),
// each error at the line the user wrote.
package config
