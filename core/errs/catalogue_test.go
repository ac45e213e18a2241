package errs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestEveryConstantInTheTable parses the package: every constant of type
// Code must have one row in the catalogue table, and every row a constant.
func TestEveryConstantInTheTable(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	declared := map[Code]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "Code" {
					continue
				}
				for i, n := range v.Names {
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok {
						t.Fatalf("%s: not a string literal", n.Name)
					}
					s, _ := strconv.Unquote(lit.Value)
					declared[Code(s)] = n.Name
				}
			}
		}
	}
	if len(declared) < 90 {
		t.Fatalf("found %d constants; is the parse right?", len(declared))
	}
	rows := map[Code]bool{}
	for _, e := range catalogue {
		if rows[e.Code] {
			t.Errorf("%s has two rows", e.Code)
		}
		rows[e.Code] = true
		if _, ok := declared[e.Code]; !ok {
			t.Errorf("row %s has no constant", e.Code)
		}
	}
	for code, name := range declared {
		if !rows[code] {
			t.Errorf("%s (%s) has no row in the catalogue table", name, code)
		}
	}
}

func TestCatalogue(t *testing.T) {
	spelling := regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	for _, c := range All() {
		if !spelling.MatchString(string(c)) {
			t.Errorf("%q: codes are letters, digits, _ and -", c)
		}
	}
	if len(Entries()) != len(All()) {
		t.Fatal("Entries and All differ")
	}
	t.Run("Kinds", func(t *testing.T) {
		cases := map[Code]Kind{WrongCredential: Unauthorized, ExistingUser: Conflict, InvalidUserInfo: Invalid,
			ServiceGone: Gone, RequestLimit: RateLimited, Code("NOT_IN_THE_CATALOGUE"): Invalid}
		for code, want := range cases {
			if got := New(code).Kind; got != want {
				t.Errorf("%s: kind %v, want %v", code, got, want)
			}
		}
	})
	t.Run("Status", func(t *testing.T) {
		cases := map[Code]int{InvalidToken: 401, ServiceGone: 410, InactiveUser: 403, NoGame: 404,
			WithdrawPending: 409, PayloadTooLarge: 413, OTPBlock: 429, InternalServerError: 500, TransferFail: 502,
			TransferPending: 503, TransferMinimum: 400}
		for code, want := range cases {
			if got := KindOf(code).Status(); got != want {
				t.Errorf("%s: status %d, want %d", code, got, want)
			}
		}
		for k := Internal; k <= BadGateway; k++ {
			if s := k.Status(); s < 400 || s > 599 || (k != Invalid && s == 400) {
				t.Errorf("kind %d: status %d", k, s)
			}
		}
		if Kind(99).Status() != 400 {
			t.Error("an unknown kind is not 400")
		}
	})
	t.Run("Is", func(t *testing.T) {
		err := Newf(MoneyNotEnough, "balance %d", 5)
		if !HasCode(err, MoneyNotEnough) || CodeOf(os.ErrNotExist) != InternalServerError {
			t.Fatal("code lookup")
		}
	})
}

// TestConsoleOnlyCodes: every console-only code is a catalogue code, listed
// once.
func TestConsoleOnlyCodes(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range consoleOnly {
		if _, ok := kindOf[c]; !ok {
			t.Errorf("%s is not in the catalogue", c)
		}
		if seen[c] {
			t.Errorf("%s listed twice", c)
		}
		seen[c] = true
	}
	if got := ConsoleOnly(); len(got) != len(consoleOnly) {
		t.Errorf("ConsoleOnly() = %v, want the %d listed", got, len(consoleOnly))
	}
}
