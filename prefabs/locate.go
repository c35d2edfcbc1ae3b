package prefabs

import (
	"errors"
	"strings"

	"github.com/seedgames/motorkit/config"
)

// A recipe is merged and re-encoded before its sections are decoded, so the
// decoders see text the user never wrote. locate puts the user's file and
// line back on such an error: it finds the *config.Error in err, turns its
// key (relative to the section named in its source, "file [motor]") into a
// path under prefix in the user's text data, and looks that path up.
func locate(err error, data []byte, source string, prefix ...string) error {
	var ce *config.Error
	if !errors.As(err, &ce) {
		return err
	}
	if i := strings.LastIndex(ce.Source, " ["); i >= 0 && strings.HasSuffix(ce.Source, "]") {
		sec := ce.Source[i+2 : len(ce.Source)-1]
		if ce.Key != "" {
			ce.Key = sec + "." + ce.Key
		} else {
			ce.Key = sec
		}
	} else if ce.Key == "" {
		ce.Line = 0
		return err
	}
	ce.Source = source
	ce.Line = config.KeyLine(data, append(append([]string{}, prefix...), strings.Split(ce.Key, ".")...))
	return err
}
