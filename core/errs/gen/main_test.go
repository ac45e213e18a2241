package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ngern/core/errs"
)

// TestGeneratedFileIsCurrent fails when the catalogue changed and the UI's
// generated list was not written again.
func TestGeneratedFileIsCurrent(t *testing.T) {
	path := filepath.Join("..", "..", "..", filepath.FromSlash(target))
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read %s: %v (run go generate ./core/errs)", target, err)
	}
	if !bytes.Equal(got, render()) {
		t.Fatalf("%s is not current: run go generate ./core/errs and commit it", target)
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
