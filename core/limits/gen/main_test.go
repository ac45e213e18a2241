package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ngern/core/internal/tsgen"
	"ngern/core/limits"
)

// TestGeneratedFileIsCurrent fails when a limit changed and the UI's
// generated table was not written again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	if err := tsgen.Current(filepath.Join("..", "..", ".."), target, "core/limits", render()); err != nil {
		t.Fatal(err)
	}
}

func TestRenderListsEveryLimit(t *testing.T) {
	out := string(render())
	for _, l := range limits.Table() {
		if !strings.Contains(out, "\n  "+l.Name+": "+literal(l.Value)+",\n") {
			t.Errorf("%s missing", l.Name)
		}
	}
}
