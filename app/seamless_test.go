package app

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/seamless"
	"ngern/core/seamless/memstore"
	"ngern/core/settings"
	"ngern/core/wallet"
)

// The configuration's default TTL is the core's (one rule, two spellings),
// and a TTL under a minute is refused.
func TestSeamlessSessionTTLDefault(t *testing.T) {
	f, _ := reflect.TypeOf(Config{}).FieldByName("GameSessionTTL")
	d, err := time.ParseDuration(f.Tag.Get("envDefault"))
	if err != nil || d != seamless.DefaultSessionTTL {
		t.Fatalf("NGERN_GAME_SESSION_TTL defaults to %q, seamless.DefaultSessionTTL is %v", f.Tag.Get("envDefault"), seamless.DefaultSessionTTL)
	}
	cfg, err := LoadConfig(func(string) string { return "" })
	if err != nil || cfg.GameSessionTTL != seamless.DefaultSessionTTL {
		t.Fatalf("loaded TTL %v, %v", cfg.GameSessionTTL, err)
	}
	if _, err := LoadConfig(func(k string) string { return map[string]string{"NGERN_GAME_SESSION_TTL": "30s"}[k] }); err == nil {
		t.Fatal("a TTL of 30s was accepted")
	}
}

// Services resolves the seamless wallet over the SQL store.
func TestSeamlessWiring(t *testing.T) {
	err := fx.ValidateApp(
		fx.Supply(Config{}, &sqlstore.DB{}),
		fx.Provide(
			func() Clock { return time.Now },
			func() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) },
			func() wallet.GameProvider { return nil },
		),
		Services(),
		fx.Invoke(func(*seamless.Service) {}),
	)
	if err != nil {
		t.Fatal(err)
	}
}

// The member port reads the member accounts: a locked member and a
// terminated service block bets and launches.
func TestSeamlessMembers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := context.Background()
		h := newHarness(t, db, func(c *Config) { c.RegisterOTP = false })
		h.member("0811111111", "1111111111", 0)
		accounts := sqlstore.NewAccounts(db)
		a, err := accounts.MemberByPhone(ctx, "0811111111")
		if err != nil {
			t.Fatal(err)
		}
		members := seamlessMembers{store: accounts, settings: h.tools.settings}
		svc := newSeamless(h.tools.cfg, memstore.New(), members, h.tools.now, nil)

		t.Run("OK", func(t *testing.T) {
			m, err := members.Member(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := seamless.Member{ID: a.ID, Name: a.Name, Currency: "THB", Country: "TH", Lang: "th"}
			if m != want {
				t.Fatalf("member = %+v, want %+v", m, want)
			}
			if _, err := svc.Launch(ctx, a.ID, "sim", "slot"); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("NoUser", func(t *testing.T) {
			if _, err := svc.Launch(ctx, "nobody", "sim", "slot"); err == nil {
				t.Fatal("launched for no member")
			}
		})
		t.Run("Locked", func(t *testing.T) {
			if _, err := h.tools.accounts.SetActive(ctx, a.ID, false); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Launch(ctx, a.ID, "sim", "slot"); !errors.Is(err, seamless.ErrBlocked) {
				t.Fatalf("err = %v, want ErrBlocked", err)
			}
			if _, err := h.tools.accounts.SetActive(ctx, a.ID, true); err != nil {
				t.Fatal(err)
			}
		})
		t.Run("Terminated", func(t *testing.T) {
			if err := h.tools.settings.Put(ctx, settings.KeyActive, json.RawMessage(`{"terminated":true}`)); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Launch(ctx, a.ID, "sim", "slot"); !errors.Is(err, seamless.ErrBlocked) {
				t.Fatalf("err = %v, want ErrBlocked", err)
			}
		})
	})
}
