package limits_test

import (
	"testing"

	"ngern/core/limits"
)

func TestTableNamesAreUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, l := range limits.Table() {
		if seen[l.Name] || l.Name == "" || l.Doc == "" {
			t.Errorf("%q: empty or listed twice", l.Name)
		}
		seen[l.Name] = true
	}
	if len(limits.Values()) != len(limits.Table()) {
		t.Fatal("Values does not hold every limit")
	}
}
