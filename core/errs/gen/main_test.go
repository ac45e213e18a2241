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
	if want := len(errs.All()) + len(errs.ConsoleOnly()); strings.Count(out, "',\n") != want {
		t.Errorf("%d codes rendered, want %d (every code, then the console's)", strings.Count(out, "',\n"), want)
	}
	_, console, ok := strings.Cut(out, "export const consoleErrorCodes = [\n")
	if !ok {
		t.Fatal("no consoleErrorCodes")
	}
	for _, c := range errs.ConsoleOnly() {
		if !strings.Contains(console, "  '"+string(c)+"',\n") {
			t.Errorf("console code %s missing", c)
		}
	}
}
