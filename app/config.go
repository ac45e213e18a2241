// Package app is the composition root: it reads the configuration and wires
// an adapter to every port of core with uber-go/fx. Nothing else imports fx.
package app

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"ngern/adapters/objectstore"
)

// Config is the whole configuration, read from NGERN_* environment
// variables (docs/configuration.md).
type Config struct {
	Addr        string
	DataDir     string
	DatabaseURL string
	WebDir      string

	S3 objectstore.MinIOConfig

	RegisterOTP bool
	SMS         string // console | http
	SMSURL      string
	SMSKey      string
	SMSSender   string

	Laos bool

	LogFormat   string // text | json
	LogLevel    string
	TrustProxy  bool
	CORSOrigins []string

	ShutdownTimeout time.Duration
}

// LoadConfig reads the configuration from getenv (os.Getenv in production).
func LoadConfig(getenv func(string) string) (Config, error) {
	env := func(k, def string) string {
		if v := strings.TrimSpace(getenv(k)); v != "" {
			return v
		}
		return def
	}
	var problems []string
	boolean := func(k string, def bool) bool {
		v := env(k, "")
		if v == "" {
			return def
		}
		b, err := strconv.ParseBool(v)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s=%q is not true or false", k, v))
		}
		return b
	}
	c := Config{
		Addr:        env("NGERN_ADDR", ":8080"),
		DataDir:     env("NGERN_DATA_DIR", "./data"),
		DatabaseURL: env("NGERN_DATABASE_URL", ""),
		WebDir:      env("NGERN_WEB_DIR", ""),
		S3: objectstore.MinIOConfig{
			Endpoint:  env("NGERN_S3_ENDPOINT", ""),
			AccessKey: env("NGERN_S3_ACCESS_KEY", ""),
			SecretKey: env("NGERN_S3_SECRET_KEY", ""),
			Bucket:    env("NGERN_S3_BUCKET", "ngern"),
			UseSSL:    boolean("NGERN_S3_USE_SSL", false),
		},
		RegisterOTP:     boolean("NGERN_REGISTER_OTP", true),
		SMS:             env("NGERN_SMS", "console"),
		SMSURL:          env("NGERN_SMS_URL", ""),
		SMSKey:          env("NGERN_SMS_KEY", ""),
		SMSSender:       env("NGERN_SMS_SENDER", "NGERN"),
		Laos:            boolean("NGERN_LAOS", false),
		LogFormat:       env("NGERN_LOG_FORMAT", "text"),
		LogLevel:        env("NGERN_LOG_LEVEL", "info"),
		TrustProxy:      boolean("NGERN_TRUST_PROXY", false),
		ShutdownTimeout: 15 * time.Second,
	}
	if o := env("NGERN_CORS_ORIGINS", ""); o != "" {
		for _, origin := range strings.Split(o, ",") {
			c.CORSOrigins = append(c.CORSOrigins, strings.TrimSpace(origin))
		}
	}
	if c.WebDir == "" {
		// The default is the web build of a checkout, when one exists.
		if st, err := os.Stat("ui/dist"); err == nil && st.IsDir() {
			c.WebDir = "ui/dist"
		}
	}
	switch c.SMS {
	case "console":
	case "http":
		if c.SMSURL == "" || c.SMSKey == "" {
			problems = append(problems, "NGERN_SMS=http needs NGERN_SMS_URL and NGERN_SMS_KEY")
		}
	default:
		problems = append(problems, fmt.Sprintf("NGERN_SMS=%q: use console or http", c.SMS))
	}
	if c.S3.Endpoint != "" && (c.S3.AccessKey == "" || c.S3.SecretKey == "") {
		problems = append(problems, "NGERN_S3_ENDPOINT needs NGERN_S3_ACCESS_KEY and NGERN_S3_SECRET_KEY")
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		problems = append(problems, fmt.Sprintf("NGERN_LOG_FORMAT=%q: use text or json", c.LogFormat))
	}
	if len(problems) > 0 {
		return c, fmt.Errorf("configuration: %s", strings.Join(problems, "; "))
	}
	return c, nil
}
