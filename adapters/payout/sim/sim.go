// Package sim is the simulated payout bank (demo mode only): an in-process
// wallet.Payouts that keeps its own ledger of payouts by our id, idempotent
// by that id, with the faults an operator wants to see the payout worker
// survive (docs/adapters.md, "The simulated payout bank"). Its ledger can
// be kept in a file, so that it outlives a crash of the server and can be
// compared with ours after a restart.
package sim

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"ngern/core/money"
	"ngern/core/wallet"
)

// Faults are the simulated payout bank's faults (NGERN_SIMPAYOUT_FAULTS).
type Faults struct {
	// LostAnswer: the payout is made, then Submit's answer is lost (an
	// error wrapping wallet.ErrPayoutUnknown).
	LostAnswer bool
	// LateFail: Submit answers PENDING; the next Status answers FAILED.
	LateFail bool
	// Duplicate: every Submit reaches the bank twice (a repeated delivery);
	// the second changes nothing.
	Duplicate bool
	// Slow delays every answer; a caller whose deadline runs out first
	// gets an unknown outcome (a Submit that ran out was made all the
	// same: only its answer is late).
	Slow time.Duration
}

// ParseFaults reads comma-separated faults: lostanswer, latefail,
// duplicate, slow=<Go duration>. An empty string is no fault.
func ParseFaults(s string) (Faults, error) {
	var f Faults
	for part := range strings.SplitSeq(s, ",") {
		part = strings.ToLower(strings.TrimSpace(part))
		switch {
		case part == "":
		case part == "lostanswer":
			f.LostAnswer = true
		case part == "latefail":
			f.LateFail = true
		case part == "duplicate":
			f.Duplicate = true
		case strings.HasPrefix(part, "slow="):
			d, err := time.ParseDuration(strings.TrimPrefix(part, "slow="))
			if err != nil || d <= 0 {
				return Faults{}, fmt.Errorf("simpayout: fault %q: want slow=<duration>, e.g. slow=2s", part)
			}
			f.Slow = d
		default:
			return Faults{}, fmt.Errorf("simpayout: unknown fault %q (want lostanswer, latefail, duplicate or slow=<duration>)", part)
		}
	}
	return f, nil
}

// String writes f back in the syntax ParseFaults reads.
func (f Faults) String() string {
	var parts []string
	if f.LostAnswer {
		parts = append(parts, "lostanswer")
	}
	if f.LateFail {
		parts = append(parts, "latefail")
	}
	if f.Duplicate {
		parts = append(parts, "duplicate")
	}
	if f.Slow > 0 {
		parts = append(parts, "slow="+f.Slow.String())
	}
	return strings.Join(parts, ",")
}

// ClosedSuffix ends the account numbers the simulated bank refuses
// ("account closed"): a demo can show a failed payout without a fault.
const ClosedSuffix = "0000"

// Config configures a simulated payout bank.
type Config struct {
	// PathPrefix is where its inspection routes are mounted ("/sim":
	// /sim/payout/).
	PathPrefix string
	// StatePath keeps its ledger (JSON lines, appended and synced before
	// an answer); empty: in memory only.
	StatePath string
	Faults    Faults
	Now       func() time.Time
	Log       *slog.Logger
}

// Entry is one payout in the simulated bank's ledger. The account number
// is kept masked.
type Entry struct {
	ID          string             `json:"id"`
	BankCode    string             `json:"bankCode"`
	AccountNo   string             `json:"accountNo"`
	AccountName string             `json:"accountName"`
	Amount      money.Satang       `json:"amount"`
	State       wallet.PayoutState `json:"state"`
	Ref         string             `json:"ref"`
	Reason      string             `json:"reason,omitempty"`
	// Deliveries counts the submits of this id that reached the bank.
	Deliveries int       `json:"deliveries"`
	At         time.Time `json:"at"`
}

// Bank is the simulated payout bank.
type Bank struct {
	cfg     Config
	mu      sync.Mutex
	entries map[string]*Entry
	seq     int
	file    *os.File
}

var _ wallet.Payouts = (*Bank)(nil)

// New returns a simulated payout bank, reading its ledger from
// cfg.StatePath when it exists.
func New(cfg Config) (*Bank, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	cfg.PathPrefix = strings.TrimSuffix(cfg.PathPrefix, "/")
	b := &Bank{cfg: cfg, entries: map[string]*Entry{}}
	if cfg.StatePath == "" {
		return b, nil
	}
	if err := os.MkdirAll(filepath.Dir(cfg.StatePath), 0o750); err != nil {
		return nil, err
	}
	if f, err := os.Open(cfg.StatePath); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var e Entry
			if json.Unmarshal(sc.Bytes(), &e) == nil && e.ID != "" {
				if b.entries[e.ID] == nil {
					b.seq++
				}
				b.entries[e.ID] = &e
			}
		}
		f.Close()
	}
	f, err := os.OpenFile(cfg.StatePath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, err
	}
	b.file = f
	return b, nil
}

// Close closes the ledger's file.
func (b *Bank) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.file == nil {
		return nil
	}
	err := b.file.Close()
	b.file = nil
	return err
}

// Faults answers the faults the bank runs with.
func (b *Bank) Faults() Faults { return b.cfg.Faults }

// Submit pays r once per id and answers the payout's state.
func (b *Bank) Submit(ctx context.Context, r wallet.PayoutRequest) (wallet.PayoutResult, error) {
	if r.ID == "" {
		return wallet.PayoutResult{}, fmt.Errorf("%w: simpayout: no id", wallet.ErrPayoutUnknown)
	}
	e, err := b.receive(r)
	if err == nil && b.cfg.Faults.Duplicate {
		e, err = b.receive(r)
	}
	if err != nil {
		return wallet.PayoutResult{}, fmt.Errorf("%w: simpayout: %v", wallet.ErrPayoutUnknown, err)
	}
	// The bank has acted; only its answer is slow.
	if err := b.slow(ctx); err != nil {
		return wallet.PayoutResult{}, err
	}
	if b.cfg.Faults.LostAnswer {
		b.cfg.Log.Info("simulated payout: answer lost", "id", r.ID, "state", e.State)
		return wallet.PayoutResult{}, fmt.Errorf("%w: simpayout: the answer was lost", wallet.ErrPayoutUnknown)
	}
	return result(e), nil
}

// Status answers what the bank knows of id; with latefail a pending
// payout fails when asked.
func (b *Bank) Status(ctx context.Context, id string) (wallet.PayoutResult, error) {
	if err := b.slow(ctx); err != nil {
		return wallet.PayoutResult{}, err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.entries[id]
	if e == nil {
		return wallet.PayoutResult{State: wallet.PayoutNotFound}, nil
	}
	if e.State == wallet.PayoutPending && b.cfg.Faults.LateFail {
		e.State, e.Reason, e.At = wallet.PayoutFailed, "refused by the receiving bank", b.cfg.Now().UTC()
		if err := b.persist(e); err != nil {
			return wallet.PayoutResult{}, fmt.Errorf("%w: simpayout: %v", wallet.ErrPayoutUnknown, err)
		}
	}
	return result(*e), nil
}

// Entries lists the bank's ledger, oldest first.
func (b *Bank) Entries() []Entry {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := make([]Entry, 0, len(b.entries))
	for _, e := range b.entries {
		out = append(out, *e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Ref < out[j].Ref })
	return out
}

// receive records r the first time its id arrives; a repeated delivery
// only counts.
func (b *Bank) receive(r wallet.PayoutRequest) (Entry, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e := b.entries[r.ID]; e != nil {
		e.Deliveries++
		return *e, nil
	}
	b.seq++
	e := &Entry{ID: r.ID, BankCode: r.BankCode, AccountNo: mask(r.AccountNo), AccountName: r.AccountName, Amount: r.Amount,
		State: wallet.PayoutPaid, Ref: fmt.Sprintf("SIMPO%08d", b.seq), Deliveries: 1, At: b.cfg.Now().UTC()}
	switch {
	case r.Amount <= 0 || r.AccountNo == "" || strings.Trim(r.AccountNo, "0123456789") != "":
		e.State, e.Reason = wallet.PayoutFailed, "invalid account or amount"
	case strings.HasSuffix(r.AccountNo, ClosedSuffix):
		e.State, e.Reason = wallet.PayoutFailed, "account closed"
	case b.cfg.Faults.LateFail:
		e.State = wallet.PayoutPending
	}
	if err := b.persist(e); err != nil {
		return Entry{}, err
	}
	b.entries[r.ID] = e
	b.cfg.Log.Info("simulated payout", "id", e.ID, "state", e.State, "amount", e.Amount.String())
	return *e, nil
}

// persist appends e to the ledger's file and syncs it; the caller holds mu.
func (b *Bank) persist(e *Entry) error {
	if b.file == nil {
		return nil
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	if _, err := b.file.Write(append(line, '\n')); err != nil {
		return err
	}
	return b.file.Sync()
}

func (b *Bank) slow(ctx context.Context) error {
	if b.cfg.Faults.Slow <= 0 {
		return nil
	}
	t := time.NewTimer(b.cfg.Faults.Slow)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("%w: simpayout: %v", wallet.ErrPayoutUnknown, ctx.Err())
	}
}

func result(e Entry) wallet.PayoutResult {
	r := wallet.PayoutResult{State: e.State, Ref: e.Ref, Reason: e.Reason}
	if e.State == wallet.PayoutPaid || e.State == wallet.PayoutFailed {
		r.At = e.At
	}
	return r
}

// mask keeps the last four digits of an account number.
func mask(no string) string {
	if len(no) <= 4 {
		return no
	}
	return strings.Repeat("x", len(no)-4) + no[len(no)-4:]
}

// ServeHTTP answers the inspection routes: GET <prefix>/payout/ (the
// ledger) and GET <prefix>/payout/{id}.
func (b *Bank) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rest, ok := strings.CutPrefix(r.URL.Path, b.cfg.PathPrefix+"/payout/")
	if !ok || r.Method != http.MethodGet {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if rest == "" {
		_ = json.NewEncoder(w).Encode(map[string]any{"payouts": b.Entries(), "faults": b.cfg.Faults.String()})
		return
	}
	b.mu.Lock()
	e := b.entries[rest]
	var out Entry
	if e != nil {
		out = *e
	}
	b.mu.Unlock()
	if e == nil {
		w.WriteHeader(http.StatusNotFound)
		_ = json.NewEncoder(w).Encode(map[string]string{"state": string(wallet.PayoutNotFound)})
		return
	}
	_ = json.NewEncoder(w).Encode(out)
}
