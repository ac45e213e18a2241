package pgnotify

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"testing"
	"time"

	_ "github.com/lib/pq"

	"ngern/adapters/events/eventstest"
	"ngern/core/events"
)

// testDB returns a pool and URL on a schema of the test's own on the test
// server (NGERN_TEST_DATABASE_URL, default the local database "test"); it
// skips when no server answers, except under CI.
func testDB(t *testing.T) (*sql.DB, string) {
	t.Helper()
	base := os.Getenv("NGERN_TEST_DATABASE_URL")
	if base == "" {
		base = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"
	}
	admin, err := sql.Open("postgres", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := admin.PingContext(ctx); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("PostgreSQL is required under CI: %v", err)
		}
		t.Skipf("PostgreSQL not reachable: %v", err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		a, err := sql.Open("postgres", base)
		if err == nil {
			a.Exec("DROP SCHEMA " + schema + " CASCADE")
			a.Close()
		}
	})
	u, _ := url.Parse(base)
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	db, err := sql.Open("postgres", u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, u.String()
}

func open(t *testing.T, db *sql.DB, url, name string) *Bus {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := New(ctx, Config{URL: url, DB: db, ApplicationName: name})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func TestConformance(t *testing.T) {
	eventstest.Run(t, func(t *testing.T) (events.Bus, events.Bus) {
		db, url := testDB(t)
		return open(t, db, url, ""), open(t, db, url, "")
	})
}

// TestInstallsAreSeparate: two installs on one server (two schemas) do not
// hear each other.
func TestInstallsAreSeparate(t *testing.T) {
	db1, url1 := testDB(t)
	db2, url2 := testDB(t)
	a, b := open(t, db1, url1, ""), open(t, db2, url2, "")
	got := make(chan string, 4)
	defer b.Subscribe("x", func(p string) { got <- "b:" + p })()
	defer a.Subscribe("x", func(p string) { got <- "a:" + p })()
	if err := a.Publish(context.Background(), "x", "1"); err != nil {
		t.Fatal(err)
	}
	if m := <-got; m != "a:1" {
		t.Fatalf("got %q", m)
	}
	select {
	case m := <-got:
		t.Fatalf("the other install got %q", m)
	case <-time.After(300 * time.Millisecond):
	}
}

// TestReconnect: when the listening connection is killed, the bus stops
// being live and leaves its epoch at once, then reconnects, becomes live in
// a new epoch and delivers again.
func TestReconnect(t *testing.T) {
	db, url := testDB(t)
	b := make([]byte, 6)
	rand.Read(b)
	name := "ngern-events-test-" + hex.EncodeToString(b)
	a := open(t, db, url, name)
	other := open(t, db, url, "")
	e0, live := a.Epoch()
	if !live {
		t.Fatal("not live at start")
	}
	var killed int
	if err := db.QueryRow(`SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&killed); err != nil || killed != 1 {
		t.Fatalf("killed %d listeners: %v", killed, err)
	}
	deadline := time.Now().Add(eventstest.Wait)
	for {
		e, live := a.Epoch()
		if e != e0 && !live {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bus did not notice the lost connection")
		}
		time.Sleep(5 * time.Millisecond)
	}
	for {
		if _, live := a.Epoch(); live {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bus did not come back")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if e, _ := a.Epoch(); e == e0 {
		t.Fatal("live again in the epoch before the loss")
	}
	got := make(chan string, 1)
	defer a.Subscribe("after", func(p string) { got <- p })()
	if err := other.Publish(context.Background(), "after", "back"); err != nil {
		t.Fatal(err)
	}
	select {
	case p := <-got:
		if p != "back" {
			t.Fatalf("got %q", p)
		}
	case <-time.After(eventstest.Wait):
		t.Fatal("no delivery after reconnecting")
	}
}

func TestChannelName(t *testing.T) {
	for _, c := range []struct{ schema, want string }{
		{"public", "ngern_events_public"},
		{"T_Ab-1", "ngern_events_t_ab1"},
		{"s\"; DROP", "ngern_events_sdrop"},
	} {
		if got := ChannelName(c.schema); got != c.want {
			t.Errorf("%q: got %q, want %q", c.schema, got, c.want)
		}
	}
	if n := len(ChannelName(string(make([]byte, 100)) + "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz")); n > 63 {
		t.Fatalf("channel name of %d bytes", n)
	}
}
