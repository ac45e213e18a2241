// Package pgnotify is the event bus of several nodes on one PostgreSQL:
// Publish is a pg_notify on the pool, and every node LISTENs on one channel
// on a connection of its own (lib/pq's Listener, which reconnects by
// itself). The channel is named after the database schema, so that the
// nodes of one install share it and two installs on one server do not.
//
// A node that may have missed messages says so through Epoch: the epoch
// changes, and the bus is not live, from the moment the listening
// connection is lost or stops answering a ping within StaleAfter, until it
// is listening again and answers.
package pgnotify

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"log/slog"
	neturl "net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/lib/pq"

	"ngern/adapters/events/internal/hub"
	"ngern/core/events"
)

// Config configures a Bus.
type Config struct {
	// URL is the connection URL of the database (postgres://…).
	URL string
	// DB is the pool messages are published through.
	DB *sql.DB
	// Log receives connection losses and recoveries; nil: discarded.
	Log *slog.Logger
	// PingEvery is how often the listening connection is pinged (default
	// 250 ms); StaleAfter how long without a successful ping makes the bus
	// not live (default 750 ms). A revoked session must stop working on
	// every node within a second, so a silent link must be noticed sooner.
	PingEvery  time.Duration
	StaleAfter time.Duration
	// ApplicationName names the listening connection in pg_stat_activity
	// (default "ngern-events-" and a random node id, so that each node's
	// listener can be told apart).
	ApplicationName string
}

// Bus is a PostgreSQL LISTEN/NOTIFY events.Bus.
type Bus struct {
	cfg     Config
	channel string
	hub     hub.Hub
	l       *pq.Listener
	log     *slog.Logger

	mu        sync.Mutex // orders the changes of state below
	epoch     atomic.Uint64
	live      atomic.Bool
	connected bool
	lastPong  atomic.Int64 // unix nanoseconds of the last successful ping
	stop      chan struct{}
	wg        sync.WaitGroup
	name      string
}

var _ events.Bus = (*Bus)(nil)

// New connects the listener and waits until it listens (or ctx ends).
func New(ctx context.Context, cfg Config) (*Bus, error) {
	if cfg.PingEvery <= 0 {
		cfg.PingEvery = 250 * time.Millisecond
	}
	if cfg.StaleAfter <= 0 {
		cfg.StaleAfter = 750 * time.Millisecond
	}
	log := cfg.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var schema string
	if err := cfg.DB.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return nil, err
	}
	b := &Bus{cfg: cfg, channel: ChannelName(schema), log: log, stop: make(chan struct{})}
	if cfg.ApplicationName == "" {
		id := make([]byte, 4)
		rand.Read(id)
		cfg.ApplicationName = "ngern-events-" + hex.EncodeToString(id)
	}
	b.name = cfg.ApplicationName
	u, err := neturl.Parse(cfg.URL)
	if err != nil {
		return nil, errors.New("events: the database URL is not a valid URL")
	}
	q := u.Query()
	q.Set("application_name", cfg.ApplicationName)
	u.RawQuery = q.Encode()
	b.l = pq.NewListener(u.String(), 100*time.Millisecond, 5*time.Second, b.onEvent)
	listened := make(chan error, 1)
	go func() { listened <- b.l.Listen(b.channel) }()
	select {
	case err := <-listened:
		if err != nil {
			return nil, errors.Join(err, b.l.Close())
		}
	case <-ctx.Done():
		return nil, errors.Join(ctx.Err(), b.l.Close())
	}
	b.mu.Lock()
	if b.epoch.Load() == 0 { // nothing was lost since it connected
		b.connected = true
		b.epoch.Add(1)
		b.live.Store(true)
	}
	b.lastPong.Store(time.Now().UnixNano())
	b.mu.Unlock()
	b.wg.Add(2)
	go b.receive()
	go b.watch()
	return b, nil
}

// Name is the application_name of the listening connection, by which an
// operator finds this node's listener in pg_stat_activity.
func (b *Bus) Name() string { return b.name }

// ChannelName is the LISTEN channel of the install in schema.
func ChannelName(schema string) string {
	var sb strings.Builder
	sb.WriteString("ngern_events_")
	for _, r := range strings.ToLower(schema) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') || r == '_' {
			sb.WriteRune(r)
		}
	}
	s := sb.String()
	if len(s) > 63 {
		s = s[:63]
	}
	return s
}

// Publish sends one NOTIFY: "topic\npayload" (topics hold no newline).
// Its transaction commits without waiting for the WAL flush: a
// notification is delivered from memory whether or not the commit reached
// the disk, and none survives a crash of the server anyway (every
// listener's connection is lost, so every node starts a new epoch). The
// write that a message tells of is committed before, durably, by its own
// statement. A node announces its home changes every few milliseconds
// under load: a disk flush each would cost the server more than the
// messages.
func (b *Bus) Publish(ctx context.Context, topic, payload string) error {
	if len(payload) > events.MaxPayload || len(topic) > 200 {
		return events.ErrTooLarge
	}
	if strings.ContainsAny(topic, "\n\x00") || strings.IndexByte(payload, 0) >= 0 || !utf8.ValidString(payload) {
		return errors.New("events: a topic holds no newline, a payload is UTF-8 text without NUL")
	}
	_, err := b.cfg.DB.ExecContext(ctx, `SELECT set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, b.channel, topic+"\n"+payload)
	return err
}

// Subscribe registers h for topic.
func (b *Bus) Subscribe(topic string, h func(string)) func() { return b.hub.Subscribe(topic, h) }

// Epoch reports the current epoch and whether the bus is live.
func (b *Bus) Epoch() (uint64, bool) {
	// The epoch first: a change of state bumps the epoch before it
	// turns live back on, so a reader never pairs a new live with an old
	// epoch.
	e := b.epoch.Load()
	return e, b.live.Load() && b.epoch.Load() == e
}

// Close stops listening.
func (b *Bus) Close() error {
	close(b.stop)
	b.mu.Lock()
	b.live.Store(false)
	b.epoch.Add(1)
	b.mu.Unlock()
	err := b.l.Close()
	b.wg.Wait()
	return err
}

// markLost makes the bus not live and starts a new epoch.
func (b *Bus) markLost(why string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.live.Swap(false) {
		b.log.Warn("event bus not live: caches bypassed", "why", why)
	}
	b.epoch.Add(1)
}

// markLive makes the bus live in a new epoch, if it is connected and
// nothing was lost since epoch.
func (b *Bus) markLive(epoch uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-b.stop: // closed: never live again
		return
	default:
	}
	if !b.connected || b.epoch.Load() != epoch || b.live.Load() {
		return
	}
	b.epoch.Add(1)
	b.live.Store(true)
	b.log.Info("event bus live")
}

func (b *Bus) setConnected(c bool) {
	b.mu.Lock()
	b.connected = c
	b.mu.Unlock()
}

func (b *Bus) onEvent(ev pq.ListenerEventType, err error) {
	switch ev {
	case pq.ListenerEventDisconnected:
		b.setConnected(false)
		b.markLost("connection lost")
	case pq.ListenerEventConnectionAttemptFailed:
		b.markLost("reconnect failed")
	case pq.ListenerEventConnected, pq.ListenerEventReconnected:
		// Live again only after the listener has re-subscribed and a ping
		// went through (watch).
		b.setConnected(true)
	}
}

func (b *Bus) receive() {
	defer b.wg.Done()
	for {
		select {
		case <-b.stop:
			return
		case n := <-b.l.Notify:
			if n == nil {
				// Sent after a reconnection: messages may have been lost.
				b.markLost("reconnected")
				continue
			}
			if n.Channel != b.channel {
				continue
			}
			topic, payload, ok := strings.Cut(n.Extra, "\n")
			if ok {
				b.hub.Deliver(topic, payload)
			}
		}
	}
}

// watch pings the listening connection and keeps live up to date.
func (b *Bus) watch() {
	defer b.wg.Done()
	tick := time.NewTicker(b.cfg.PingEvery / 2)
	defer tick.Stop()
	var inFlight atomic.Bool
	var lastPing time.Time
	for {
		select {
		case <-b.stop:
			return
		case now := <-tick.C:
			if !inFlight.Load() && now.Sub(lastPing) >= b.cfg.PingEvery {
				inFlight.Store(true)
				lastPing = now
				epoch := b.epoch.Load()
				go func() {
					defer inFlight.Store(false)
					if b.l.Ping() == nil {
						b.lastPong.Store(time.Now().UnixNano())
						// Live again only if nothing was lost while
						// this ping was out.
						b.markLive(epoch)
					}
				}()
			}
			if time.Since(time.Unix(0, b.lastPong.Load())) > b.cfg.StaleAfter {
				b.markLost("no answer to ping")
			}
		}
	}
}
