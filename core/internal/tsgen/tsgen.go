// Package tsgen is the one main of the generators that write a core table
// into a TypeScript module of the apps (core/limits/gen, core/errs/gen):
// each generator only renders its module, so the argument handling, the
// write and the check that the written file is current live here once.
package tsgen

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
)

// Main writes render's module to the one argument, the path of target
// (named from the repository root, for the usage line). It is a
// generator's whole main.
func Main(target string, render func() []byte) {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: gen <path of "+target+">")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], render(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

// Current answers why the committed target differs from want, or nil.
// root is the repository root seen from the caller's directory (a
// generator's test runs in core/<package>/gen); pkg names the package to
// generate again.
func Current(root, target, pkg string, want []byte) error {
	got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(target)))
	if err != nil {
		return fmt.Errorf("read %s: %w (run go generate ./%s)", target, err, pkg)
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%s is not current: run go generate ./%s and commit it", target, pkg)
	}
	return nil
}
