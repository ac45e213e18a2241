package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedFileIsCurrent fails when a setting's definition changed and
// the console's generated schemas were not written again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "..", filepath.FromSlash(target))
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run go generate ./core/settings)", target, err)
	}
	want, err := render()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not current: run go generate ./core/settings and commit it", target)
	}
}
