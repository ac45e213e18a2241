package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"

	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/operator"
)

// The two-node deployment of docker-compose.yml's profile scale, with local
// processes: two `ngern serve` on a fresh PostgreSQL database and a shared
// data directory (objects and secret key), `ngern simprovider` as the game
// provider, and Debian's Caddy in front with deploy/caddy/Caddyfile.
type cluster struct {
	t      *testing.T
	bin    string
	env    []string
	nodes  [2]*node
	lb     string
	client *http.Client
}

type node struct {
	name, addr string
	metrics    string // the NGERN_METRICS_ADDR
	cmd        *exec.Cmd
	done       chan error
	log        *bytes.Buffer
	mu         sync.Mutex
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type lockedBuffer struct {
	mu *sync.Mutex
	b  *bytes.Buffer
}

func (l lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// start runs a process whose output is kept for the failure report.
func (c *cluster) start(name string, env []string, args ...string) *node {
	n := &node{name: name, log: &bytes.Buffer{}, done: make(chan error, 1)}
	n.cmd = exec.Command(args[0], args[1:]...)
	n.cmd.Env = append(os.Environ(), env...)
	n.cmd.Stdout = lockedBuffer{&n.mu, n.log}
	n.cmd.Stderr = lockedBuffer{&n.mu, n.log}
	if err := n.cmd.Start(); err != nil {
		c.t.Fatal(err)
	}
	go func() { n.done <- n.cmd.Wait() }()
	c.t.Cleanup(func() {
		if n.cmd.ProcessState == nil {
			n.cmd.Process.Kill()
			<-n.done
		}
		if c.t.Failed() {
			n.mu.Lock()
			c.t.Logf("--- %s log:\n%s", name, lastLines(n.log.String(), 40))
			n.mu.Unlock()
		}
	})
	return n
}

func lastLines(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// startNode starts ngern serve at addr and waits until it is ready.
func (c *cluster) startNode(i int, addr, metricsAddr string) {
	n := c.start(fmt.Sprintf("node %c", 'A'+i), append(c.env, "NGERN_ADDR="+addr, "NGERN_METRICS_ADDR="+metricsAddr), c.bin, "serve")
	n.addr, n.metrics = addr, metricsAddr
	c.nodes[i] = n
	c.waitReady("http://" + addr)
}

func (c *cluster) waitReady(base string) {
	c.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := c.client.Get(base + "/readyz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	c.t.Fatalf("%s not ready", base)
}

// stopNode sends SIGTERM and waits for the node to drain and exit.
func (c *cluster) stopNode(i int) {
	c.t.Helper()
	n := c.nodes[i]
	n.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-n.done:
		if err != nil {
			c.t.Fatalf("%s exited: %v", n.name, err)
		}
	case <-time.After(30 * time.Second):
		c.t.Fatalf("%s did not stop", n.name)
	}
}

// tool runs an ngern command on the cluster's database.
func (c *cluster) tool(args ...string) string {
	c.t.Helper()
	cmd := exec.Command(c.bin, args...)
	cmd.Env = append(os.Environ(), c.env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		c.t.Fatalf("ngern %v: %v\n%s%s", args, err, out.String(), errOut.String())
	}
	return out.String()
}

// call sends a JSON request to base.
func (c *cluster) call(base, method, path, token string, body any) (response, error) {
	var rd io.Reader
	if body != nil {
		j, _ := json.Marshal(body)
		rd = bytes.NewReader(j)
	}
	req, _ := http.NewRequestWithContext(context.Background(), method, base+path, rd)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Ngern-Client", "wallet-user")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.client.Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	out := response{Status: res.StatusCode, Header: res.Header, Raw: raw}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	d.Decode(&out.Body)
	return out, err
}

func (c *cluster) must(base, method, path, token string, body any, status int) response {
	c.t.Helper()
	r, err := c.call(base, method, path, token, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if r.Status != status {
		c.t.Fatalf("%s %s on %s: %d %s, want %d", method, path, base, r.Status, r.Raw, status)
	}
	return r
}

// dial opens a chat socket on base with a ticket.
func (c *cluster) dial(t *testing.T, base, ticket string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/chat/ws?ticket="+ticket, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

func (c *cluster) node(i int) string { return "http://" + c.nodes[i].addr }

// TestTwoNodes: login through one node then actions through the other,
// a revocation seen by both, the home exact across nodes, and a rolling
// restart under load with no money lost and no 5xx.
func TestTwoNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs processes")
	}
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Skip("no caddy (Debian: apt-get install caddy)")
	}
	db := storetest.Open(t, sqlstore.Postgres)
	dir := t.TempDir()
	c := &cluster{t: t, bin: filepath.Join(dir, "ngern"), client: &http.Client{Timeout: 30 * time.Second}}
	build := exec.Command("go", "build", "-o", c.bin, "./cmd/ngern")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	simAddr := freeAddr(t)
	c.env = []string{"NGERN_MODE=demo", "NGERN_DATABASE_URL=" + db.URL(), "NGERN_DATA_DIR=" + filepath.Join(dir, "data"),
		"NGERN_REGISTER_OTP=false", "NGERN_SMS=console", "NGERN_PROVIDER_URL=http://" + simAddr, "NGERN_PROVIDER_KEY=" + testAgentKey,
		"NGERN_SIMPROVIDER_ADDR=" + simAddr, "NGERN_SIMPROVIDER_AGENT_KEY=" + testAgentKey,
		"NGERN_SIMPROVIDER_STATE=" + filepath.Join(dir, "sim.jsonl"), "NGERN_SIMPROVIDER_DELAY=1ms",
		"NGERN_LIMIT_LOGIN_PER_IP=1000", "NGERN_MAX_CONNS_PER_IP=0", "NGERN_RECONCILE_INTERVAL=1s", "NGERN_DRAIN_DELAY=2s", "NGERN_CHECK_INTERVAL=1s"}
	c.start("simprovider", c.env, c.bin, "simprovider")
	addrs, metricsAddrs := [2]string{freeAddr(t), freeAddr(t)}, [2]string{freeAddr(t), freeAddr(t)}
	c.startNode(0, addrs[0], metricsAddrs[0])
	c.startNode(1, addrs[1], metricsAddrs[1])
	c.lb = freeAddr(t)
	_, lbPort, _ := net.SplitHostPort(c.lb)
	c.start("caddy", []string{"NGERN_LB_PORT=" + lbPort, "NGERN_NODES=" + addrs[0] + " " + addrs[1],
		"XDG_DATA_HOME=" + dir, "XDG_CONFIG_HOME=" + dir, "HOME=" + dir},
		caddy, "run", "--config", "../deploy/caddy/Caddyfile", "--adapter", "caddyfile")
	lb := "http://" + c.lb
	c.waitReady(lb)
	c.tool("demo")

	const phone = "0855555555"
	reg := registration(phone, "5555555555")
	c.must(c.node(0), "POST", "/api/account", "", reg, 201)
	token, _ := c.must(c.node(0), "POST", "/api/login", "", map[string]any{"username": phone, "password": "s3cret-pass"}, 200).Body["token"].(string)
	c.tool("adjust", "-phone", phone, "-amount", "1000", "-reason", "two nodes")

	t.Run("LoginOnOneActOnTheOther", func(t *testing.T) {
		c.must(c.node(1), "GET", "/api/wallet/activate/SIAMSLOT", token, nil, 200)
		r := c.must(c.node(1), "POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 100}, 200)
		if got := walletAmount(r); got != "900.00" {
			t.Fatalf("wallet after transfer on B: %s", got)
		}
	})
	t.Run("HomeExactAcrossNodes", func(t *testing.T) {
		c.must(c.node(0), "GET", "/api/wallet", token, nil, 200) // cached on A
		c.must(c.node(1), "POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 50}, 200)
		deadline := time.Now().Add(time.Second)
		for {
			got := walletAmount(c.must(c.node(0), "GET", "/api/wallet", token, nil, 200))
			if got == "850.00" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node A shows %s a second after B's transfer, want 850.00", got)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("RevocationSeenByBoth", func(t *testing.T) {
		other, _ := c.must(c.node(1), "POST", "/api/login", "", map[string]any{"username": phone, "password": "s3cret-pass"}, 200).Body["token"].(string)
		c.must(c.node(1), "GET", "/api/wallet", other, nil, 200)
		c.must(c.node(0), "POST", "/api/logout", other, nil, 200)
		deadline := time.Now().Add(revocationBound)
		for {
			r, err := c.call(c.node(1), "GET", "/api/wallet", other, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Status == 401 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node B accepts a token logged out on A: %d", r.Status)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	t.Run("Metrics", func(t *testing.T) {
		// Each node serves its metrics on its own address and runs the
		// periodic check.
		deadline := time.Now().Add(10 * time.Second)
		for {
			res, err := c.client.Get("http://" + c.nodes[1].metrics + "/metrics")
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			text := string(b)
			if strings.Contains(text, "\nngern_check_ok 1\n") && strings.Contains(text, `ngern_job_last_success_timestamp_seconds{job="reconciler"}`) &&
				strings.Contains(text, `ngern_http_request_duration_seconds_count{route="POST /api/wallet/transfer",status="200"}`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("node B's metrics:\n%s", grepLines(text, "ngern_"))
			}
			time.Sleep(200 * time.Millisecond)
		}
	})
	t.Run("ChatAcrossNodes", func(t *testing.T) {
		out := c.tool("operator", "add", "-username", "sue", "-role", "support")
		pw, secret := passwordLine.FindStringSubmatch(out), secretLine.FindStringSubmatch(out)
		if pw == nil || secret == nil {
			t.Fatalf("operator add: %s", out)
		}
		code, err := operator.TOTPCode(secret[1], time.Now())
		if err != nil {
			t.Fatal(err)
		}
		op, _ := c.must(c.node(1), "POST", "/api/operator/login", "", map[string]any{"username": "sue", "password": pw[1], "totp": code}, 200).Body["token"].(string)
		// The member's socket on node A, the operator's on node B.
		tk := c.must(c.node(0), "POST", "/api/chat/ticket", token, nil, 200)
		room, _ := tk.Body["room"].(string)
		mc := c.dial(t, c.node(0), tk.Body["ticket"].(string))
		writeFrame(t, mc, map[string]string{"type": "join", "room": room})
		if f, err := readFrame(t, mc, 5*time.Second); err != nil || f.Type != "joined" {
			t.Fatalf("member join: %+v %v", f, err)
		}
		oc := c.dial(t, c.node(1), c.must(c.node(1), "POST", "/api/operator/chat/ticket", op, nil, 200).Body["ticket"].(string))
		if f, err := readFrame(t, oc, 5*time.Second); err != nil || f.Type != "joined" {
			t.Fatalf("operator socket: %+v %v", f, err)
		}
		c.must(c.node(0), "POST", "/api/chat/send-message", token, textMessage("hello from node A"), 200)
		if f, err := readFrame(t, oc, 5*time.Second); err != nil || !strings.Contains(string(f.Data), "hello from node A") {
			t.Fatalf("operator on B: %+v %v", f, err)
		}
		c.must(c.node(1), "POST", "/api/operator/chat/"+room+"/assign", op, nil, 200)
		c.must(c.node(1), "POST", "/api/operator/chat/"+room+"/messages", op, textMessage("hello from node B"), 201)
		for {
			f, err := readFrame(t, mc, 5*time.Second)
			if err != nil {
				t.Fatalf("member on A: %v", err)
			}
			if strings.Contains(string(f.Data), "hello from node B") {
				break
			}
		}
	})
	t.Run("RollingRestart", func(t *testing.T) {
		// Small load through the balancer: transfers back and forth and
		// home reads, while each node in turn is stopped and started.
		var stop atomic.Bool
		var ok, refused atomic.Int64
		var mu sync.Mutex
		var bad []string
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; !stop.Load(); i++ {
					var r response
					var err error
					switch (i + w) % 3 {
					case 0:
						r, err = c.call(lb, "POST", "/api/wallet/transfer", token, map[string]any{"from": "WALLET", "to": "SIAMSLOT", "amount": 1})
					case 1:
						r, err = c.call(lb, "POST", "/api/wallet/transfer", token, map[string]any{"from": "SIAMSLOT", "to": "WALLET", "amount": 1})
					default:
						r, err = c.call(lb, "GET", "/api/wallet", token, nil)
					}
					switch {
					case err != nil || r.Status >= 500:
						mu.Lock()
						bad = append(bad, fmt.Sprintf("%v %d %s", err, r.Status, r.Raw))
						mu.Unlock()
					case r.Status == 200:
						ok.Add(1)
					default:
						refused.Add(1) // e.g. a transfer while another of the member's is open
					}
					time.Sleep(10 * time.Millisecond)
				}
			}()
		}
		for i := range 2 {
			time.Sleep(time.Second)
			c.stopNode(i)
			time.Sleep(time.Second)
			c.startNode(i, addrs[i], metricsAddrs[i])
			// The balancer takes a node back at its next health check
			// (health_interval 1s): only then may the other one stop.
			time.Sleep(1500 * time.Millisecond)
		}
		time.Sleep(time.Second)
		stop.Store(true)
		wg.Wait()
		t.Logf("%d answered, %d refused by the rules", ok.Load(), refused.Load())
		if len(bad) > 0 {
			t.Fatalf("%d requests failed during the rolling restart, first: %s", len(bad), bad[0])
		}
		if ok.Load() < 50 {
			t.Fatalf("only %d requests answered", ok.Load())
		}
		// No money lost: once the reconciler has settled what was open,
		// the ledger checks out and the member holds the 1,000 credited.
		deadline := time.Now().Add(20 * time.Second)
		for {
			r := c.must(lb, "GET", "/api/wallet", token, nil, 200)
			wallet, game := walletAmount(r), slot(r, "SIAMSLOT")["amount"]
			var w, g float64
			fmt.Sscan(wallet, &w)
			fmt.Sscan(fmt.Sprint(game), &g)
			if w+g == 1000 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("wallet %s + game %v != 1000", wallet, game)
			}
			time.Sleep(200 * time.Millisecond)
		}
		c.tool("check") // exits 1, failing the test, on a problem
	})
}
