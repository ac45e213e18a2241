package app

import (
	"strings"
	"testing"
)

// TestConfigProblemsNamed: a value that does not parse or is out of its
// bounds is refused with a message naming the variable; a secret's value
// is not repeated.
func TestConfigProblemsNamed(t *testing.T) {
	for env, want := range map[string]string{
		"NGERN_LAOS=maybe":               `NGERN_LAOS="maybe": not true or false`,
		"NGERN_PROVIDER_TIMEOUT=-1s":     `NGERN_PROVIDER_TIMEOUT="-1s": not a positive duration such as 5s`,
		"NGERN_PROVIDER_TIMEOUT=2m":      "NGERN_PROVIDER_TIMEOUT must be under 1m",
		"NGERN_HOME_CACHE_TTL=2m":        `NGERN_HOME_CACHE_TTL="2m": over 1m`,
		"NGERN_LIMIT_OTP_PER_IP=0":       `NGERN_LIMIT_OTP_PER_IP="0": a whole number of at least 1`,
		"NGERN_LOG_FORMAT=xml":           `NGERN_LOG_FORMAT="xml": use text or json`,
		"NGERN_SLIP_VERIFIER=bank":       `NGERN_SLIP_VERIFIER="bank": use sim, slipok or manual`,
		"NGERN_SECRET_KEY=c2hvcnQ=":      "NGERN_SECRET_KEY must be 32 bytes in base64",
		"NGERN_SIMPROVIDER_FAULTS=x:y:z": "NGERN_SIMPROVIDER_FAULTS=",
		"NGERN_CHAT_GUEST_RETENTION=59m": `NGERN_CHAT_GUEST_RETENTION="59m": a duration of at least 1h`,
		"NGERN_MODE=staging":             `NGERN_MODE="staging": use demo or production`,
	} {
		k, v, _ := strings.Cut(env, "=")
		_, err := LoadConfig(func(name string) string { return map[string]string{k: v}[name] })
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want one with %q", env, err, want)
		}
		if k == "NGERN_SECRET_KEY" && strings.Contains(err.Error(), v) {
			t.Errorf("%s: the error repeats the secret: %v", env, err)
		}
	}
}
