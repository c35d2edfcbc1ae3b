package sim

import (
	"fmt"
	"math"
	"sort"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
)

// Stats collects a match's statistics from its events: kills by thrown and
// swung flails and every life's start and end tick. It keeps event order,
// so a match's statistics are as deterministic as the match.
type Stats struct {
	rate float64
	// Kills counts the kills since the match started.
	Kills int
	// Thrown and Swung count kills by thrown and by swung flails.
	Thrown, Swung int
	// Lives are the ended lives' lengths in ticks, in event order.
	Lives []uint64
	start map[uint64]uint64 // player ID -> tick its current life began
}

func (s *Stats) init(rate float64) {
	s.rate = rate
	s.start = map[uint64]uint64{}
}

func (s *Stats) observe(e flail.Event) {
	switch e.Kind {
	case flail.EventSpawn, flail.EventRespawn:
		s.start[e.Victim] = e.Tick
	case flail.EventKill:
		s.Kills++
		if e.Thrown {
			s.Thrown++
		} else {
			s.Swung++
		}
		if t0, ok := s.start[e.Victim]; ok {
			s.Lives = append(s.Lives, e.Tick-t0)
			delete(s.start, e.Victim)
		}
	case flail.EventRemoved:
		delete(s.start, e.Victim)
	}
}

// Summary is a match's statistics at one moment.
type Summary struct {
	// Bots and Seconds are the match size and simulated time.
	Bots    int
	Seconds float64
	// Kills, Thrown and Swung count kills; KillsPerBotMinute is Kills per
	// bot per simulated minute.
	Kills, Thrown, Swung int
	KillsPerBotMinute    float64
	// Ended lives ended in a kill; Running lives were still going.
	Ended, Running int
	// MedianLife (s) is the Kaplan-Meier median of all lives, the running
	// ones counted as censored at the match's end; +Inf when fewer than
	// half of the lives are estimated to end within the match.
	MedianLife float64
	// MedianEnded (s) is the plain median of the ended lives (biased short:
	// long lives are still running).
	MedianEnded float64
	// Energy is min, first quartile, median, third quartile and max of
	// the living players' energy.
	Energy [5]float64
}

// MedianLifeString formats MedianLife ("> T s" when not reached).
func (s Summary) MedianLifeString() string {
	if math.IsInf(s.MedianLife, 1) {
		return fmt.Sprintf("> %.1f s", s.Seconds)
	}
	return fmt.Sprintf("%.1f s", s.MedianLife)
}

// Summary computes the statistics of match m now.
func (st *Stats) Summary(m *flailmatch.Match) Summary {
	r := m.Game.Rules
	now := r.Tick
	sm := Summary{Kills: st.Kills, Thrown: st.Thrown, Swung: st.Swung, Ended: len(st.Lives),
		Seconds: float64(now) / st.rate, MedianLife: math.Inf(1)}
	var running []uint64
	var energy []float64
	for _, ent := range m.Entities() {
		f := flailmatch.Flail.Get(m.World.Entry(ent))
		sm.Bots++
		if !f.Alive {
			continue
		}
		energy = append(energy, f.Energy)
		if t0, ok := st.start[f.ID]; ok {
			running = append(running, now-t0)
			sm.Running++
		}
	}
	if min := sm.Seconds * float64(sm.Bots); min > 0 {
		sm.KillsPerBotMinute = float64(sm.Kills) / (min / 60)
	}
	if t, ok := MedianSurvival(st.Lives, running); ok {
		sm.MedianLife = float64(t) / st.rate
	}
	ended := make([]float64, len(st.Lives))
	for i, l := range st.Lives {
		ended[i] = float64(l) / st.rate
	}
	sm.MedianEnded = quantile(ended, 0.5)
	for i, q := range [5]float64{0, 0.25, 0.5, 0.75, 1} {
		sm.Energy[i] = quantile(energy, q)
	}
	return sm
}

// quantile sorts x and returns its q-quantile by linear interpolation
// (0 for an empty slice).
func quantile(x []float64, q float64) float64 {
	if len(x) == 0 {
		return 0
	}
	sort.Float64s(x)
	f := q * float64(len(x)-1)
	i := int(f)
	if i >= len(x)-1 {
		return x[len(x)-1]
	}
	return x[i] + (f-float64(i))*(x[i+1]-x[i])
}

// MedianSurvival is the Kaplan-Meier median of life lengths: ended lives
// ended (a death was observed), running lives were still going when
// observed (censored). At each distinct ended length t the survival
// estimate is multiplied by 1 - d/n (d lives ending at t, n lives at risk,
// i.e. of length >= t; at a tie deaths count before censorings); the median
// is the first t where it drops to 0.5 or below. ok is false when it never
// does (fewer than half of the lives are estimated to end).
func MedianSurvival(ended, running []uint64) (t uint64, ok bool) {
	type life struct {
		ticks uint64
		ended bool
	}
	lives := make([]life, 0, len(ended)+len(running))
	for _, l := range ended {
		lives = append(lives, life{l, true})
	}
	for _, l := range running {
		lives = append(lives, life{l, false})
	}
	sort.Slice(lives, func(i, j int) bool {
		if lives[i].ticks != lives[j].ticks {
			return lives[i].ticks < lives[j].ticks
		}
		return lives[i].ended && !lives[j].ended
	})
	surv := 1.0
	for i := 0; i < len(lives); {
		j, d := i, 0
		for j < len(lives) && lives[j].ticks == lives[i].ticks {
			if lives[j].ended {
				d++
			}
			j++
		}
		if d > 0 {
			surv *= 1 - float64(d)/float64(len(lives)-i)
			if surv <= 0.5 {
				return lives[i].ticks, true
			}
		}
		i = j
	}
	return 0, false
}
