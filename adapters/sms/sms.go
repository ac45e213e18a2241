// Package sms delivers text messages: Console writes them to the server log
// (development and demos); HTTPGateway posts them to an SMS gateway.
package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"
)

// Console writes each message, with the phone number, to the log. It is for
// development: the log then holds one-time codes.
type Console struct{ Log *slog.Logger }

// Send logs the message.
func (c Console) Send(ctx context.Context, phone, text string) error {
	c.Log.InfoContext(ctx, "sms sent", "adapter", "console", "phone", phone, "message", text)
	return nil
}

// HTTPGateway posts messages as JSON to a gateway URL with a bearer key:
// {"to": "0812345678", "text": "...", "sender": "NGERN"}. Thai SMS OTP
// gateways differ in field names; an adapter per gateway keeps this shape.
type HTTPGateway struct {
	URL    string
	Key    string
	Sender string
	Client *http.Client
}

// Send posts the message and treats any 2xx answer as delivered.
func (g HTTPGateway) Send(ctx context.Context, phone, text string) error {
	body, _ := json.Marshal(map[string]string{"to": phone, "text": text, "sender": g.Sender})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.URL, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+g.Key)
	client := g.Client
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("sms gateway: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
	if resp.StatusCode/100 != 2 {
		return fmt.Errorf("sms gateway answered %d", resp.StatusCode)
	}
	return nil
}
