package app

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"ngern/adapters/gameprovider/generic"
	"ngern/adapters/sqlstore"
	"ngern/adapters/sqlstore/storetest"
	"ngern/core/account"
	"ngern/core/money"
	"ngern/core/seamless"
)

// The aggregator's side of TestSeamlessKill9: the rounds it plays, each
// call retried with the same transactionId until it is answered.
const (
	crashMembers      = 6
	crashWorkers      = 3  // concurrent rounds per member
	crashRounds       = 24 // per worker
	crashStartingBaht = 1000
)

// TestSeamlessKill9: a real `ngern serve` with one generic aggregator takes
// a burst of signed bets, wins and rollbacks and is killed with SIGKILL in
// the middle of it. After the restart the aggregator retries every call it
// got no answer to, with the same transactionId, until answered (and, for
// some unanswered bets, cancels them with a rollback instead, then delivers
// the bet late). Then every round has moved money once or not at all: each
// member's balance is exactly the one the answers tell, a late bet is
// refused, and `ngern check` is clean.
func TestSeamlessKill9(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs processes")
	}
	bin := filepath.Join(t.TempDir(), "ngern")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/ngern").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	for _, d := range storetest.Dialects {
		t.Run(string(d), func(t *testing.T) { seamlessKill9(t, d, bin) })
	}
}

// crashPlayer is a member as the aggregator knows it.
type crashPlayer struct {
	id, token string
}

// crashTally is what the answers say happened to one member's money.
type crashTally struct {
	mu  sync.Mutex
	net money.Satang // debits negative, credits positive, as answered OK
}

func (c *crashTally) add(s money.Satang) {
	c.mu.Lock()
	c.net += s
	c.mu.Unlock()
}

func seamlessKill9(t *testing.T, d sqlstore.Dialect, bin string) {
	ctx := context.Background()
	dir := t.TempDir()
	secret := make([]byte, generic.MinSecretLen)
	rand.Read(secret)
	secretFile := filepath.Join(dir, "acme.secret")
	if err := os.WriteFile(secretFile, []byte(hex.EncodeToString(secret)+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	signer := generic.Signer{Secret: []byte(hex.EncodeToString(secret))}
	opToken := "crash-operator-" + hex.EncodeToString(secret[:16])
	c := &cluster{t: t, bin: bin, client: &http.Client{Timeout: 10 * time.Second}}
	c.env = []string{"NGERN_MODE=demo", "NGERN_DATA_DIR=" + filepath.Join(dir, "data"), "NGERN_WEB_DIR=" + filepath.Join(dir, "no-web"),
		"NGERN_REGISTER_OTP=false", "NGERN_SMS=console", "NGERN_OPERATOR_TOKEN=" + opToken,
		// The games API is never called here: the test mints the sessions.
		"NGERN_AGGREGATORS=acme=http://127.0.0.1:9/ngern", "NGERN_AGGREGATOR_ACME_SECRET_FILE=" + secretFile,
		"NGERN_MAX_CONNS_PER_IP=0", "NGERN_LIMIT_LOGIN_PER_IP=1000", "NGERN_DRAIN_DELAY=0s"}
	var db *sqlstore.DB
	if d == sqlstore.Postgres {
		db = storetest.Open(t, d)
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
	if db == nil { // SQLite: the server's file, migrated by its start
		var err error
		if db, err = sqlstore.Open(ctx, "", filepath.Join(dir, "data")); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
	}

	players := make([]crashPlayer, crashMembers)
	accounts, sessions := sqlstore.NewAccounts(db), sqlstore.NewSeamless(db)
	for i := range players {
		phone := fmt.Sprintf("08600000%02d", i)
		c.must(base, "POST", "/api/account", "", registration(phone, fmt.Sprintf("86000000%02d", i)), 201)
		c.must(base, "POST", "/api/operator/adjustments", opToken,
			map[string]any{"phone": phone, "amount": crashStartingBaht, "reason": "kill -9 test"}, 200)
		a, err := accounts.MemberByPhone(ctx, phone)
		if err != nil {
			t.Fatal(err)
		}
		// The session a launch would mint (the launch endpoint is the
		// member's; the callbacks only need its row).
		tok := account.NewToken()
		now := time.Now().UTC()
		if err := sessions.CreateSession(ctx, seamless.Session{TokenHash: account.HashToken(tok), MemberID: a.ID, Provider: "acme",
			Game: "slot-1", CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
			t.Fatal(err)
		}
		players[i] = crashPlayer{id: a.ID, token: tok}
	}

	agg := &crashAggregator{t: t, base: base + "/api/games/acme/", signer: signer, client: &http.Client{Timeout: 5 * time.Second},
		deadline: time.Now().Add(2 * time.Minute)}
	tallies := make([]crashTally, crashMembers)
	var wg sync.WaitGroup
	for m := range players {
		for w := range crashWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for r := range crashRounds {
					if !agg.round(players[m], fmt.Sprintf("m%d-w%d-r%d", m, w, r), r, &tallies[m]) {
						return
					}
				}
			}()
		}
	}
	// Kill mid-burst: once a third of the calls are answered, while the
	// others are in flight or waiting.
	total := int64(crashMembers * crashWorkers * crashRounds * 2)
	for agg.answered.Load() < total/3 {
		if time.Now().After(agg.deadline) {
			t.Fatal("the burst never got going")
		}
		time.Sleep(time.Millisecond)
	}
	if err := srv.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-srv.done
	killedAt := agg.answered.Load()
	time.Sleep(300 * time.Millisecond) // calls meet a dead server and are retried
	serve()
	wg.Wait()
	if t.Failed() {
		return
	}
	t.Logf("%d calls answered before the kill, %d after; %d deliveries unanswered and retried, %d bets cancelled by a rollback",
		killedAt, agg.answered.Load()-killedAt, agg.retried.Load(), agg.cancelled.Load())
	if agg.retried.Load() == 0 {
		t.Fatal("no call went unanswered: the kill missed the burst")
	}

	for m, p := range players {
		got, err := sessions.Balance(ctx, p.id)
		if err != nil {
			t.Fatal(err)
		}
		if want := money.FromBaht(crashStartingBaht) + tallies[m].net; got != want {
			t.Errorf("member %d: balance %d, want %d (the answered outcomes)", m, got, want)
		}
	}
	// Each round's bet, as the store recorded it (the key is unique: one
	// row per bet), against what the answers told the aggregator.
	rows, err := db.SQL().QueryContext(ctx, `SELECT tx_id, state, journal_id IS NOT NULL FROM seamless_txs WHERE provider = 'acme' AND kind = 'bet'`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	bets := 0
	for rows.Next() {
		var id, state string
		var posted bool
		if err := rows.Scan(&id, &state, &posted); err != nil {
			t.Fatal(err)
		}
		bets++
		want, _ := agg.outcome.Load(id)
		ok := posted && state == want
		if want == crashCancelled { // applied then rolled back, or never: a tombstone
			ok = (posted && state == string(seamless.RolledBack)) || (!posted && state == string(seamless.Tombstone))
		}
		if !ok {
			t.Errorf("bet %s: %s, journal %v; the aggregator was answered %v", id, state, posted, want)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if want := crashMembers * crashWorkers * crashRounds; bets != want {
		t.Errorf("%d bets recorded, want %d (one per round, a tombstone included)", bets, want)
	}
	c.tool("check") // exits 1, failing the test, on a problem
}

// crashAggregator plays the aggregator: it signs every call and retries a
// call that got no answer (no connection, a cut connection, a 503) with the
// same body until it is answered.
type crashAggregator struct {
	t        *testing.T
	base     string
	signer   generic.Signer
	client   *http.Client
	deadline time.Time
	// answered counts calls answered; retried, deliveries that were not;
	// cancelled, unanswered bets the aggregator rolled back instead.
	answered, retried, cancelled atomic.Int64
	// outcome is each bet's state as the answers tell it, by its id.
	outcome sync.Map
}

// crashCancelled is the outcome of a bet that got no answer and was
// rolled back: applied and rolled back, or never applied.
const crashCancelled = "cancelled"

// round plays one round: a bet, then a win (or, every third round, a
// rollback). A bet whose first delivery goes unanswered is, every other
// time, cancelled by a rollback and then delivered again late, which must
// be refused. It reports false when the test has failed.
func (a *crashAggregator) round(p crashPlayer, id string, r int, tally *crashTally) bool {
	stake := money.Satang(100 + r%7*50)
	bet := map[string]any{"token": p.token, "player": p.id, "transactionId": id + "-bet", "roundId": id, "game": "slot-1",
		"amount": int64(stake), "currency": "THB"}
	ans, first, ok := a.deliver("bet", bet, r%2 == 0)
	if !ok {
		return false
	}
	if !first && ans == nil { // unanswered, and this round cancels it
		a.cancelled.Add(1)
		a.outcome.Store(id+"-bet", crashCancelled)
		rb := map[string]any{"token": p.token, "player": p.id, "transactionId": id + "-rb", "refTransactionId": id + "-bet", "roundId": id}
		if ans, _, ok = a.deliver("rollback", rb, false); !ok {
			return false
		}
		if ans.Status != generic.StatusOK {
			a.t.Errorf("rollback of unanswered bet %s: %s", id, ans.Status)
			return false
		}
		late, _, ok := a.deliver("bet", bet, false)
		if !ok {
			return false
		}
		if late.Status != generic.StatusRolledBack {
			a.t.Errorf("bet %s delivered after its rollback: %s, want %s", id, late.Status, generic.StatusRolledBack)
			return false
		}
		return true
	}
	if ans.Status != generic.StatusOK {
		a.t.Errorf("bet %s: %s", id, ans.Status)
		return false
	}
	tally.add(-stake)
	if r%3 == 0 {
		rb := map[string]any{"token": p.token, "player": p.id, "transactionId": id + "-rb", "refTransactionId": id + "-bet", "roundId": id}
		if ans, _, ok = a.deliver("rollback", rb, false); !ok {
			return false
		}
		if ans.Status != generic.StatusOK {
			a.t.Errorf("rollback %s: %s", id, ans.Status)
			return false
		}
		tally.add(stake)
		a.outcome.Store(id+"-bet", string(seamless.RolledBack))
		return true
	}
	win := map[string]any{"token": p.token, "player": p.id, "transactionId": id + "-win", "roundId": id, "game": "slot-1",
		"amount": r % 5 * 120, "currency": "THB", "roundClosed": true}
	if ans, _, ok = a.deliver("win", win, false); !ok {
		return false
	}
	if ans.Status != generic.StatusOK {
		a.t.Errorf("win %s: %s", id, ans.Status)
		return false
	}
	tally.add(money.Satang(r % 5 * 120))
	a.outcome.Store(id+"-bet", string(seamless.Applied))
	return true
}

// deliver sends a call until it is answered and returns the answer and
// whether the first delivery was. With giveUp, an unanswered first
// delivery returns a nil answer at once (the caller cancels the call).
func (a *crashAggregator) deliver(op string, body map[string]any, giveUp bool) (*generic.Answer, bool, bool) {
	raw, err := json.Marshal(body)
	if err != nil {
		a.t.Error(err)
		return nil, false, false
	}
	for try := 0; ; try++ {
		if time.Now().After(a.deadline) {
			a.t.Errorf("%s %s: no answer before the deadline", op, body["transactionId"])
			return nil, false, false
		}
		ans, err := a.send(op, raw)
		if err == nil {
			a.answered.Add(1)
			return ans, try == 0, true
		}
		a.retried.Add(1)
		if giveUp {
			return nil, false, true
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// send posts one signed delivery. A transport error, a 503 (ERROR) or an
// answer that is not signed is no answer; the protocol answers every
// other outcome 200.
func (a *crashAggregator) send(op string, raw []byte) (*generic.Answer, error) {
	req, err := http.NewRequest(http.MethodPost, a.base+op, bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	a.signer.SignHeaders(req.Header, raw)
	res, err := a.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", res.StatusCode, out)
	}
	if err := a.signer.Verify(res.Header, out); err != nil {
		a.t.Errorf("%s: answer %s: %v", op, out, err)
		return nil, err
	}
	var ans generic.Answer
	if err := json.Unmarshal(out, &ans); err != nil {
		return nil, err
	}
	return &ans, nil
}
