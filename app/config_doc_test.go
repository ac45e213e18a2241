package app

import (
	"flag"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/configuration.md's generated variables table")

// The generated table sits between these lines of docs/configuration.md.
const (
	docBegin = "<!-- generated from the tags of app.Config: go test ./app -run TestConfigurationDoc -update -->\n"
	docEnd   = "<!-- end of the generated table -->\n"
)

// TestConfigurationDoc: docs/configuration.md's variables table is the one
// the tags of Config make (-update rewrites it).
func TestConfigurationDoc(t *testing.T) {
	const path = "../docs/configuration.md"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	begin, end := strings.Index(doc, docBegin), strings.Index(doc, docEnd)
	if begin < 0 || end < begin {
		t.Fatalf("%s has no generated table between %q and %q", path, docBegin, docEnd)
	}
	want := doc[:begin+len(docBegin)] + configTable(t) + doc[end:]
	if want == doc {
		return
	}
	if *updateDocs {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("%s is stale: run go test ./app -run TestConfigurationDoc -update", path)
}

// configTable is the variables table: each variable's default in
// production (and in demo mode where it differs) and its meaning.
func configTable(t *testing.T) string {
	prod, demo := defaults(ModeProduction), defaults(ModeDemo)
	for _, c := range []*Config{&prod, &demo} {
		if problems := parseVars(c, map[string]string{}); len(problems) > 0 {
			t.Fatal(problems)
		}
	}
	var b strings.Builder
	b.WriteString("| Variable | Default | Meaning |\n|---|---|---|\n")
	for _, v := range configVars() {
		def := code(v.Field.Tag.Get("docDefault"))
		if def == "" {
			p := defaultText(reflect.ValueOf(prod).FieldByIndex(v.Index))
			def = p
			if d := defaultText(reflect.ValueOf(demo).FieldByIndex(v.Index)); d != p {
				def = fmt.Sprintf("%s (demo: %s)", p, d)
			}
		}
		doc := code(v.Field.Tag.Get("doc"))
		if doc == "" {
			t.Errorf("%s has no doc tag", v.Name)
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", v.Name, def, doc)
	}
	return b.String()
}

// code turns the tags' ~code~ into Markdown's `code`.
func code(s string) string { return strings.ReplaceAll(s, "~", "`") }

// defaultText writes a default as the table shows it.
func defaultText(v reflect.Value) string {
	if v.IsZero() && v.Kind() != reflect.Bool && v.Kind() != reflect.Int {
		return "empty"
	}
	switch x := v.Interface().(type) {
	case time.Duration:
		return "`" + shortDuration(x) + "`"
	case []string:
		return "`" + strings.Join(x, ",") + "`"
	}
	return fmt.Sprintf("`%v`", v.Interface())
}
