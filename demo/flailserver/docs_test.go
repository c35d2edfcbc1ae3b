package main

import (
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
)

// TestFlagsTable: every flag docs/online.md lists has the default the
// doc says.
func TestFlagsTable(t *testing.T) {
	n, err := gendefaults.CheckFlags("../../docs/online.md", flagSet(&flags{}))
	if err != nil {
		t.Error(err)
	}
	if n < 10 {
		t.Errorf("%d flags checked: are the tables where the test looks?", n)
	}
}
