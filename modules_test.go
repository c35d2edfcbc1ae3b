package motorkit

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestWorkspaceModules runs the tests of this repository's other modules
// (demo/, tools/), so that `go test ./...` at the root tests all three:
// in workspace mode ./... stops at a nested module's go.mod. It runs
// `go test ./...` in each directory that go.work uses other than the root
// (with -short when this test runs with -short; the environment is
// inherited, so the test cache works), the modules at once, and fails with
// the whole output of a run that fails. It skips where go.work or a module's directory is absent
// (a module zip of the library) or no go command is on PATH.
func TestWorkspaceModules(t *testing.T) {
	if _, err := os.Stat("go.work"); err != nil {
		t.Skip("no go.work here (not a clone of the repository):", err)
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH:", err)
	}
	out, err := exec.Command(goTool, "work", "edit", "-json", "go.work").Output()
	if err != nil {
		t.Fatalf("go work edit -json go.work: %v", err)
	}
	var work struct {
		Use []struct{ DiskPath string }
	}
	if err := json.Unmarshal(out, &work); err != nil {
		t.Fatalf("go work edit -json go.work: %v\n%s", err, out)
	}
	ran := 0
	for _, use := range work.Use {
		dir := filepath.Clean(use.DiskPath)
		if dir == "." {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			t.Logf("skipping %s: %v", dir, err)
			continue
		}
		ran++
		t.Run(filepath.ToSlash(dir), func(t *testing.T) {
			t.Parallel() // the modules' runs are independent
			args := []string{"test"}
			if testing.Short() {
				args = append(args, "-short")
			}
			args = append(args, "./...")
			cmd := exec.Command(goTool, args...)
			cmd.Dir = dir
			start := time.Now()
			out, err := cmd.CombinedOutput()
			took := time.Since(start).Round(time.Second)
			if err != nil {
				t.Fatalf("%s in %s: %v after %v\n%s", strings.Join(cmd.Args, " "), dir, err, took, out)
			}
			t.Logf("%s in %s: passed in %v\n%s", strings.Join(cmd.Args, " "), dir, took, out)
		})
	}
	if ran == 0 {
		t.Skip("go.work uses no module directory here other than the root")
	}
}
