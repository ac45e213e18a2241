package scratch

import "testing"

func TestWithSearchPath(t *testing.T) {
	for name, tc := range map[string]struct{ in, want string }{
		"NoQuery":      {"postgres://postgres@127.0.0.1:5432/test", "postgres://postgres@127.0.0.1:5432/test?search_path=yr"},
		"KeepsOptions": {"postgres://postgres@127.0.0.1:5432/test?sslmode=disable", "postgres://postgres@127.0.0.1:5432/test?search_path=yr&sslmode=disable"},
		"Replaces":     {"postgres://h/test?search_path=other", "postgres://h/test?search_path=yr"},
	} {
		t.Run(name, func(t *testing.T) {
			if got := WithSearchPath(tc.in, "yr"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
