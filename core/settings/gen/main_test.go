package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedFilesAreCurrent fails when a setting's definition or the
// bundled videos' path changed and the app's generated copies were not
// written again.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	for _, target := range targets {
		t.Run(filepath.Base(target.path), func(t *testing.T) {
			path := filepath.Join("..", "..", "..", filepath.FromSlash(target.path))
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("read %s: %v (run go generate ./core/settings)", target.path, err)
			}
			want, err := target.render()
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatalf("%s is not current: run go generate ./core/settings and commit it", target.path)
			}
		})
	}
}
