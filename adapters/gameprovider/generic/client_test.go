package generic

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"ngern/core/seamless"
)

// fakeGamesAPI is an aggregator's games API: it checks each request's
// signature and answers with answer (signed unless unsigned is set).
type fakeGamesAPI struct {
	t        *testing.T
	status   int
	answer   string
	unsigned bool
	got      map[string]any
	path     string
}

func (f *fakeGamesAPI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s := Signer{Secret: testSecret}
	body, _ := io.ReadAll(r.Body)
	if err := s.Verify(r.Header, body); err != nil {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	f.path = r.URL.Path
	if err := json.Unmarshal(body, &f.got); err != nil {
		f.t.Errorf("request body %s: %v", body, err)
	}
	if !f.unsigned {
		s.SignHeaders(w.Header(), []byte(f.answer))
	}
	w.WriteHeader(f.status)
	_, _ = w.Write([]byte(f.answer))
}

func newFakeGamesAPI(t *testing.T, status int, answer string) (*fakeGamesAPI, *Client) {
	f := &fakeGamesAPI{t: t, status: status, answer: answer}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, NewClient("acme", srv.URL+"/ngern/", testSecret, WithHTTPClient(srv.Client()))
}

func TestClientGames(t *testing.T) {
	f, c := newFakeGamesAPI(t, http.StatusOK, `{"games":[{"code":"s1","name":"Slot One","category":"slot","studio":"PG","image":"https://x/s1.png","demo":true}]}`)
	games, err := c.Games(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := seamless.Game{Provider: "acme", Code: "s1", Name: "Slot One", Category: "slot", Studio: "PG", Image: "https://x/s1.png", Demo: true}
	if len(games) != 1 || games[0] != want {
		t.Fatalf("games %+v", games)
	}
	if f.path != "/ngern/games" || len(f.got) != 0 {
		t.Fatalf("request %s %v", f.path, f.got)
	}
	if c.Code() != "acme" {
		t.Fatalf("Code = %s", c.Code())
	}
}

func TestClientLaunch(t *testing.T) {
	l := seamless.Launch{Provider: "acme", Game: "s1", Token: "tok", Player: "m1", Currency: "THB", Country: "TH", Lang: "th",
		ReturnURL: "https://ngern.example/lobby"}
	t.Run("OK", func(t *testing.T) {
		f, c := newFakeGamesAPI(t, http.StatusOK, `{"url":"https://acme.example/play/1"}`)
		url, err := c.LaunchURL(context.Background(), l)
		if err != nil || url != "https://acme.example/play/1" {
			t.Fatalf("LaunchURL = %q, %v", url, err)
		}
		want := map[string]any{"token": "tok", "player": "m1", "game": "s1", "currency": "THB", "lang": "th", "country": "TH",
			"returnUrl": "https://ngern.example/lobby", "demo": false}
		if f.path != "/ngern/launch" || len(f.got) != len(want) {
			t.Fatalf("request %s %v", f.path, f.got)
		}
		for k, v := range want {
			if f.got[k] != v {
				t.Errorf("%s = %v, want %v", k, f.got[k], v)
			}
		}
	})
	t.Run("ErrUnknownGame", func(t *testing.T) {
		_, c := newFakeGamesAPI(t, http.StatusNotFound, `{"error":"UNKNOWN_GAME"}`)
		if _, err := c.LaunchURL(context.Background(), l); !errors.Is(err, seamless.ErrGame) {
			t.Fatalf("err = %v, want ErrGame", err)
		}
	})
	t.Run("ErrNoURL", func(t *testing.T) {
		_, c := newFakeGamesAPI(t, http.StatusOK, `{}`)
		if _, err := c.LaunchURL(context.Background(), l); err == nil {
			t.Fatal("no error")
		}
	})
}

func TestClientErrors(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		answer   string
		unsigned bool
	}{
		{"Err500", http.StatusInternalServerError, `{"error":"boom"}`, false},
		{"Err404OnGames", http.StatusNotFound, `{"error":"UNKNOWN_GAME"}`, false},
		{"ErrUnsigned", http.StatusOK, `{"games":[]}`, true},
		{"ErrNotJSON", http.StatusOK, `<html>`, false},
		{"ErrWrongShape", http.StatusOK, `{"games":{}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, c := newFakeGamesAPI(t, tt.status, tt.answer)
			f.unsigned = tt.unsigned
			if games, err := c.Games(context.Background()); err == nil || errors.Is(err, seamless.ErrGame) {
				t.Fatalf("Games = %v, %v", games, err)
			}
		})
	}
	t.Run("ErrWrongSecret", func(t *testing.T) {
		f := &fakeGamesAPI{t: t, status: http.StatusOK, answer: `{"games":[]}`}
		srv := httptest.NewServer(f)
		defer srv.Close()
		c := NewClient("acme", srv.URL, []byte("wrong-secret-wrong-secret-wrong-secret"))
		if _, err := c.Games(context.Background()); err == nil {
			t.Fatal("no error")
		}
	})
	t.Run("ErrUnreachable", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		srv.Close()
		c := NewClient("acme", srv.URL, testSecret, WithHTTPClient(&http.Client{Timeout: time.Second}))
		if _, err := c.Games(context.Background()); err == nil {
			t.Fatal("no error")
		}
	})
}
