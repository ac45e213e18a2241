// Package hub88 is the Hub88 Operator API adapter, built to Hub88's public
// documentation (docs/adapters.md, "Hub88"): the Wallet API that Hub88
// calls on every bet, win and rollback (Handler, over seamless.Wallet) and
// the Games API that Ngern calls for the game list and game URLs (Client,
// a seamless.Aggregator). Both ways every body is signed with RSA-SHA256
// in the X-Hub88-Signature header: Hub88 signs with its private key and we
// verify with its public key; we sign with ours and Hub88 verifies with the
// public key we gave it.
package hub88

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"errors"
	"fmt"

	"ngern/core/money"
)

// Code is Hub88's code in Ngern: the Provider of its callbacks and of its
// games.
const Code = "hub88"

// SignatureHeader carries the base64 RSA-SHA256 signature of a body.
const SignatureHeader = "X-Hub88-Signature"

// Status is a Wallet API answer's status.
type Status string

// The statuses of Hub88's "Seamless Wallet response statuses - Operator
// API" page that this adapter answers (docs/adapters.md lists which error
// of the seamless wallet gives which).
const (
	OK                  Status = "RS_OK"
	ErrorUnknown        Status = "RS_ERROR_UNKNOWN"
	ErrorInvalidToken   Status = "RS_ERROR_INVALID_TOKEN"
	ErrorInvalidGame    Status = "RS_ERROR_INVALID_GAME"
	ErrorWrongCurrency  Status = "RS_ERROR_WRONG_CURRENCY"
	ErrorNotEnoughMoney Status = "RS_ERROR_NOT_ENOUGH_MONEY"
	ErrorUserDisabled   Status = "RS_ERROR_USER_DISABLED"
	ErrorSignature      Status = "RS_ERROR_INVALID_SIGNATURE"
	ErrorTokenExpired   Status = "RS_ERROR_TOKEN_EXPIRED"
	ErrorWrongSyntax    Status = "RS_ERROR_WRONG_SYNTAX"
	ErrorWrongTypes     Status = "RS_ERROR_WRONG_TYPES"
	ErrorDuplicate      Status = "RS_ERROR_DUPLICATE_TRANSACTION"
	ErrorRolledBack     Status = "RS_ERROR_TRANSACTION_ROLLED_BACK"
)

// UnitsPerSatang is how many of Hub88's amount units make one satang:
// Hub88 writes amounts as integers of 1/100000 of the currency unit
// ($3.56 is 356000), and a satang (or an att) is 1/100 of it.
const UnitsPerSatang = 1000

// ErrAmount is an amount that is negative or not a whole number of satang:
// Ngern's wallet cannot hold it.
var ErrAmount = errors.New("hub88: amount not a whole number of satang")

// ToSatang converts a Hub88 amount to satang, exactly: an amount below
// zero or with a fraction of a satang is refused, never rounded.
func ToSatang(units int64) (money.Satang, error) {
	if units < 0 || units%UnitsPerSatang != 0 {
		return 0, ErrAmount
	}
	return money.Satang(units / UnitsPerSatang), nil
}

// FromSatang converts satang to a Hub88 amount.
func FromSatang(s money.Satang) int64 { return int64(s) * UnitsPerSatang }

// Sign returns the base64 RSA-SHA256 (PKCS #1 v1.5) signature of body.
func Sign(key *rsa.PrivateKey, body []byte) (string, error) {
	sum := sha256.Sum256(body)
	sig, err := rsa.SignPKCS1v15(rand.Reader, key, crypto.SHA256, sum[:])
	if err != nil {
		return "", err
	}
	return base64.StdEncoding.EncodeToString(sig), nil
}

// Verify reports whether signature (base64) is key's signature of body.
func Verify(key *rsa.PublicKey, body []byte, signature string) bool {
	sig, err := base64.StdEncoding.DecodeString(signature)
	if err != nil || len(sig) == 0 {
		return false
	}
	sum := sha256.Sum256(body)
	return rsa.VerifyPKCS1v15(key, crypto.SHA256, sum[:], sig) == nil
}

// ParsePrivateKey reads an RSA private key in PEM, as `openssl genrsa`
// writes it (PKCS #1) or in PKCS #8.
func ParsePrivateKey(pemBytes []byte) (*rsa.PrivateKey, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, errors.New("hub88: no PEM block in the private key")
	}
	if k, err := x509.ParsePKCS1PrivateKey(block.Bytes); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, errors.New("hub88: the private key is neither PKCS #1 nor PKCS #8")
	}
	rk, ok := k.(*rsa.PrivateKey)
	if !ok {
		return nil, fmt.Errorf("hub88: the private key is %T, not RSA", k)
	}
	return rk, nil
}

// ParsePublicKey reads an RSA public key in PEM, as `openssl rsa -pubout`
// writes it (PKIX) or in PKCS #1.
func ParsePublicKey(pemBytes []byte) (*rsa.PublicKey, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return nil, errors.New("hub88: no PEM block in the public key")
	}
	if k, err := x509.ParsePKCS1PublicKey(block.Bytes); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		return nil, errors.New("hub88: the public key is neither PKIX nor PKCS #1")
	}
	rk, ok := k.(*rsa.PublicKey)
	if !ok {
		return nil, fmt.Errorf("hub88: the public key is %T, not RSA", k)
	}
	return rk, nil
}
