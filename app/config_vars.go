package app

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/netip"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/caarlos0/env/v11"

	"ngern/adapters/gameprovider/sim"
	"ngern/adapters/paygate"
	simpayout "ngern/adapters/payout/sim"
	"ngern/core/wallet"
)

// configVar is one variable of Config: its tags and where it is.
type configVar struct {
	Name  string // the variable, NGERN_…
	Field reflect.StructField
	Index []int // the field's index path in Config
}

// configVars lists Config's variables in the order of the struct, nested
// structs in place: the order of the generated documentation.
func configVars() []configVar {
	var out []configVar
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			f := t.Field(i)
			at := append(slices.Clone(index), i)
			if name := f.Tag.Get("env"); name != "" {
				out = append(out, configVar{Name: name, Field: f, Index: at})
			} else if f.Type.Kind() == reflect.Struct && f.IsExported() {
				walk(f.Type, at)
			}
		}
	}
	walk(reflect.TypeFor[Config](), nil)
	return out
}

// environment is every variable of Config that getenv sets, trimmed; an
// empty value counts as unset.
func environment(getenv func(string) string) map[string]string {
	vars := map[string]string{}
	for _, v := range configVars() {
		if s := strings.TrimSpace(getenv(v.Name)); s != "" {
			vars[v.Name] = s
		}
	}
	return vars
}

// parsers read the types whose text needs more than strconv, and give the
// reasons a value is refused.
var parsers = map[reflect.Type]env.ParserFunc{
	// LoadConfig reads NGERN_MODE first (the mode picks the defaults) and
	// names a bad one.
	reflect.TypeFor[Mode](): func(v string) (any, error) { m, _ := ParseMode(v); return m, nil },
	reflect.TypeFor[bool](): func(v string) (any, error) {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return false, errors.New("not true or false")
		}
		return b, nil
	},
	reflect.TypeFor[int](): func(v string) (any, error) {
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, errors.New("not a whole number")
		}
		return n, nil
	},
	reflect.TypeFor[time.Duration](): func(v string) (any, error) {
		d, err := time.ParseDuration(v)
		if err != nil {
			return time.Duration(0), errors.New("not a duration such as 5s")
		}
		return d, nil
	},
	reflect.TypeFor[[]byte](): func(v string) (any, error) {
		key, err := base64.StdEncoding.DecodeString(v)
		if err != nil || len(key) != wallet.KeySize {
			return []byte(nil), fmt.Errorf("must be %d bytes in base64 (openssl rand -base64 32)", wallet.KeySize)
		}
		return key, nil
	},
	reflect.TypeFor[sim.Faults]():       func(v string) (any, error) { return sim.ParseFaults(v) },
	reflect.TypeFor[paygate.Faults]():   func(v string) (any, error) { return paygate.ParseFaults(v) },
	reflect.TypeFor[simpayout.Faults](): func(v string) (any, error) { return simpayout.ParseFaults(v) },
}

// parseVars sets c's fields from vars, naming each variable whose value
// does not parse (a secret's value is never repeated).
func parseVars(c *Config, vars map[string]string) []string {
	opts := env.Options{Environment: vars, FuncMap: parsers}
	err := env.ParseWithOptions(c, opts)
	if err == nil {
		return nil
	}
	var agg env.AggregateError
	if !errors.As(err, &agg) {
		return []string{err.Error()}
	}
	var problems []string
	for _, e := range agg.Errors {
		var pe env.ParseError
		if !errors.As(e, &pe) {
			problems = append(problems, e.Error())
			continue
		}
		problems = append(problems, describe(pe, vars))
	}
	return problems
}

// describe names the variable of a field that did not parse.
func describe(pe env.ParseError, vars map[string]string) string {
	for _, v := range configVars() {
		if v.Field.Name != pe.Name || v.Field.Type != pe.Type {
			continue
		}
		if v.Field.Tag.Get("secret") != "" {
			return fmt.Sprintf("%s %v", v.Name, pe.Err)
		}
		return fmt.Sprintf("%s=%q: %v", v.Name, vars[v.Name], pe.Err)
	}
	return pe.Error()
}

// checkBounds refuses a value set outside its field's min, max or oneof
// tag.
func checkBounds(c *Config, vars map[string]string) []string {
	var problems []string
	root := reflect.ValueOf(c).Elem()
	for _, v := range configVars() {
		set, ok := vars[v.Name]
		if !ok && v.Field.Tag.Get("oneof") == "" {
			continue
		}
		field := root.FieldByIndex(v.Index)
		if msg := outOfBounds(v.Field.Tag, field); msg != "" {
			problems = append(problems, fmt.Sprintf("%s=%q: %s", v.Name, set, msg))
		}
	}
	return problems
}

// outOfBounds says what is wrong with value under tag's bounds ("": none).
func outOfBounds(tag reflect.StructTag, value reflect.Value) string {
	if oneof := tag.Get("oneof"); oneof != "" {
		if values := strings.Fields(oneof); !slices.Contains(values, value.String()) {
			last := len(values) - 1
			return "use " + strings.Join(values[:last], ", ") + " or " + values[last]
		}
		return ""
	}
	if d, ok := value.Interface().(time.Duration); ok {
		if lo, err := time.ParseDuration(tag.Get("min")); err == nil && d < lo {
			switch lo {
			case 0:
				return "a duration of at least 0 (e.g. 5s)"
			case time.Nanosecond:
				return "not a positive duration such as 5s"
			}
			return "a duration of at least " + shortDuration(lo)
		}
		if hi, err := time.ParseDuration(tag.Get("max")); err == nil && d > hi {
			return "over " + shortDuration(hi)
		}
		return ""
	}
	if value.Kind() == reflect.Int {
		if lo, err := strconv.Atoi(tag.Get("min")); err == nil && int(value.Int()) < lo {
			return fmt.Sprintf("a whole number of at least %d", lo)
		}
	}
	return ""
}

// shortDuration writes d as a person would: 15m, not 15m0s.
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}

// prefixes writes networks as NGERN_TRUSTED_PROXIES lists them.
func prefixes(nets []netip.Prefix) []string {
	out := make([]string, len(nets))
	for i, n := range nets {
		out[i] = n.String()
	}
	return out
}
