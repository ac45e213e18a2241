package seamless_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/hex"
	"encoding/pem"
	"strings"
	"sync"
	"testing"

	"ngern/core/errs"
	"ngern/core/seamless"
)

// testRSA are key pairs made once per test binary (an RSA key takes a
// while to make): two of 2048 bits and one too short.
var testRSA = sync.OnceValues(func() ([3]*rsa.PrivateKey, error) {
	var out [3]*rsa.PrivateKey
	for i, bits := range []int{2048, 2048, 1024} {
		k, err := rsa.GenerateKey(rand.Reader, bits)
		if err != nil {
			return out, err
		}
		out[i] = k
	}
	return out, nil
})

func rsaKeys(t *testing.T) (a, b, short *rsa.PrivateKey) {
	t.Helper()
	k, err := testRSA()
	if err != nil {
		t.Fatal(err)
	}
	return k[0], k[1], k[2]
}

func pemOf(typ string, der []byte) string {
	return string(pem.EncodeToMemory(&pem.Block{Type: typ, Bytes: der}))
}

func pkixPEM(t *testing.T, k any) string {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf("PUBLIC KEY", der)
}

func pkcs8PEM(t *testing.T, k any) string {
	t.Helper()
	der, err := x509.MarshalPKCS8PrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return pemOf("PRIVATE KEY", der)
}

// What an owner may paste as Hub88's public key and as our private key,
// and the catalogue code of each refusal.
func TestRSAKeyPEM(t *testing.T) {
	k, _, short := rsaKeys(t)
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pkcs1Private := pemOf("RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(k))
	pkcs1Public := pemOf("RSA PUBLIC KEY", x509.MarshalPKCS1PublicKey(&k.PublicKey))
	t.Run("public", func(t *testing.T) {
		for _, c := range []struct {
			name, pem string
			code      errs.Code // "" is accepted
		}{
			{"PKIX", pkixPEM(t, &k.PublicKey), ""},
			{"PKCS1", pkcs1Public, ""},
			{"with blank lines and spaces around", "\n  " + pkixPEM(t, &k.PublicKey) + "\n\n", ""},
			{"ErrPKCS1PrivateKey", pkcs1Private, errs.PrivateKeyAsPublic},
			{"ErrPKCS8PrivateKey", pkcs8PEM(t, k), errs.PrivateKeyAsPublic},
			{"ErrPrivateUnderAPublicHeader", pemOf("PUBLIC KEY", x509.MarshalPKCS1PrivateKey(k)), errs.PrivateKeyAsPublic},
			{"ErrTooShort", pkixPEM(t, &short.PublicKey), errs.RSAKeyInvalid},
			{"ErrNotRSA", pkixPEM(t, &ec.PublicKey), errs.RSAKeyInvalid},
			{"ErrNoPEM", "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA", errs.RSAKeyInvalid},
			{"ErrEmpty", "", errs.RSAKeyInvalid},
			{"ErrGarbageInPEM", pemOf("PUBLIC KEY", []byte("not a key")), errs.RSAKeyInvalid},
			{"ErrHuge", strings.Repeat("A", 17<<10), errs.RSAKeyInvalid},
		} {
			t.Run(c.name, func(t *testing.T) {
				got, err := seamless.ParseRSAPublicKeyPEM(c.pem, "hub88PublicKey")
				if c.code == "" {
					if err != nil || !got.Equal(&k.PublicKey) {
						t.Fatalf("got %v, %v", got, err)
					}
					return
				}
				if e := errs.As(err); e == nil || e.Code != c.code || e.Field != "hub88PublicKey" {
					t.Fatalf("err %v, want %s on hub88PublicKey", err, c.code)
				}
				if strings.Contains(err.Error(), "MII") {
					t.Fatalf("the key in the error: %v", err)
				}
			})
		}
	})
	t.Run("private", func(t *testing.T) {
		for _, c := range []struct {
			name, pem string
			code      errs.Code
		}{
			{"PKCS1", pkcs1Private, ""},
			{"PKCS8", pkcs8PEM(t, k), ""},
			{"ErrAPublicKey", pkixPEM(t, &k.PublicKey), errs.RSAKeyInvalid},
			{"ErrTooShort", pkcs8PEM(t, short), errs.RSAKeyInvalid},
			{"ErrNotRSA", pkcs8PEM(t, ec), errs.RSAKeyInvalid},
			{"ErrNoPEM", "-----BEGIN RSA PRIVATE KEY-----", errs.RSAKeyInvalid},
		} {
			t.Run(c.name, func(t *testing.T) {
				got, err := seamless.ParseRSAPrivateKeyPEM(c.pem, "privateKey")
				if c.code == "" {
					if err != nil || !got.Equal(k) {
						t.Fatalf("got %v", err)
					}
					return
				}
				if e := errs.As(err); e == nil || e.Code != c.code || e.Field != "privateKey" {
					t.Fatalf("err %v, want %s on privateKey", err, c.code)
				}
			})
		}
	})
	t.Run("fingerprint and public PEM", func(t *testing.T) {
		der, _ := x509.MarshalPKIXPublicKey(&k.PublicKey)
		sum := sha256.Sum256(der)
		if got := seamless.KeyFingerprint(&k.PublicKey); got != hex.EncodeToString(sum[:]) {
			t.Fatalf("fingerprint %s", got)
		}
		if seamless.KeyFingerprint(nil) != "" || seamless.PublicKeyPEM(nil) != "" {
			t.Fatal("a fingerprint of no key")
		}
		back, err := seamless.ParseRSAPublicKeyPEM(seamless.PublicKeyPEM(&k.PublicKey), "k")
		if err != nil || !back.Equal(&k.PublicKey) || !strings.HasPrefix(seamless.PublicKeyPEM(&k.PublicKey), "-----BEGIN PUBLIC KEY-----") {
			t.Fatalf("round trip: %v", err)
		}
	})
}
