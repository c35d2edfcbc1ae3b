package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var (
	mdLink  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	heading = regexp.MustCompile("(?m)^#{1,6} +(.+)$")
	// docRef is a path and anchor of a doc page that a Go comment cites.
	docRef = regexp.MustCompile(`\bdocs/[\w/.-]+\.md(?:#[\w-]+)?`)
)

// slug is GitHub's anchor for a heading: lower case, punctuation other than
// '-' and '_' dropped, spaces to '-'.
func slug(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(h)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func anchors(t *testing.T, path string) map[string]bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]bool{}
	inFence := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			inFence = !inFence
			continue
		}
		if m := heading.FindStringSubmatch(line); m != nil && !inFence {
			out[slug(m[1])] = true
		}
	}
	return out
}

// checkRef reports a reference to a missing file or heading.
func checkRef(t *testing.T, where, target string) {
	t.Helper()
	path, anchor, _ := strings.Cut(target, "#")
	if _, err := os.Stat(path); err != nil {
		t.Errorf("%s: links to %s, which does not exist", where, target)
		return
	}
	if anchor != "" && strings.HasSuffix(path, ".md") && !anchors(t, path)[anchor] {
		t.Errorf("%s: links to %s, but %s has no heading #%s", where, target, path, anchor)
	}
}

// Every relative link of README.md and docs/, and every doc page and anchor a
// Go comment cites, points at a file and heading of this repository.
func TestDocLinks(t *testing.T) {
	root := ".."
	mds := []string{filepath.Join(root, "README.md"), filepath.Join(root, "CHANGELOG.md")}
	for _, pat := range []string{"docs/*.md", "docs/motors/*.md"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		mds = append(mds, m...)
	}
	for _, md := range mds {
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			link := m[1]
			if strings.Contains(link, "://") || strings.HasPrefix(link, "mailto:") {
				continue
			}
			if strings.HasPrefix(link, "#") {
				link = filepath.Base(md) + link
			}
			checkRef(t, md, filepath.Join(filepath.Dir(md), link))
		}
	}
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, ref := range docRef.FindAllString(string(b), -1) {
			checkRef(t, p, filepath.Join(root, ref))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
