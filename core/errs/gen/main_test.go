package main

import (
	"path/filepath"
	"strings"
	"testing"

	"ngern/core/errs"
	"ngern/core/internal/tsgen"
)

// TestGeneratedFileIsCurrent fails when the catalogue changed and the UI's
// generated list was not written again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	if err := tsgen.Current(filepath.Join("..", "..", ".."), target, "core/errs", render()); err != nil {
		t.Fatal(err)
	}
}

func TestRenderListsEveryCode(t *testing.T) {
	out := string(render())
	for _, c := range errs.All() {
		if !strings.Contains(out, "\n  '"+string(c)+"',\n") {
			t.Errorf("%s missing", c)
		}
	}
	if strings.Count(out, "',\n") != len(errs.All()) {
		t.Errorf("%d codes rendered, want %d", strings.Count(out, "',\n"), len(errs.All()))
	}
}
