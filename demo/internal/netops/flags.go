package netops

import (
	"flag"
	"fmt"
	"path"
	"time"
)

// ServerFlags are the command-line options every game server has: its
// state file and drain, the grace and idle times, the per-address limit,
// the other web pages allowed and the trusted proxies, the log format.
type ServerFlags struct {
	State              string
	Drain, Grace, Idle time.Duration
	PerAddress         int
	Origins, Proxies   []string
	LogJSON            bool
}

// Register defines the flags on fs, each defaulting to the value f holds
// (set the game's defaults first). held names what a player holds in the
// game ("car", "character"), for the help.
func (f *ServerFlags) Register(fs *flag.FlagSet, held string) {
	fs.StringVar(&f.State, "state", f.State, "state file: on SIGTERM the matches are saved to it; on start they resume at their saved tick and their players have -grace to reconnect (the file is then renamed FILE.restored)")
	fs.DurationVar(&f.Drain, "drain", f.Drain, "on SIGTERM, how long to wait for the players' connections to end after telling them the server restarts")
	fs.DurationVar(&f.Grace, "grace", f.Grace, "how long a dropped player's "+held+" waits for a reconnect")
	fs.BoolVar(&f.LogJSON, "log-json", f.LogJSON, "log as JSON lines (log/slog: time, level, msg) for a log collector")
	fs.IntVar(&f.PerAddress, "max-per-address", f.PerAddress, "most connections, and most "+held+"s (connected or within -grace), per remote address")
	fs.Func("trusted-proxy", "IP or CIDR of a reverse proxy whose X-Forwarded-For names the client (repeatable)", func(v string) error {
		f.Proxies = append(f.Proxies, v)
		return nil
	})
	fs.DurationVar(&f.Idle, "idle", f.Idle, "disconnect a player who sends nothing for this long (told why; the "+held+" waits -grace for a reconnect)")
	fs.Func("origin", "host pattern of another web page allowed to connect from a browser, e.g. game.example.com or *.example.com (repeatable; pages this server serves are always allowed)", func(v string) error {
		if _, err := path.Match(v, ""); err != nil || v == "" {
			return fmt.Errorf("bad origin pattern %q", v)
		}
		f.Origins = append(f.Origins, v)
		return nil
	})
}

// OrDefault sets *v to d when it is zero or negative: a server option
// left out takes its default.
func OrDefault[T int | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}
