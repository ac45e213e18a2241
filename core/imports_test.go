package core_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestCoreImportsNoInfrastructure keeps core/ free of adapters, the
// composition root, SQL drivers, HTTP, websockets and fx: core holds the
// domain and its ports only.
func TestCoreImportsNoInfrastructure(t *testing.T) {
	forbidden := []string{
		"ngern/adapters", "ngern/app", "net/http", "database/sql", "go.uber.org/",
		"github.com/jmoiron/sqlx", "github.com/lib/pq", "modernc.org/", "github.com/minio/",
		"github.com/coder/websocket", "github.com/go-playground/",
	}
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			for _, bad := range forbidden {
				if strings.HasPrefix(p, bad) {
					t.Errorf("%s imports %s: core must not depend on infrastructure", path, p)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 5 {
		t.Fatalf("only %d files checked; is the test in core/?", checked)
	}
}
