package seamless

import (
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"strings"

	"ngern/core/errs"
)

// MinRSABits is the smallest RSA key an owner may paste in the console
// (an aggregator's public key, our private key).
const MinRSABits = 2048

// maxKeyPEM bounds a pasted key: a 4096-bit private key's PEM is about
// 3.3 kB, an 8192-bit one 6.4 kB.
const maxKeyPEM = 16 << 10

// ParseRSAPublicKeyPEM reads another party's RSA public key in PEM (PKIX,
// as `openssl rsa -pubout` writes it, or PKCS #1). A private key given
// instead is PRIVATE_KEY_AS_PUBLIC (a key that belongs to no one else's
// hands); anything else that is not an RSA public key of at least
// MinRSABits is RSA_KEY_INVALID. Both name field, never the key.
func ParseRSAPublicKeyPEM(text, field string) (*rsa.PublicKey, error) {
	block, err := onePEM(text, field)
	if err != nil {
		return nil, err
	}
	if strings.Contains(block.Type, "PRIVATE") || isPrivateDER(block.Bytes) {
		return nil, errs.OnField(errs.PrivateKeyAsPublic, field)
	}
	k, err := x509.ParsePKCS1PublicKey(block.Bytes)
	if err != nil {
		parsed, perr := x509.ParsePKIXPublicKey(block.Bytes)
		rk, ok := parsed.(*rsa.PublicKey)
		if perr != nil || !ok {
			return nil, keyInvalid(field, "not an RSA public key (PKIX or PKCS #1)")
		}
		k = rk
	}
	if k.N.BitLen() < MinRSABits {
		return nil, keyInvalid(field, "an RSA key of %d bits; at least %d", k.N.BitLen(), MinRSABits)
	}
	return k, nil
}

// ParseRSAPrivateKeyPEM reads our RSA private key in PEM (PKCS #1, as
// `openssl genrsa` writes it, or PKCS #8): RSA_KEY_INVALID on field when
// it is not one of at least MinRSABits (a public key included).
func ParseRSAPrivateKeyPEM(text, field string) (*rsa.PrivateKey, error) {
	block, err := onePEM(text, field)
	if err != nil {
		return nil, err
	}
	k, err := x509.ParsePKCS1PrivateKey(block.Bytes)
	if err != nil {
		parsed, perr := x509.ParsePKCS8PrivateKey(block.Bytes)
		rk, ok := parsed.(*rsa.PrivateKey)
		if perr != nil || !ok {
			return nil, keyInvalid(field, "not an RSA private key (PKCS #1 or PKCS #8)")
		}
		k = rk
	}
	if k.N.BitLen() < MinRSABits {
		return nil, keyInvalid(field, "an RSA key of %d bits; at least %d", k.N.BitLen(), MinRSABits)
	}
	if err := k.Validate(); err != nil {
		return nil, keyInvalid(field, "an inconsistent RSA private key")
	}
	return k, nil
}

// onePEM decodes the one PEM block of text.
func onePEM(text, field string) (*pem.Block, error) {
	if len(text) > maxKeyPEM {
		return nil, keyInvalid(field, "a key of at most %d bytes of PEM", maxKeyPEM)
	}
	block, _ := pem.Decode([]byte(strings.TrimSpace(text)))
	if block == nil {
		return nil, keyInvalid(field, "no PEM block (-----BEGIN …-----)")
	}
	return block, nil
}

// isPrivateDER reports whether der is a private key whatever its PEM
// header says.
func isPrivateDER(der []byte) bool {
	if _, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return true
	}
	_, err := x509.ParsePKCS8PrivateKey(der)
	return err == nil
}

func keyInvalid(field, format string, a ...any) error {
	e := errs.Newf(errs.RSAKeyInvalid, format, a...)
	e.Field = field
	return e
}

// PublicKeyPEM writes a public key as PKIX PEM ("PUBLIC KEY"), as
// `openssl rsa -pubout` does: what we hand Hub88 of our private key.
func PublicKeyPEM(k *rsa.PublicKey) string {
	if k == nil {
		return ""
	}
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		return ""
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// privateKeyPEM writes a private key as PKCS #8 PEM, the form it is
// sealed in.
func privateKeyPEM(k *rsa.PrivateKey) (string, error) {
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		return "", err
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), nil
}

// KeyFingerprint names a public key without its content: the SHA-256 of
// its PKIX DER in hex, as `openssl rsa -pubin -outform DER | sha256sum`
// prints it ("" for none). Of a private key, the fingerprint of its
// public half.
func KeyFingerprint(k *rsa.PublicKey) string {
	if k == nil {
		return ""
	}
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		return ""
	}
	h := sha256.Sum256(der)
	return hex.EncodeToString(h[:])
}
