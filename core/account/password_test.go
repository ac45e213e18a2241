package account

import (
	"strings"
	"sync"
	"testing"
)

func TestHasher(t *testing.T) {
	h := NewHasher(2)
	enc, err := h.Hash("correct horse")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("Format", func(t *testing.T) {
		if !strings.HasPrefix(enc, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("hash = %s", enc)
		}
	})
	t.Run("OK", func(t *testing.T) {
		if !h.Verify("correct horse", enc) {
			t.Fatal("right password refused")
		}
	})
	t.Run("ErrWrongPassword", func(t *testing.T) {
		if h.Verify("correct horsE", enc) {
			t.Fatal("wrong password accepted")
		}
	})
	t.Run("ErrMalformed", func(t *testing.T) {
		for _, bad := range []string{"", "plain", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=999999999,t=2,p=1$AA$AA"} {
			if h.Verify("x", bad) {
				t.Fatalf("%q accepted", bad)
			}
		}
	})
	t.Run("SaltedDifferently", func(t *testing.T) {
		again, _ := h.Hash("correct horse")
		if again == enc {
			t.Fatal("two hashes of one password are equal")
		}
	})
	t.Run("BoundedConcurrency", func(t *testing.T) {
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() { defer wg.Done(); h.Verify("correct horse", enc) }()
		}
		wg.Wait()
		if len(h.slots) != 0 {
			t.Fatal("slots leaked")
		}
	})
}

func TestTokens(t *testing.T) {
	a, b := NewToken(), NewToken()
	if a == b || len(a) != 43 {
		t.Fatalf("tokens %q %q", a, b)
	}
	// The hash is deterministic: the stored hash of a token is found again from the token.
	if h := HashToken(a); h == a || len(h) != 64 || HashToken(a) != h {
		t.Fatal("token hash")
	}
	if id := NewID(); len(id) != 24 {
		t.Fatalf("id %q", id)
	}
}
