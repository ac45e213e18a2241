package hub88_test

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"testing"

	"ngern/adapters/gameprovider/hub88"
	"ngern/adapters/gameprovider/hub88/hub88test"
	"ngern/core/money"
)

func TestAmounts(t *testing.T) {
	tests := []struct {
		name  string
		units int64
		want  money.Satang
		err   bool
	}{
		{"Zero", 0, 0, false},
		{"OneSatang", 1000, 1, false},
		{"DocumentedExample", 356000, 356, false}, // $3.56
		{"OneBaht", 100000, 100, false},
		{"Large", 1_000_000_000_000, 1_000_000_000, false},
		{"ErrFractionOfSatang", 1500, 0, true},
		{"ErrOneUnit", 1, 0, true},
		{"ErrNegative", -1000, 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := hub88.ToSatang(tt.units)
			if (err != nil) != tt.err || got != tt.want {
				t.Fatalf("ToSatang(%d) = %d, %v", tt.units, got, err)
			}
			if err != nil {
				if !errors.Is(err, hub88.ErrAmount) {
					t.Errorf("err %v, want ErrAmount", err)
				}
				return
			}
			if back := hub88.FromSatang(got); back != tt.units {
				t.Errorf("FromSatang(%d) = %d, want %d", got, back, tt.units)
			}
		})
	}
}

func TestSignatures(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	body := []byte(`{"user":"m1","request_uuid":"r1"}`)
	sig, err := hub88.Sign(k.Operator, body)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OK", func(t *testing.T) {
		if !hub88.Verify(&k.Operator.PublicKey, body, sig) {
			t.Error("own signature refused")
		}
	})
	t.Run("ErrTampered", func(t *testing.T) {
		if hub88.Verify(&k.Operator.PublicKey, []byte(`{"user":"m2","request_uuid":"r1"}`), sig) {
			t.Error("tampered body accepted")
		}
	})
	t.Run("ErrOtherKey", func(t *testing.T) {
		if hub88.Verify(&k.Hub88.PublicKey, body, sig) {
			t.Error("signature verified with another key")
		}
	})
	t.Run("ErrNotBase64", func(t *testing.T) {
		if hub88.Verify(&k.Operator.PublicKey, body, "%%%") || hub88.Verify(&k.Operator.PublicKey, body, "") {
			t.Error("garbage accepted")
		}
	})
}

func TestParseKeys(t *testing.T) {
	k, err := hub88test.TestKeys()
	if err != nil {
		t.Fatal(err)
	}
	pkcs8, err := x509.MarshalPKCS8PrivateKey(k.Operator)
	if err != nil {
		t.Fatal(err)
	}
	pkix, err := x509.MarshalPKIXPublicKey(&k.Operator.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	privs := map[string][]byte{
		"PKCS1": pem.EncodeToMemory(&pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(k.Operator)}),
		"PKCS8": pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: pkcs8}),
	}
	for name, p := range privs {
		t.Run("Private"+name, func(t *testing.T) {
			got, err := hub88.ParsePrivateKey(p)
			if err != nil || !got.Equal(k.Operator) {
				t.Fatalf("%v", err)
			}
		})
	}
	pubs := map[string][]byte{
		"PKIX":  pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pkix}),
		"PKCS1": pem.EncodeToMemory(&pem.Block{Type: "RSA PUBLIC KEY", Bytes: x509.MarshalPKCS1PublicKey(&k.Operator.PublicKey)}),
	}
	for name, p := range pubs {
		t.Run("Public"+name, func(t *testing.T) {
			got, err := hub88.ParsePublicKey(p)
			if err != nil || !got.Equal(&k.Operator.PublicKey) {
				t.Fatalf("%v", err)
			}
		})
	}
	t.Run("ErrNotPEM", func(t *testing.T) {
		if _, err := hub88.ParsePrivateKey([]byte("nope")); err == nil {
			t.Error("private: no error")
		}
		if _, err := hub88.ParsePublicKey([]byte("nope")); err == nil {
			t.Error("public: no error")
		}
	})
	t.Run("ErrSwapped", func(t *testing.T) {
		if _, err := hub88.ParsePrivateKey(pubs["PKIX"]); err == nil {
			t.Error("a public key read as private")
		}
	})
}
