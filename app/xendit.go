package app

import (
	"fmt"
	"strings"

	"ngern/adapters/payout/xendit"
)

// XenditConfig is Xendit's Payouts API, the real payout adapter
// (adapters/payout/xendit): the secret key turns it on.
type XenditConfig struct {
	URL       string `env:"NGERN_XENDIT_URL" envDefault:"https://api.xendit.co" doc:"Base of Xendit's API for payouts (~POST {base}/v2/payouts~, ~GET {base}/v2/payouts?reference_id=~); see [adapters.md](adapters.md#xendit-payouts)."`
	SecretKey string `env:"NGERN_XENDIT_SECRET_KEY" secret:"true" doc:"Xendit's secret API key with the Money-out write permission (sent as HTTP Basic, the key as the user name), for the Xendit payout adapter: set, Xendit can be the party that pays automatic withdrawals. Never logged."`
}

// On reports whether Xendit is configured.
func (x XenditConfig) On() bool { return x.SecretKey != "" }

// Client is the configured adapter's configuration. The payout worker's
// call timeout bounds each Submit and Status through its context; the
// adapter's own bound of one HTTP request is its default.
func (x XenditConfig) Client() xendit.Config {
	return xendit.Config{BaseURL: x.URL, SecretKey: x.SecretKey}
}

// checkXendit refuses a base URL that is not http(s) (the key is never
// repeated).
func checkXendit(c *Config, _ map[string]string) []string {
	x := c.Xendit
	if !strings.HasPrefix(x.URL, "https://") && !strings.HasPrefix(x.URL, "http://") {
		return []string{fmt.Sprintf("NGERN_XENDIT_URL=%q: not an http(s) URL", x.URL)}
	}
	if c.Payouts == "xendit" && !x.On() {
		return []string{"NGERN_PAYOUTS=xendit needs NGERN_XENDIT_SECRET_KEY"}
	}
	if x.On() {
		if _, err := xendit.New(x.Client()); err != nil {
			return []string{"NGERN_XENDIT_URL: " + err.Error()}
		}
	}
	return nil
}
