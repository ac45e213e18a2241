package app

import (
	"strings"
	"testing"
)

func TestXenditConfig(t *testing.T) {
	const key = "xnd_production_do-not-repeat-me"
	for _, tc := range []struct {
		name    string
		vars    map[string]string
		on      bool
		problem string
	}{
		{"Off", map[string]string{}, false, ""},
		{"OnWithTheDefaultURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key}, true, ""},
		{"OnWithAnotherURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key, "NGERN_XENDIT_URL": "http://127.0.0.1:9"}, true, ""},
		{"NotAURL", map[string]string{"NGERN_XENDIT_SECRET_KEY": key, "NGERN_XENDIT_URL": "api.xendit.co"}, true, `NGERN_XENDIT_URL="api.xendit.co": not an http(s) URL`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := LoadConfig(func(k string) string { return tc.vars[k] })
			if tc.problem != "" {
				if err == nil || !strings.Contains(err.Error(), tc.problem) {
					t.Fatalf("err = %v, want %q", err, tc.problem)
				}
				if strings.Contains(err.Error(), key) {
					t.Fatalf("the error repeats the key: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if c.Xendit.On() != tc.on || c.Xendit.URL == "" {
				t.Fatalf("%+v", c.Xendit)
			}
			if tc.on && c.Xendit.Client().SecretKey != key {
				t.Fatal("the key is not passed on")
			}
		})
	}
}
