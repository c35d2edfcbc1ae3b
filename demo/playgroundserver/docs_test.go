package main

import (
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
)

// TestFlagsTable: every flag of the server docs/netplay.md lists has the
// default the doc says.
func TestFlagsTable(t *testing.T) {
	n, err := gendefaults.CheckFlags("../../docs/netplay.md", flagSet(&flags{}))
	if err != nil {
		t.Error(err)
	}
	if n < 10 {
		t.Errorf("%d flags checked: is the table where the test looks?", n)
	}
}
