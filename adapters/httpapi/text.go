package httpapi

import (
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"unicode"
	"unicode/utf8"

	"ngern/core/errs"
)

// cleanText reports whether s is text the API accepts anywhere: valid
// UTF-8 without NUL, control characters (tab, line feed and carriage return
// aside) or format characters (zero-width and direction marks, byte-order
// marks, soft hyphens…), which no field needs and which some databases
// refuse or store invisibly.
func cleanText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case unicode.IsControl(r), unicode.Is(unicode.Cf, r):
			return false
		}
	}
	return true
}

// checkStrings walks a decoded request and returns the JSON name of the
// first string field that is not clean text.
func checkStrings(v reflect.Value, name string) (string, bool) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return "", true
		}
		return checkStrings(v.Elem(), name)
	case reflect.String:
		return name, cleanText(v.String())
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			field, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if field == "" {
				field = f.Name
			}
			if bad, ok := checkStrings(v.Field(i), field); !ok {
				return bad, false
			}
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if bad, ok := checkStrings(v.Index(i), name); !ok {
				return bad, false
			}
		}
	case reflect.Map:
		iter := v.MapRange()
		for iter.Next() {
			if bad, ok := checkStrings(iter.Key(), name); !ok {
				return bad, false
			}
			field := name
			if iter.Key().Kind() == reflect.String {
				field = iter.Key().String()
			}
			if bad, ok := checkStrings(iter.Value(), field); !ok {
				return bad, false
			}
		}
	}
	return "", true
}

// checkJSON applies the text rule to a raw JSON document kept as it is
// (e.g. an operator setting): it returns the name of the first field at
// fault. A document that is not JSON passes, for its reader to refuse.
func checkJSON(doc []byte) (string, bool) {
	if !utf8.Valid(doc) {
		return "", false
	}
	var v any
	if json.Unmarshal(doc, &v) != nil {
		return "", true
	}
	return checkStrings(reflect.ValueOf(v), "")
}

// cleanPaths answers INVALID_CHARACTERS to an API call whose path or query
// (as decoded) is not clean text, before any handler reads its parameters.
func (s *Server) cleanPaths(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/api/") {
			if !cleanText(r.URL.Path) || !cleanText(r.URL.RawPath) {
				writeError(w, r, errs.OnField(errs.InvalidCharacters, "path"))
				return
			}
			if r.URL.RawQuery != "" {
				q, err := url.ParseQuery(r.URL.RawQuery)
				if err != nil {
					writeError(w, r, errs.New(errs.InvalidRequest))
					return
				}
				for k, vs := range q {
					if !cleanText(k) {
						writeError(w, r, errs.OnField(errs.InvalidCharacters, "query"))
						return
					}
					for _, v := range vs {
						if !cleanText(v) {
							writeError(w, r, errs.OnField(errs.InvalidCharacters, k))
							return
						}
					}
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}
