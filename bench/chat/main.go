// Command chat measures the support chat on one `ngern serve` node and
// prints the figures docs/performance.md records: the node's resident
// memory while it holds many idle authenticated websockets, and how long
// one message takes to reach every socket of a room, and 1,000 messages to
// reach 1,000 rooms. Run it with `go run ./bench/chat` or `make bench-chat`.
//
// The server is built and started as a process of its own (so that its
// resident memory is its own, not the clients'), on a schema of its own in
// the database NGERN_BENCH_DATABASE_URL names (default: the local "test"
// database); the schema is dropped at the end. The sockets are guests':
// each has its own guest token and single-use ticket, as a member's
// socket would (they differ only in how the ticket is asked for). The
// server trusts X-Forwarded-For here so that 10,000 guests can come from
// 10,000 addresses (new guests are limited per address), and lifts the
// tickets-a-minute limit for the one guest that opens 1,000 sockets.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"

	"ngern/bench/internal/apiclient"
	"ngern/bench/internal/scratch"
)

type options struct {
	sockets  int // idle sockets, one guest each
	roomSize int // sockets of the one crowded room
	rooms    int // rooms of the 1-message-per-room phase
	workers  int
	rounds   int
}

func main() {
	var o options
	flag.IntVar(&o.sockets, "sockets", 10000, "idle authenticated websockets to hold (one guest each)")
	flag.IntVar(&o.roomSize, "room", 1000, "sockets of one room for the one-message fan-out")
	flag.IntVar(&o.rooms, "rooms", 1000, "rooms that each get one message (at most -sockets)")
	flag.IntVar(&o.workers, "c", 16, "concurrent clients while connecting and posting")
	flag.IntVar(&o.rounds, "rounds", 5, "repetitions of each fan-out measurement (the median is quoted)")
	flag.Parse()
	if o.rooms > o.sockets {
		o.rooms = o.sockets
	}
	if err := run(o, scratch.DatabaseURL()); err != nil {
		fmt.Fprintln(os.Stderr, "bench chat:", err)
		os.Exit(1)
	}
}

// node is the `ngern serve` process under test.
type node struct {
	cmd *exec.Cmd
	api *apiclient.Client
	op  string
}

func run(o options, dbURL string) error {
	ctx := context.Background()
	tmp, err := os.MkdirTemp("", "ngern-chat-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "ngern")
	if out, err := exec.Command("go", "build", "-o", bin, "./app/cmd/ngern").CombinedOutput(); err != nil {
		return fmt.Errorf("build: %v\n%s", err, out)
	}
	schema, err := scratch.NewSchema(ctx, dbURL, "chatbench_")
	if err != nil {
		return err
	}
	defer func() { _ = schema.Drop() }()
	n, err := startNode(bin, schema.URL, tmp)
	if err != nil {
		return err
	}
	defer n.stop()

	fmt.Printf("ngern chat bench: one node, %d idle sockets, one room of %d sockets, %d rooms × 1 message, %d clients\n\n",
		o.sockets, o.roomSize, o.rooms, o.workers)
	time.Sleep(2 * time.Second)
	idle, err := rss(n.cmd.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Printf("server resident memory, idle:             %7.1f MB\n", mb(idle))

	start := time.Now()
	socks, err := connectGuests(n, o.sockets, o.workers)
	if err != nil {
		return err
	}
	defer closeAll(socks)
	fmt.Printf("connected %d guest sockets in %v (guest, ticket, upgrade, join each)\n", len(socks), time.Since(start).Round(time.Millisecond))
	time.Sleep(5 * time.Second)
	held, err := rss(n.cmd.Process.Pid)
	if err != nil {
		return err
	}
	fmt.Printf("server resident memory, %5d sockets:     %7.1f MB  (%.1f KB a socket above idle; target < 300 MB)\n",
		len(socks), mb(held), float64(held-idle)/1024/float64(len(socks)))

	// One room with many sockets: the first guest's, opened roomSize times.
	crowd, err := connectRoom(n, socks[0].guest, o.roomSize, o.workers)
	if err != nil {
		return err
	}
	defer closeAll(crowd)
	if err := n.customerSays(socks[0].guest, "hello"); err != nil {
		return err
	}
	drain(append(crowd, socks[0]))
	var one []time.Duration
	for r := range o.rounds {
		t0 := time.Now()
		if err := n.reply(socks[0].room, fmt.Sprintf("reply %d", r)); err != nil {
			return err
		}
		last, err := waitAll(append(crowd, socks[0]), 10*time.Second)
		if err != nil {
			return err
		}
		one = append(one, last.Sub(t0))
	}
	fmt.Printf("one message to the %d sockets of one room:  median %v (all rounds %v)\n", len(crowd)+1, median(one).Round(time.Microsecond), rounded(one))

	// Many rooms, one message each.
	rooms := socks[1 : o.rooms+1]
	if o.rooms+1 > len(socks) {
		rooms = socks[1:]
	}
	if err := parallel(len(rooms), o.workers, func(i int) error { return n.customerSays(rooms[i].guest, "hello") }); err != nil {
		return err
	}
	drain(rooms)
	var totals, p50s, p99s []time.Duration
	for r := range o.rounds {
		sent := make([]time.Time, len(rooms))
		t0 := time.Now()
		if err := parallel(len(rooms), o.workers, func(i int) error {
			sent[i] = time.Now()
			return n.reply(rooms[i].room, fmt.Sprintf("reply %d", r))
		}); err != nil {
			return err
		}
		lat := make([]time.Duration, len(rooms))
		var last time.Time
		for i, s := range rooms {
			at, err := s.next(10 * time.Second)
			if err != nil {
				return fmt.Errorf("room %d: %w", i, err)
			}
			lat[i] = at.Sub(sent[i])
			if at.After(last) {
				last = at
			}
		}
		slices.Sort(lat)
		totals = append(totals, last.Sub(t0))
		p50s = append(p50s, lat[len(lat)/2])
		p99s = append(p99s, lat[len(lat)*99/100])
	}
	fmt.Printf("%d rooms × 1 message (posted by %d operator clients): all delivered after median %v; per message p50 %v, p99 %v\n",
		len(rooms), o.workers, median(totals).Round(time.Millisecond), median(p50s).Round(time.Microsecond), median(p99s).Round(time.Microsecond))
	after, _ := rss(n.cmd.Process.Pid)
	fmt.Printf("server resident memory at the end:        %7.1f MB\n", mb(after))
	return nil
}

func startNode(bin, dbURL, tmp string) (*node, error) {
	addr, err := scratch.Addr()
	if err != nil {
		return nil, err
	}
	op := scratch.Hex(24)
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(),
		"NGERN_MODE=demo",
		"NGERN_ADDR="+addr,
		"NGERN_DATABASE_URL="+dbURL,
		"NGERN_DATA_DIR="+filepath.Join(tmp, "data"),
		"NGERN_WEB_DIR="+filepath.Join(tmp, "no-web"),
		"NGERN_OPERATOR_TOKEN="+op,
		"NGERN_TRUST_PROXY=true",
		"NGERN_CHAT_TICKET_LIMIT=100000", // 1,000 sockets of one guest
		"NGERN_CHAT_SOCKETS_PER_HOLDER=100000",
		"NGERN_CHAT_GUEST_MESSAGES_PER_IP=100000000",
		"NGERN_CHAT_GUEST_UPLOAD_MB_PER_IP=100000",
		"NGERN_LOG_LEVEL=warn",
	)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	n := &node{cmd: cmd, api: apiclient.New("http://"+addr, 64), op: op}
	for deadline := time.Now().Add(time.Minute); ; {
		if st, _, err := n.api.Do("GET", "/readyz", nil, ""); err == nil && st == 200 {
			return n, nil
		}
		if time.Now().After(deadline) {
			n.stop()
			return nil, errors.New("the server did not become ready")
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func (n *node) stop() {
	_ = n.cmd.Process.Signal(os.Interrupt) // a node already gone is stopped
	done := make(chan struct{})
	go func() { _ = n.cmd.Wait(); close(done) }() // its exit status after a signal says nothing
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		_ = n.cmd.Process.Kill()
	}
}

// post sends body and decodes a successful answer into v (unless nil).
func (n *node) post(path string, h apiclient.Header, body string, v any) error {
	return n.api.Decode("POST", path, h, body, v)
}

type guest struct{ id, token string }

func (n *node) customerSays(g guest, text string) error {
	return n.post("/api/chat/send-message", apiclient.Header{"X-Guest-Token": g.token},
		`{"message":{"message_type":"text","payload":{"message":"`+text+`"}}}`, nil)
}

func (n *node) reply(room, text string) error {
	return n.post("/api/operator/chat/"+room+"/messages", apiclient.Bearer(n.op),
		`{"message":{"message_type":"text","payload":{"message":"`+text+`"}}}`, nil)
}

// sock is one client socket; its reader records when agent messages arrive.
type sock struct {
	guest guest
	room  string
	conn  *websocket.Conn
	got   chan time.Time
}

func (s *sock) next(d time.Duration) (time.Time, error) {
	select {
	case at := <-s.got:
		return at, nil
	case <-time.After(d):
		return time.Time{}, errors.New("no message within " + d.String())
	}
}

func (n *node) dial(g guest) (*sock, error) {
	var t struct{ Ticket, Room string }
	if err := n.post("/api/chat/ticket", apiclient.Header{"X-Guest-Token": g.token}, "", &t); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(n.api.Base, "http")+"/api/chat/ws?ticket="+url.QueryEscape(t.Ticket), nil)
	if err != nil {
		return nil, err
	}
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"type":"join","room":"`+t.Room+`"}`)); err != nil {
		return nil, err
	}
	if _, b, err := c.Read(ctx); err != nil || !bytes.Contains(b, []byte(`"joined"`)) {
		return nil, fmt.Errorf("join: %s %v", b, err)
	}
	s := &sock{guest: g, room: t.Room, conn: c, got: make(chan time.Time, 64)}
	go func() {
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			if bytes.Contains(b, []byte(`"sender":"agent"`)) {
				select {
				case s.got <- time.Now():
				default:
				}
			}
		}
	}()
	return s, nil
}

var forwarded atomic.Uint32

func (n *node) newGuest() (guest, error) {
	i := forwarded.Add(1)
	ip := fmt.Sprintf("10.%d.%d.%d", byte(i>>16), byte(i>>8), byte(i))
	var g struct{ GuestID, GuestToken string }
	if err := n.post("/api/chat/guest", apiclient.Header{"X-Forwarded-For": ip}, "", &g); err != nil {
		return guest{}, err
	}
	return guest{id: g.GuestID, token: g.GuestToken}, nil
}

func connectGuests(n *node, count, workers int) ([]*sock, error) {
	out := make([]*sock, count)
	err := parallel(count, workers, func(i int) error {
		g, err := n.newGuest()
		if err != nil {
			return err
		}
		out[i], err = n.dial(g)
		return err
	})
	return out, err
}

func connectRoom(n *node, g guest, count, workers int) ([]*sock, error) {
	out := make([]*sock, count)
	err := parallel(count, workers, func(i int) (err error) {
		out[i], err = n.dial(g)
		return err
	})
	return out, err
}

// waitAll waits for one agent message on every socket and returns the last arrival.
func waitAll(socks []*sock, d time.Duration) (time.Time, error) {
	var last time.Time
	for i, s := range socks {
		at, err := s.next(d)
		if err != nil {
			return last, fmt.Errorf("socket %d: %w", i, err)
		}
		if at.After(last) {
			last = at
		}
	}
	return last, nil
}

// drain forgets what arrived so far.
func drain(socks []*sock) {
	time.Sleep(500 * time.Millisecond)
	for _, s := range socks {
		for len(s.got) > 0 {
			<-s.got
		}
	}
}

func closeAll(socks []*sock) {
	for _, s := range socks {
		if s != nil {
			_ = s.conn.CloseNow()
		}
	}
}

func parallel(count, workers int, fn func(i int) error) error {
	var next atomic.Int64
	var first error
	var once sync.Once
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= count {
					return
				}
				if err := fn(i); err != nil {
					once.Do(func() { first = err })
					next.Store(int64(count))
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

// rss reads a process's resident memory in bytes.
func rss(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmRSS")
}

func mb(b int64) float64 { return float64(b) / (1 << 20) }

func median(ds []time.Duration) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[len(s)/2]
}

func rounded(ds []time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d.Round(time.Microsecond)
	}
	return out
}
