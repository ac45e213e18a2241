package wallet

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
)

// KeySize is the length of a Sealer key: AES-256.
const KeySize = 32

// Sealer encrypts the secrets the app must show again (game passwords)
// with AES-256-GCM. Each sealed value is bound to what it belongs to (the
// additional data), so a value copied to another row does not open.
type Sealer struct {
	aead cipher.AEAD
}

// NewSealer returns a sealer with a 32-byte key.
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) != KeySize {
		return nil, fmt.Errorf("wallet: the secret key must be %d bytes, not %d", KeySize, len(key))
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

// Seal encrypts plain for owner and returns base64 text: nonce, then
// ciphertext and tag.
func (s *Sealer) Seal(plain, owner string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte(owner))
	return base64.StdEncoding.EncodeToString(out), nil
}

// Open decrypts a value sealed for owner.
func (s *Sealer) Open(sealed, owner string) (string, error) {
	raw, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", errors.New("wallet: sealed value is malformed")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(owner))
	if err != nil {
		return "", errors.New("wallet: sealed value does not open with this key")
	}
	return string(plain), nil
}
