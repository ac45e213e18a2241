// Package money holds amounts as integer satang (1/100 of a baht; the same
// minor unit is used for LAK). Amounts are never floats.
package money

import (
	"encoding/json"
	"strconv"
	"strings"

	"ngern/core/errs"
)

// Satang is an amount in minor units.
type Satang int64

// Max is the largest amount the API accepts in one call: 10 million baht.
const Max Satang = 10_000_000_00

// FromBaht returns b whole baht as Satang.
func FromBaht(b int64) Satang { return Satang(b * 100) }

// Parse reads a decimal amount such as "100", "100.5" or "100.50".
// It rejects signs, exponents, more than two decimals, empty input and
// anything above Max, with INVALID_AMOUNT.
func Parse(s string) (Satang, error) {
	bad := errs.New(errs.InvalidAmount)
	if s == "" || len(s) > 20 {
		return 0, bad
	}
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" || (hasDot && (frac == "" || len(frac) > 2)) {
		return 0, bad
	}
	for _, part := range []string{whole, frac} {
		for _, c := range part {
			if c < '0' || c > '9' {
				return 0, bad
			}
		}
	}
	if len(whole) > 1 && whole[0] == '0' {
		return 0, bad
	}
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w > int64(Max/100) {
		return 0, bad
	}
	for len(frac) < 2 {
		frac += "0"
	}
	f, _ := strconv.ParseInt(frac, 10, 64)
	v := Satang(w*100 + f)
	if v > Max {
		return 0, bad
	}
	return v, nil
}

// ParseSigned reads an amount as Parse does, with an optional leading minus
// sign (for operator adjustments, which may debit).
func ParseSigned(s string) (Satang, error) {
	if rest, neg := strings.CutPrefix(s, "-"); neg {
		v, err := Parse(rest)
		return -v, err
	}
	return Parse(s)
}

// String formats s with two decimals, e.g. "-12.05".
func (s Satang) String() string {
	neg := s < 0
	v := int64(s)
	if neg {
		v = -v
	}
	out := strconv.FormatInt(v/100, 10) + "." + pad2(v%100)
	if neg {
		return "-" + out
	}
	return out
}

func pad2(v int64) string {
	if v < 10 {
		return "0" + strconv.FormatInt(v, 10)
	}
	return strconv.FormatInt(v, 10)
}

// MarshalJSON writes s as a JSON number with two decimals.
func (s Satang) MarshalJSON() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalJSON reads a JSON number (or a numeric string) with Parse rules;
// negative amounts are rejected.
func (s *Satang) UnmarshalJSON(b []byte) error {
	str := strings.TrimSpace(string(b))
	if str == "null" {
		return errs.New(errs.InvalidAmount)
	}
	if strings.HasPrefix(str, `"`) {
		var q string
		if err := json.Unmarshal(b, &q); err != nil {
			return errs.New(errs.InvalidAmount)
		}
		str = q
	}
	v, err := Parse(str)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
