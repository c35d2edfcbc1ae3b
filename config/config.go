package config

import (
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/BurntSushi/toml"
)

// Error is a configuration problem in one source (file name or label) at one
// key. Key is a dotted TOML path; it may be empty for syntax errors. Line is
// the 1-based line of the key in the source when known (0 otherwise).
type Error struct {
	Source string
	Key    string
	Reason string
	Line   int
}

func (e *Error) Error() string {
	src := e.Source
	if src == "" {
		src = "config"
	}
	if e.Line > 0 {
		src = fmt.Sprintf("%s:%d", src, e.Line)
	}
	if e.Key == "" {
		return src + ": " + e.Reason
	}
	return fmt.Sprintf("%s: key %q: %s", src, e.Key, e.Reason)
}

// lastKey matches the prefix BurntSushi/toml puts on decoding (type)
// errors: "toml: line 3 (last key "a.b"): ".
var lastKey = regexp.MustCompile(`^toml: (?:line (\d+) )?\(last key "([^"]*)"\): `)

// AsError turns an error of BurntSushi/toml (a syntax error or a decoding
// type error) into an *Error with the line and, where the TOML library names
// it, the key. Loaders that decode TOML themselves use it so every error
// reads alike ("file:3: key "a.b": reason").
func AsError(err error, source string) *Error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		e := &Error{Source: source, Reason: pe.Message, Line: pe.Position.Line}
		if pe.LastKey != "" && !strings.HasPrefix(pe.Message, "expected") {
			e.Key = pe.LastKey
		}
		return e
	}
	msg := err.Error()
	if m := lastKey.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		return &Error{Source: source, Key: m[2], Reason: msg[len(m[0]):], Line: line}
	}
	return &Error{Source: source, Reason: msg}
}

// Decode decodes TOML data into v (a pointer to a struct with toml tags),
// rejecting unknown keys. Keys absent from data keep the values v already
// holds, so callers decode on top of their defaults.
//
// When v implements Renamer, old key names are rewritten to the new ones
// first, with a Warning each.
func Decode(data []byte, source string, v any) error {
	_, err := DecodeMeta(data, source, v)
	return err
}

// DecodeMeta is Decode that also returns the decode's metadata, for a
// loader whose defaults depend on which keys the data sets
// (md.IsDefined("key"); renamed keys are reported under their new name).
func DecodeMeta(data []byte, source string, v any) (toml.MetaData, error) {
	data, renamed, err := renameKeys(data, source, v)
	if err != nil {
		return toml.MetaData{}, err
	}
	md, err := toml.Decode(string(data), v)
	if err != nil {
		return md, AsError(err, source)
	}
	renameDone(renamed, source)
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		reason := "unknown key"
		if k := suggest(v, keys[0]); k != "" {
			reason += ` (did you mean "` + k + `"?)`
		}
		return md, &Error{Source: source, Key: keys[0], Reason: reason + others(keys),
			Line: KeyLine(data, strings.Split(keys[0], "."))}
	}
	return md, nil
}

func others(keys []string) string {
	if len(keys) == 1 {
		return ""
	}
	return fmt.Sprintf(" (also unknown: %s)", strings.Join(keys[1:], ", "))
}

// Checker collects range errors for one source so a loader can validate all
// fields at once: Err reports every problem found, joined with errors.Join
// (one line each, in the order checked), so a user fixes a file in one pass.
// Use it as:
//
//	c := config.Checker{Source: "arena.toml"}
//	c.Range("friction", cfg.Friction, 0, 20)
//	return c.Err()
type Checker struct {
	Source string
	errs   []error
}

// Range records an error unless lo <= value <= hi and value is finite.
func (c *Checker) Range(key string, value, lo, hi float64) {
	recordKnob(Knob{Key: key, Min: lo, Max: hi})
	if math.IsNaN(value) || math.IsInf(value, 0) || value < lo || value > hi {
		c.errs = append(c.errs, &Error{Source: c.Source, Key: key,
			Reason: fmt.Sprintf("value %v out of range [%v, %v]", value, lo, hi)})
	}
}

// IntRange records an error unless lo <= value <= hi.
func (c *Checker) IntRange(key string, value, lo, hi int) {
	recordKnob(Knob{Key: key, Min: float64(lo), Max: float64(hi), Int: true})
	if value < lo || value > hi {
		c.errs = append(c.errs, &Error{Source: c.Source, Key: key,
			Reason: fmt.Sprintf("value %d out of range [%d, %d]", value, lo, hi)})
	}
}

// OneOf records an error unless value is one of allowed.
func (c *Checker) OneOf(key, value string, allowed ...string) {
	for _, a := range allowed {
		if value == a {
			return
		}
	}
	c.errs = append(c.errs, &Error{Source: c.Source, Key: key,
		Reason: fmt.Sprintf("value %q is not one of %s", value, strings.Join(allowed, ", "))})
}

// Check records an error with reason unless ok.
func (c *Checker) Check(ok bool, key, reason string) {
	if !ok {
		c.errs = append(c.errs, &Error{Source: c.Source, Key: key, Reason: reason})
	}
}

// Err returns all recorded problems joined, or nil.
func (c *Checker) Err() error { return errors.Join(c.errs...) }

// Deg2Rad converts degrees (as authored in TOML) to radians (as used in code).
func Deg2Rad(deg float64) float64 { return deg * math.Pi / 180 }

// Rad2Deg converts radians to degrees for writing TOML.
func Rad2Deg(rad float64) float64 { return rad * 180 / math.Pi }

// Encode writes v as TOML. It is the inverse of Decode for round-trip tests
// and for writing default files.
func Encode(v any) ([]byte, error) {
	var b strings.Builder
	if err := toml.NewEncoder(&b).Encode(v); err != nil {
		return nil, err
	}
	return []byte(b.String()), nil
}

// LoadFile reads the file at path and hands it to parse with the path as
// its source: the LoadFile of every motor package. A read error is an
// *Error naming the path.
func LoadFile[T any](path string, parse func(data []byte, source string) (T, error)) (T, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		var zero T
		return zero, &Error{Source: path, Reason: err.Error()}
	}
	return parse(data, path)
}

// Validator is a configuration struct that checks its own ranges, naming
// source in its errors.
type Validator interface {
	Validate(source string) error
}

// Load decodes data over base (absent keys keep base's values; unknown keys
// are rejected), validates the result and returns it. T is a struct type
// with a value-receiver Validate; base itself is not modified. It is the
// whole body of a typical motor config loader:
//
//	func Load(data []byte, source string) (Config, error) {
//		return config.Load(data, source, DefaultConfig())
//	}
func Load[T Validator](data []byte, source string, base T) (T, error) {
	cfg := base
	var zero T
	if err := Decode(data, source, &cfg); err != nil {
		return zero, err
	}
	if err := cfg.Validate(source); err != nil {
		return zero, err
	}
	return cfg, nil
}
