package app

import (
	"fmt"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"time"

	"ngern/core/chat"
)

// checks are the rules between variables and the values a tag cannot
// bound; each may complete c from what was set.
var checks = []func(c *Config, vars map[string]string) []string{
	checkProvider, checkOperatorToken, checkTrustedProxies, trimLists, checkChat, defaultWebDir,
	checkS3, checkSlipOK, checkHub88, checkXendit,
}

func checkProvider(c *Config, _ map[string]string) []string {
	var problems []string
	if c.ProviderTimeout >= time.Minute {
		// The reconciler takes over a transfer still PENDING after a minute;
		// the call that made it must have ended by then.
		problems = append(problems, "NGERN_PROVIDER_TIMEOUT must be under 1m")
	}
	if c.ProviderURL != "" && c.ProviderKey == "" {
		problems = append(problems, "NGERN_PROVIDER_URL needs NGERN_PROVIDER_KEY")
	}
	return problems
}

func checkOperatorToken(c *Config, _ map[string]string) []string {
	if c.OperatorToken != "" && len(c.OperatorToken) < 32 {
		return []string{"NGERN_OPERATOR_TOKEN must be at least 32 characters"}
	}
	return nil
}

// checkTrustedProxies reads NGERN_TRUSTED_PROXIES, the addresses of our
// proxies: X-Forwarded-For counts only on a connection from one of them (a
// count of hops, which a client reaching the server directly could forge,
// is refused).
func checkTrustedProxies(c *Config, vars map[string]string) []string {
	c.TrustedNets = nil
	for _, part := range c.TrustedProxies {
		part = strings.TrimSpace(part)
		if _, err := strconv.Atoi(part); err == nil {
			return []string{fmt.Sprintf("NGERN_TRUSTED_PROXIES=%q: a count of proxies is no longer accepted; list their addresses or CIDRs (e.g. 10.0.0.0/8)", vars["NGERN_TRUSTED_PROXIES"])}
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			a, aerr := netip.ParseAddr(part)
			if aerr != nil {
				return []string{fmt.Sprintf("NGERN_TRUSTED_PROXIES: %q is not a CIDR such as 10.0.0.0/8 or an address", part)}
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		c.TrustedNets = append(c.TrustedNets, p.Masked())
	}
	return nil
}

// trimLists drops the spaces around the entries of comma-separated lists.
func trimLists(c *Config, _ map[string]string) []string {
	for _, list := range [][]string{c.CORSOrigins, c.Sim.Games} {
		for i := range list {
			list[i] = strings.TrimSpace(list[i])
		}
	}
	return nil
}

// checkChat makes the chat's configuration from its variables.
func checkChat(c *Config, vars map[string]string) []string {
	var problems []string
	v := c.ChatVars
	if !chat.ValidPrefix.MatchString(v.Prefix) {
		problems = append(problems, fmt.Sprintf("NGERN_CHAT_PREFIX=%q: 1 to 16 lower-case letters or digits", v.Prefix))
	}
	c.Chat = chat.DefaultConfig()
	c.Chat.Prefix, c.Chat.AutoReply, c.Chat.TicketLimit = v.Prefix, v.AutoReply, v.TicketLimit
	c.Chat.GuestSendPerIP, c.Chat.GuestUploadMBPerIP, c.Chat.SocketsPerHolder = v.GuestSendPerIP, v.GuestUploadMBPerIP, v.SocketsPerHolder
	c.Chat.GuestRetention = v.GuestRetention
	if v.Hours != "" {
		hours, err := parseHours(v.Hours)
		if err != nil {
			problems = append(problems, fmt.Sprintf("NGERN_CHAT_HOURS=%q: %v", vars["NGERN_CHAT_HOURS"], err))
		}
		c.Chat.Hours = hours
	}
	return problems
}

// defaultWebDir is the web build of a checkout, when one exists.
func defaultWebDir(c *Config, _ map[string]string) []string {
	if c.WebDir == "" {
		if st, err := os.Stat("ui/dist"); err == nil && st.IsDir() {
			c.WebDir = "ui/dist"
		}
	}
	return nil
}

func checkS3(c *Config, _ map[string]string) []string {
	if c.S3.Endpoint != "" && (c.S3.AccessKey == "" || c.S3.SecretKey == "") {
		return []string{"NGERN_S3_ENDPOINT needs NGERN_S3_ACCESS_KEY and NGERN_S3_SECRET_KEY"}
	}
	return nil
}

func checkSlipOK(c *Config, _ map[string]string) []string {
	if c.SlipVerifier == "slipok" && (c.SlipOKBranch == "" || c.SlipOKKey == "") {
		return []string{"NGERN_SLIP_VERIFIER=slipok needs NGERN_SLIPOK_BRANCH and NGERN_SLIPOK_KEY"}
	}
	return nil
}
