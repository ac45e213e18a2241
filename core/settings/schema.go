package settings

import (
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"

	"ngern/core/errs"
)

// Schema is a JSON Schema (draft 2020-12) of a setting's document, as a map
// so that it is served (GET /api/operator/settings/schema), linked into the
// OpenAPI document and generated for the console as it is. The server and
// the console check a document with the same subset of keywords: type,
// properties, required, items, minimum, exclusiveMinimum, maximum,
// multipleOf, minLength, maxLength, pattern, and x-notAbove (a number not
// above a sibling's). Two meanings are fixed, so that both sides answer the
// same error:
//   - a string with "format": "uri" that fails its pattern is a refused
//     link (SETTING_URL_INVALID);
//   - a "maximum" is always what the code can honour, never a taste: a
//     value above it is refused with the reason (SETTING_NOT_HONOURED).
//
// Any other violation is INVALID_REQUEST, naming the field.
type Schema = map[string]any

// httpsLink is the pattern of a link members open: https with a host, no
// spaces.
const httpsLink = `https://[^\s/?#]+[^\s]*`

// object is an object schema whose every property is required (the apps
// read every field); extra fields are kept.
func object(props Schema) Schema {
	req := make([]string, 0, len(props))
	for k := range props {
		req = append(req, k)
	}
	sort.Strings(req)
	return Schema{"type": "object", "properties": props, "required": req}
}

func listOf(items Schema) Schema { return Schema{"type": "array", "items": items} }

func text() Schema { return Schema{"type": "string"} }

func boolean() Schema { return Schema{"type": "boolean"} }

// textUpTo is a string of at most max characters.
func textUpTo(max int) Schema { return Schema{"type": "string", "maxLength": max} }

// wholeFrom is a whole number of at least min and, when max > 0, at most
// max (what the code honours).
func wholeFrom(min, max int) Schema {
	s := Schema{"type": "integer", "minimum": min}
	if max > 0 {
		s["maximum"] = max
	}
	return s
}

// amount is an amount of baht above zero with at most two decimals, at
// most money.Max (the largest amount the ledger holds).
func amount() Schema {
	return Schema{"type": "number", "exclusiveMinimum": 0, "multipleOf": 0.01, "maximum": maxBaht}
}

// link is an https link; optional also accepts "" (no link) and null, and
// alsoPath a path of this server ("/api/...").
func link(optional, alsoPath bool) Schema {
	p := httpsLink
	if alsoPath {
		p += `|/[^\s]*`
	}
	s := Schema{"type": "string", "format": "uri", "pattern": "^(" + p + ")$"}
	if optional {
		s["type"] = []any{"string", "null"}
		s["pattern"] = "^(" + p + ")?$"
	}
	return s
}

// violation is why a document fails its schema.
type violation struct {
	path, why string
	code      errs.Code
}

func (v *violation) err(key string) error {
	e := errs.Newf(v.code, "%s: %s: %s", key, v.path, v.why)
	e.Field = v.path
	return e
}

// validate checks v (a document decoded with UseNumber) against s; nil
// when it passes.
func validate(s Schema, v any, path string) *violation {
	if t, ok := s["type"]; ok && !hasType(t, v) {
		return invalid(path, "must be %s", typeName(t))
	}
	switch x := v.(type) {
	case map[string]any:
		return validateObject(s, x, path)
	case []any:
		return validateArray(s, x, path)
	case json.Number:
		return validateNumber(s, x, path)
	case string:
		return validateString(s, x, path)
	}
	return nil
}

// invalid is a plain schema violation at path.
func invalid(path, why string, args ...any) *violation {
	return &violation{path: path, why: fmt.Sprintf(why, args...), code: errs.InvalidRequest}
}

func validateObject(s Schema, x map[string]any, path string) *violation {
	if req, ok := s["required"].([]string); ok {
		for _, k := range req {
			if _, ok := x[k]; !ok {
				return invalid(join(path, k), "is missing")
			}
		}
	}
	props, _ := s["properties"].(Schema)
	for _, k := range sortedKeys(props) {
		sub, ok := x[k]
		if !ok {
			continue
		}
		if bad := validate(props[k].(Schema), sub, join(path, k)); bad != nil {
			return bad
		}
		if other, ok := props[k].(Schema)["x-notAbove"].(string); ok {
			if a, b := num(sub), num(x[other]); !math.IsNaN(b) && a > b {
				return invalid(join(path, k), "must not be above %s", other)
			}
		}
	}
	return nil
}

func validateArray(s Schema, x []any, path string) *violation {
	items, ok := s["items"].(Schema)
	if !ok {
		return nil
	}
	for i, it := range x {
		if bad := validate(items, it, path+"["+strconv.Itoa(i)+"]"); bad != nil {
			return bad
		}
	}
	return nil
}

func validateNumber(s Schema, x json.Number, path string) *violation {
	n := num(x)
	if min, ok := s["minimum"]; ok && n < num(min) {
		return invalid(path, "must be at least %v", min)
	}
	if min, ok := s["exclusiveMinimum"]; ok && n <= num(min) {
		return invalid(path, "must be above %v", min)
	}
	if step, ok := s["multipleOf"]; ok {
		if q := n / num(step); math.Abs(q-math.Round(q)) > 1e-6 {
			return invalid(path, "must be a multiple of %v", step)
		}
	}
	if max, ok := s["maximum"]; ok && n > num(max) {
		return &violation{path: path, why: fmt.Sprintf("can be at most %v: the server cannot honour more", max), code: errs.SettingNotHonoured}
	}
	return nil
}

func validateString(s Schema, x string, path string) *violation {
	n := len([]rune(x))
	if min, ok := s["minLength"]; ok && n < int(num(min)) {
		return invalid(path, "must have at least %v characters", min)
	}
	if max, ok := s["maxLength"]; ok && n > int(num(max)) {
		return invalid(path, "must have at most %v characters", max)
	}
	if p, ok := s["pattern"].(string); ok && !compiled(p).MatchString(x) {
		if s["format"] == "uri" {
			return &violation{path: path, why: "must be an https link", code: errs.SettingURLInvalid}
		}
		return invalid(path, "must match %s", p)
	}
	return nil
}

func hasType(t any, v any) bool {
	if list, ok := t.([]any); ok {
		for _, one := range list {
			if hasType(one, v) {
				return true
			}
		}
		return false
	}
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		return ok && num(n) == math.Trunc(num(n))
	}
	return false
}

func typeName(t any) string {
	if list, ok := t.([]any); ok {
		names := make([]string, len(list))
		for i, one := range list {
			names[i] = fmt.Sprint(one)
		}
		return strings.Join(names, " or ")
	}
	return fmt.Sprint(t)
}

// num reads a number of a document or a schema; NaN for anything else.
func num(v any) float64 {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		if err != nil {
			return math.NaN()
		}
		return f
	case int:
		return float64(n)
	case float64:
		return n
	}
	return math.NaN()
}

func join(path, k string) string {
	if path == "" {
		return k
	}
	return path + "." + k
}

func sortedKeys(m Schema) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

var patterns sync.Map // pattern → *regexp.Regexp

// compiled returns the regexp of a schema's pattern (the schemas are fixed
// in code: a pattern that does not compile is a bug caught by the tests).
func compiled(p string) *regexp.Regexp {
	if re, ok := patterns.Load(p); ok {
		return re.(*regexp.Regexp)
	}
	re := regexp.MustCompile(p)
	patterns.Store(p, re)
	return re
}

// decodeDoc reads a document for validate.
func decodeDoc(doc json.RawMessage) (any, error) {
	d := json.NewDecoder(strings.NewReader(string(doc)))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if d.More() {
		return nil, fmt.Errorf("trailing data")
	}
	return v, nil
}
