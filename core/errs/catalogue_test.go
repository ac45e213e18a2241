package errs

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryCodeTranslated reads the apps' locale files: every code of the
// catalogue must have a non-empty errorMsg text in th, la and en.
func TestEveryCodeTranslated(t *testing.T) {
	for _, locale := range []string{"th", "la", "en"} {
		t.Run(locale, func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join("..", "..", "ui", "src", "i18n", "locales", locale+".json"))
			if err != nil {
				t.Fatalf("read locale: %v", err)
			}
			var doc struct {
				ErrorMsg map[string]string `json:"errorMsg"`
			}
			if err := json.Unmarshal(raw, &doc); err != nil {
				t.Fatal(err)
			}
			for _, code := range All() {
				if strings.TrimSpace(doc.ErrorMsg[string(code)]) == "" {
					t.Errorf("%s: no errorMsg translation for %s", locale, code)
				}
			}
		})
	}
}

func TestCatalogue(t *testing.T) {
	seen := map[Code]bool{}
	for _, c := range All() {
		if seen[c] {
			t.Errorf("%s listed twice", c)
		}
		seen[c] = true
	}
	for c := range kinds {
		if !seen[c] {
			t.Errorf("%s has a kind but is not in All()", c)
		}
	}
	t.Run("Kinds", func(t *testing.T) {
		cases := map[Code]Kind{WrongCredential: Unauthorized, ExistingUser: Conflict, InvalidUserInfo: Invalid, ServiceGone: Gone, RequestLimit: RateLimited}
		for code, want := range cases {
			if got := New(code).Kind; got != want {
				t.Errorf("%s: kind %v, want %v", code, got, want)
			}
		}
	})
	t.Run("Is", func(t *testing.T) {
		err := Newf(MoneyNotEnough, "balance %d", 5)
		if !HasCode(err, MoneyNotEnough) || CodeOf(os.ErrNotExist) != InternalServerError {
			t.Fatal("code lookup")
		}
	})
}
