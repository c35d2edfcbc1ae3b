package motors_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/fps"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/motors/rpg"
)

// contract is one motor package seen through the set of names every motor
// package exports with the same signatures (docs/motors/README.md#one-package-shape):
//
//	const Kind
//	type Config, with a method Validate(source string) error
//	func DefaultConfig() Config
//	func DefaultTOML() []byte
//	func Parse(data []byte, source string) (Config, error)
//	func LoadFile(path string) (Config, error)
//	func Encode(Config) ([]byte, error)
//	func New(Config) (*Motor, error)
//	type Motor, a motors.Motor with a method Config() Config
type contract struct {
	kind string
	run  func(t *testing.T)
}

// motorOf is a package's Motor as the contract sees it: a motors.Motor
// that returns its configuration.
type motorOf[C any] interface {
	motors.Motor
	Config() C
}

// contractOf builds the checks for one package; the type parameters make
// the compiler check the signatures above (C a config.Validator, M a
// motorOf[C]).
func contractOf[C config.Validator, M motorOf[C]](kind string, defaultConfig func() C, defaultTOML func() []byte,
	parse func([]byte, string) (C, error), loadFile func(string) (C, error), encode func(C) ([]byte, error),
	newMotor func(C) (M, error), invalid func() C) contract {
	return contract{kind: kind, run: func(t *testing.T) {
		def := defaultConfig()
		if err := def.Validate(kind + ".toml"); err != nil {
			t.Fatalf("DefaultConfig().Validate: %v", err)
		}
		if err := invalid().Validate("bad.toml"); err == nil || !strings.Contains(err.Error(), "bad.toml") {
			t.Errorf("Validate of an invalid config: %v, want an error naming bad.toml", err)
		}
		// The shipped file is the defaults.
		got, err := parse(defaultTOML(), kind+".toml")
		if err != nil || !reflect.DeepEqual(got, def) {
			t.Fatalf("Parse(DefaultTOML()) = %+v, %v; want DefaultConfig() %+v", got, err, def)
		}
		// DefaultTOML hands out a copy.
		b := defaultTOML()
		b[0] ^= 0xff
		if again := defaultTOML(); again[0] == b[0] {
			t.Error("DefaultTOML() returned shared memory")
		}
		// LoadFile reads a file as Parse does; a missing one is an error
		// naming it.
		path := filepath.Join(t.TempDir(), kind+".toml")
		if err := os.WriteFile(path, defaultTOML(), 0o644); err != nil {
			t.Fatal(err)
		}
		if got, err := loadFile(path); err != nil || !reflect.DeepEqual(got, def) {
			t.Fatalf("LoadFile(%s) = %+v, %v; want DefaultConfig()", path, got, err)
		}
		if _, err := loadFile(path + ".missing"); err == nil || !strings.Contains(err.Error(), kind+".toml.missing") {
			t.Errorf("LoadFile of a missing file: %v", err)
		}
		// Encode and Parse round-trip.
		enc, err := encode(def)
		if err != nil {
			t.Fatal(err)
		}
		if back, err := parse(enc, "encoded.toml"); err != nil || !reflect.DeepEqual(back, def) {
			t.Fatalf("Parse(Encode(DefaultConfig())) = %+v, %v", back, err)
		}
		// An unknown key names the file, its line and the key.
		_, err = parse([]byte("# a user file\n\nno_such_knob = 1\n"), "mine.toml")
		if err == nil || !strings.Contains(err.Error(), "mine.toml:3") || !strings.Contains(err.Error(), "no_such_knob") {
			t.Errorf("unknown key: %v, want mine.toml:3 and the key", err)
		}
		// New builds a motor of Kind from the defaults, which returns its
		// configuration, and refuses an invalid config with an error (no
		// panic).
		m, err := newMotor(def)
		if err != nil || m.Kind() != kind {
			t.Fatalf("New(DefaultConfig()) = %v, %v; want a %q motor", m, err, kind)
		}
		if !reflect.DeepEqual(m.Config(), def) {
			t.Errorf("Motor.Config() = %+v, want %+v", m.Config(), def)
		}
		if mt := reflect.TypeOf(m); mt.Kind() != reflect.Pointer || mt.Elem().Name() != "Motor" ||
			!strings.HasSuffix(mt.Elem().PkgPath(), "/motors/"+kind) {
			t.Errorf("New returns a %v, want *%s.Motor", mt, kind)
		}
		if ct := reflect.TypeOf(def); ct.Name() != "Config" || !strings.HasSuffix(ct.PkgPath(), "/motors/"+kind) {
			t.Errorf("the configuration is a %v, want %s.Config", ct, kind)
		}
		if _, err := newMotor(invalid()); err == nil {
			t.Error("New accepted an invalid config")
		}
	}}
}

func TestMotorContract(t *testing.T) {
	for _, c := range []contract{
		contractOf(arena.Kind, arena.DefaultConfig, arena.DefaultTOML, arena.Parse, arena.LoadFile, arena.Encode, arena.New,
			func() arena.Config { c := arena.DefaultConfig(); c.Friction = -1; return c }),
		contractOf(rpg.Kind, rpg.DefaultConfig, rpg.DefaultTOML, rpg.Parse, rpg.LoadFile, rpg.Encode, rpg.New,
			func() rpg.Config { c := rpg.DefaultConfig(); c.MaxSpeed = -1; return c }),
		contractOf(hybrid.Kind, hybrid.DefaultConfig, hybrid.DefaultTOML, hybrid.Parse, hybrid.LoadFile, hybrid.Encode, hybrid.New,
			func() hybrid.Config { c := hybrid.DefaultConfig(); c.MaxSpeed = -1; return c }),
		contractOf(fps.Kind, fps.DefaultConfig, fps.DefaultTOML, fps.Parse, fps.LoadFile, fps.Encode, fps.New,
			func() fps.Config { c := fps.DefaultConfig(); c.MaxSpeed = -1; return c }),
		contractOf(basic.Kind, basic.DefaultConfig, basic.DefaultTOML, basic.Parse, basic.LoadFile, basic.Encode, basic.New,
			func() basic.Config { c := basic.DefaultConfig(); c.MaxSpeed = -1; return c }),
	} {
		t.Run(c.kind, c.run)
	}
}
