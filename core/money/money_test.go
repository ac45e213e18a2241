package money

import (
	"encoding/json"
	"testing"
)

func TestParse(t *testing.T) {
	ok := map[string]Satang{"0": 0, "1": 100, "1.5": 150, "1.05": 105, "100.00": 10000, "10000000": Max}
	for in, want := range ok {
		t.Run("OK_"+in, func(t *testing.T) {
			got, err := Parse(in)
			if err != nil || got != want {
				t.Fatalf("Parse(%q) = %v, %v; want %v", in, got, err, want)
			}
		})
	}
	for _, in := range []string{"", "-1", "+1", "1e3", "1.234", "1.", ".5", "01", "NaN", "Infinity", "10000000.01", "1,000", " 1", "99999999999999999999"} {
		t.Run("Bad_"+in, func(t *testing.T) {
			if _, err := Parse(in); err == nil {
				t.Fatalf("Parse(%q) accepted", in)
			}
		})
	}
}

func TestJSON(t *testing.T) {
	var v struct{ Amount Satang }
	if err := json.Unmarshal([]byte(`{"Amount": 12.5}`), &v); err != nil || v.Amount != 1250 {
		t.Fatalf("got %v %v", v.Amount, err)
	}
	if err := json.Unmarshal([]byte(`{"Amount": -1}`), &v); err == nil {
		t.Fatal("negative accepted")
	}
	if err := json.Unmarshal([]byte(`{"Amount": 1e2}`), &v); err == nil {
		t.Fatal("exponent accepted")
	}
	b, _ := json.Marshal(struct{ A Satang }{-1205})
	if string(b) != `{"A":-12.05}` {
		t.Fatalf("marshal = %s", b)
	}
}

func TestParseSigned(t *testing.T) {
	cases := []struct {
		in   string
		want Satang
		ok   bool
	}{
		{"500.00", 500_00, true}, {"-12.5", -12_50, true}, {"-0.01", -1, true},
		{"--1", 0, false}, {"-", 0, false}, {"+1", 0, false}, {"-1e2", 0, false}, {"-10000000.01", 0, false},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := ParseSigned(c.in)
			if (err == nil) != c.ok || (c.ok && got != c.want) {
				t.Fatalf("ParseSigned(%q) = %v, %v", c.in, got, err)
			}
		})
	}
}
