// Package apiclient is the benches' net/http client of the Ngern API, for
// their setup calls: JSON bodies, a status to expect, a JSON answer. (The
// measured phases of ./bench use their own lean client, bench/conn.go.)
package apiclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Client calls the API at Base.
type Client struct {
	Base string // http://host:port
	hc   *http.Client
}

// New returns a client of the API at base keeping up to idle connections.
func New(base string, idle int) *Client {
	return &Client{Base: base, hc: &http.Client{Timeout: 30 * time.Second,
		Transport: &http.Transport{MaxIdleConns: idle, MaxIdleConnsPerHost: idle}}}
}

// Header is a request's extra headers.
type Header map[string]string

// Bearer is the header of a member's or operator's token (none for "").
func Bearer(token string) Header {
	if token == "" {
		return nil
	}
	return Header{"Authorization": "Bearer " + token}
}

// Do sends body (JSON) and returns the answer's status and body.
func (c *Client) Do(method, path string, h Header, body string) (int, []byte, error) {
	req, err := http.NewRequest(method, c.Base+path, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range h {
		req.Header.Set(k, v)
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res.StatusCode, raw, err
}

// Expect sends body and fails unless the answer has status.
func (c *Client) Expect(method, path string, h Header, body string, status int) error {
	st, raw, err := c.Do(method, path, h, body)
	if err != nil {
		return err
	}
	if st != status {
		return fmt.Errorf("%s %s: %d %s", method, path, st, bytes.TrimSpace(raw))
	}
	return nil
}

// Decode sends body, fails unless the answer is a success (2xx) and
// decodes it into v (unless v is nil).
func (c *Client) Decode(method, path string, h Header, body string, v any) error {
	st, raw, err := c.Do(method, path, h, body)
	if err != nil {
		return err
	}
	if st/100 != 2 {
		return fmt.Errorf("%s %s: %d %s", method, path, st, bytes.TrimSpace(raw))
	}
	if v == nil {
		return nil
	}
	return json.Unmarshal(raw, v)
}
