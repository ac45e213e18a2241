package sms

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestConsole(t *testing.T) {
	var buf bytes.Buffer
	c := Console{Log: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := c.Send(context.Background(), "0812345678", "code 123456"); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "phone=0812345678") || !strings.Contains(buf.String(), "123456") {
		t.Fatalf("log = %q", buf.String())
	}
}

func TestHTTPGateway(t *testing.T) {
	var got map[string]string
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer k" {
			t.Errorf("auth = %q", r.Header.Get("Authorization"))
		}
		json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(status)
	}))
	defer srv.Close()
	g := HTTPGateway{URL: srv.URL, Key: "k", Sender: "NGERN"}
	t.Run("OK", func(t *testing.T) {
		if err := g.Send(context.Background(), "0812345678", "hi"); err != nil {
			t.Fatal(err)
		}
		if got["to"] != "0812345678" || got["text"] != "hi" || got["sender"] != "NGERN" {
			t.Fatalf("body = %v", got)
		}
	})
	t.Run("ErrStatus", func(t *testing.T) {
		status = http.StatusBadGateway
		if err := g.Send(context.Background(), "0812345678", "hi"); err == nil {
			t.Fatal("5xx accepted")
		}
	})
}
