package app

import (
	"strings"
	"testing"
)

// TestHostileClientLimitsConfig: the bounds on connections per address and
// on guest chat per address and sockets per holder, their defaults and
// their errors.
func TestHostileClientLimitsConfig(t *testing.T) {
	cases := []struct {
		name                  string
		env                   map[string]string
		conns, msgs, mb, sock int
		bad                   string
	}{
		{"Defaults", nil, 256, 300, 50, 10, ""},
		{"Set", map[string]string{"NGERN_MAX_CONNS_PER_IP": "0", "NGERN_CHAT_GUEST_MESSAGES_PER_IP": "7",
			"NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP": "8", "NGERN_CHAT_SOCKETS_PER_HOLDER": "9"}, 0, 7, 8, 9, ""},
		{"ErrNegativeConns", map[string]string{"NGERN_MAX_CONNS_PER_IP": "-1"}, 0, 0, 0, 0, "NGERN_MAX_CONNS_PER_IP"},
		{"ErrZeroMessages", map[string]string{"NGERN_CHAT_GUEST_MESSAGES_PER_IP": "0"}, 0, 0, 0, 0, "NGERN_CHAT_GUEST_MESSAGES_PER_IP"},
		{"ErrWordMB", map[string]string{"NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP": "lots"}, 0, 0, 0, 0, "NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP"},
		{"ErrZeroSockets", map[string]string{"NGERN_CHAT_SOCKETS_PER_HOLDER": "0"}, 0, 0, 0, 0, "NGERN_CHAT_SOCKETS_PER_HOLDER"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg, err := LoadConfig(func(k string) string { return c.env[k] })
			if c.bad != "" {
				if err == nil || !strings.Contains(err.Error(), c.bad) {
					t.Fatalf("err = %v, want one naming %s", err, c.bad)
				}
				return
			}
			if err != nil || cfg.MaxConnsPerIP != c.conns || cfg.Chat.GuestSendPerIP != c.msgs ||
				cfg.Chat.GuestUploadMBPerIP != c.mb || cfg.Chat.SocketsPerHolder != c.sock {
				t.Fatalf("%d %d %d %d, %v", cfg.MaxConnsPerIP, cfg.Chat.GuestSendPerIP, cfg.Chat.GuestUploadMBPerIP, cfg.Chat.SocketsPerHolder, err)
			}
		})
	}
}
