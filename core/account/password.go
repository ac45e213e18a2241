package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's recommendation (m=19 MiB, t=2, p=1).
const (
	argonMemory  = 19 * 1024
	argonTime    = 2
	argonThreads = 1
	argonKeyLen  = 32
	argonSaltLen = 16
)

// MaxPasswordLen is the longest password accepted (quality bars); the
// shortest is limits.PasswordMin, which the limits lookup serves.
const MaxPasswordLen = 128

// Hasher hashes passwords with argon2id, running at most a fixed number of
// hashes at once so that a login storm cannot exhaust memory.
type Hasher struct {
	slots chan struct{}
	dummy string
}

// NewHasher returns a hasher allowing n concurrent hashes (0: two per CPU).
func NewHasher(n int) *Hasher {
	if n <= 0 {
		n = 2 * runtime.NumCPU()
	}
	h := &Hasher{slots: make(chan struct{}, n)}
	h.dummy, _ = h.Hash("timing-equaliser")
	return h
}

// Hash returns the PHC-encoded argon2id hash of password.
func (h *Hasher) Hash(password string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := h.derive(password, salt, argonMemory, argonTime, argonThreads)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemory, argonTime, argonThreads,
		base64.RawStdEncoding.EncodeToString(salt), base64.RawStdEncoding.EncodeToString(key)), nil
}

// Verify reports whether password matches encoded. An empty or malformed
// encoded hash is checked against a dummy so that the time taken does not
// tell whether an account exists.
func (h *Hasher) Verify(password, encoded string) bool {
	if encoded == "" {
		encoded = h.dummy
		password += "\x00never"
	}
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m > 256*1024 || t > 10 || p == 0 {
		return false
	}
	salt, err1 := base64.RawStdEncoding.DecodeString(parts[4])
	want, err2 := base64.RawStdEncoding.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := h.derive(password, salt, m, t, p)
	return subtle.ConstantTimeCompare(got, want) == 1
}

func (h *Hasher) derive(password string, salt []byte, m, t uint32, p uint8) []byte {
	h.slots <- struct{}{}
	defer func() { <-h.slots }()
	return argon2.IDKey([]byte(password), salt, t, m, p, argonKeyLen)
}
