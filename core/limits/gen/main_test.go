package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ngern/core/limits"
)

// TestGeneratedFileIsCurrent fails when a limit changed and the UI's
// generated table was not written again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "..", filepath.FromSlash(target))
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run go generate ./core/limits)", target, err)
	}
	if !bytes.Equal(got, render()) {
		t.Fatalf("%s is not current: run go generate ./core/limits and commit it", target)
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
