package docs

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestBudgetsDocumented: every timing budget of .ci/budgets.sh is a row of
// testing.md's table with its benchmark, metric, budget and margin, and
// the table has no other.
func TestBudgetsDocumented(t *testing.T) {
	script, err := os.ReadFile("../.ci/budgets.sh")
	if err != nil {
		t.Skip("no .ci/budgets.sh here (not a clone of the repository):", err)
	}
	doc, err := os.ReadFile("testing.md")
	if err != nil {
		t.Fatal(err)
	}
	_, list, ok := strings.Cut(string(script), "\nbudgets='\n")
	list, _, ok2 := strings.Cut(list, "'\n")
	if !ok || !ok2 {
		t.Fatal(".ci/budgets.sh: no budgets='...' list")
	}
	var rows []string
	for _, line := range strings.Split(string(doc), "\n") {
		if l := strings.TrimSpace(line); strings.HasPrefix(l, "| `Benchmark") {
			rows = append(rows, l)
		}
	}
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		f := strings.Split(line, "|")
		if len(f) != 7 {
			t.Fatalf(".ci/budgets.sh: %q is not name|package|flags|metric|budget|margin|env", line)
		}
		n++
		name, metric, budget := "`Benchmark"+f[0]+"`", "`"+f[3]+"`", f[4]
		margin, err := strconv.ParseFloat(f[5], 64)
		if err != nil {
			t.Fatalf(".ci/budgets.sh: %q: margin %q", line, f[5])
		}
		pct := strconv.FormatFloat(margin*100, 'f', -1, 64) + "%"
		found := false
		for _, r := range rows {
			c := strings.Split(r, "|")
			if len(c) == 6 && strings.HasPrefix(strings.TrimSpace(c[1]), name) && strings.Contains(c[2], metric) &&
				strings.HasPrefix(strings.TrimSpace(c[3]), budget) && strings.TrimSpace(c[4]) == pct {
				found = true
			}
		}
		if !found {
			t.Errorf("testing.md has no row for %s %s, budget %s, margin %s", name, metric, budget, pct)
		}
	}
	if n != len(rows) {
		t.Errorf(".ci/budgets.sh has %d budgets, testing.md's table %d rows", n, len(rows))
	}
}
