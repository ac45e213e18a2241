package app

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	simpayout "ngern/adapters/payout/sim"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/money"
)

// TestPayoutsKill9: a real `ngern serve` in demo mode pays approved
// withdrawals through the simulated payout bank, whose answers are slow;
// it is killed with SIGKILL after the bank made the first payout and before
// its answer arrived. After the restart every withdrawal ends PAID exactly
// once: the payout whose answer was lost is asked about, never sent again,
// and the bank's ledger and ours agree; `ngern check` is clean.
func TestPayoutsKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs processes")
	}
	bin := filepath.Join(t.TempDir(), "ngern")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/ngern").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, d := range storetest.Dialects {
		t.Run(string(d), func(t *testing.T) { payoutsKill9(t, d, bin) })
	}
}

func payoutsKill9(t *testing.T, d sqlstore.Dialect, bin string) {
	const members, amount = 3, 500
	dir := t.TempDir()
	opToken := fmt.Sprintf("payout-crash-operator-%d-0123456789abcdef", time.Now().UnixNano())
	c := &cluster{t: t, bin: bin, client: &http.Client{Timeout: 10 * time.Second}}
	c.env = []string{"NGERN_MODE=demo", "NGERN_DATA_DIR=" + filepath.Join(dir, "data"), "NGERN_WEB_DIR=" + filepath.Join(dir, "no-web"),
		"NGERN_REGISTER_OTP=false", "NGERN_SMS=console", "NGERN_OPERATOR_TOKEN=" + opToken,
		"NGERN_MAX_CONNS_PER_IP=0", "NGERN_LIMIT_LOGIN_PER_IP=1000", "NGERN_DRAIN_DELAY=0s",
		"NGERN_PAYOUTS=sim", "NGERN_SIMPAYOUT_FAULTS=slow=1500ms", "NGERN_PAYOUT_TIMEOUT=3s", "NGERN_PAYOUT_INTERVAL=200ms"}
	if d == sqlstore.Postgres {
		db := storetest.Open(t, d)
		c.env = append(c.env, "NGERN_DATABASE_URL="+db.URL())
	}
	addr := freeAddr(t)
	base := "http://" + addr
	serve := func() *node {
		n := c.start("serve", append(c.env, "NGERN_ADDR="+addr), bin, "serve")
		c.waitReady(base)
		return n
	}
	srv := serve()

	ids := make([]string, members)
	for i := range members {
		phone := fmt.Sprintf("08610000%02d", i)
		c.must(base, "POST", "/api/account", "", registration(phone, fmt.Sprintf("86123451%02d", i)), 201)
		c.must(base, "POST", "/api/operator/adjustments", opToken,
			map[string]any{"phone": phone, "amount": 1000, "reason": "kill -9 test"}, 200)
		login := c.must(base, "POST", "/api/login", "", map[string]any{"username": phone, "password": "s3cret-pass"}, 200)
		token, _ := login.Body["token"].(string)
		w := c.must(base, "POST", "/api/wallet/withdraw", token, map[string]any{"amount": amount}, 200)
		wd, _ := w.Body["withdrawal"].(map[string]any)
		ids[i], _ = wd["_id"].(string)
	}
	for _, id := range ids {
		c.must(base, "POST", "/api/operator/withdrawals/"+id+"/approve", opToken, map[string]any{}, 200)
	}
	// Kill once the bank has made the first payout, while its answer is on
	// its way (slow=1500ms).
	deadline := time.Now().Add(20 * time.Second)
	for len(simPayouts(c, base)) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the bank never received a payout")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-srv.done
	serve()

	deadline = time.Now().Add(60 * time.Second)
	for {
		paid := c.must(base, "GET", "/api/operator/payouts?status=PAID", opToken, nil, 200)
		if n, _ := paid.Body["total"].(interface{ Int64() (int64, error) }).Int64(); n == members {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("payouts not all paid: %s", paid.Raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
	ours := map[string]bool{}
	paid := c.must(base, "GET", "/api/operator/payouts?status=PAID", opToken, nil, 200)
	for _, p := range paid.Body["payouts"].([]any) {
		p := p.(map[string]any)
		ours[p["id"].(string)] = true
	}
	bank := simPayouts(c, base)
	if len(bank) != members {
		t.Fatalf("the bank holds %d payouts, want %d", len(bank), members)
	}
	for _, e := range bank {
		if !ours[e.ID] || e.State != "PAID" || e.Deliveries != 1 || e.Amount != money.FromBaht(amount) {
			t.Errorf("the bank's payout %+v: not ours, not paid once, or sent again", e)
		}
	}
	for _, id := range []string{"UNKNOWN", "SUBMITTED", "FAILED"} {
		r := c.must(base, "GET", "/api/operator/payouts?status="+id, opToken, nil, 200)
		if n, _ := r.Body["total"].(interface{ Int64() (int64, error) }).Int64(); n != 0 {
			t.Errorf("%d payouts %s", n, id)
		}
	}
	out := c.tool("check") // exits 1, failing the test, on a problem
	t.Logf("check: %s", lastLines(out, 3))
}

// simPayouts reads the simulated payout bank's ledger.
func simPayouts(c *cluster, base string) []simpayout.Entry {
	c.t.Helper()
	r := c.must(base, "GET", "/sim/payout/", "", nil, 200)
	var body struct {
		Payouts []simpayout.Entry `json:"payouts"`
	}
	if err := json.Unmarshal(r.Raw, &body); err != nil {
		c.t.Fatal(err)
	}
	return body.Payouts
}
