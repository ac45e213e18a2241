// Package memstore is an in-memory seamless.Store: the same semantics as
// the SQL store (one record per (provider, transaction id) under any
// concurrency, a debit never below zero, a tombstone for a rollback that
// came first), for the core tests and the conformance kit. It is not for
// production: nothing survives a restart.
package memstore

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"sync"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/seamless"
)

type key struct{ provider, id string }

// Store is an in-memory seamless.Store. The zero value is not usable; call
// New.
type Store struct {
	mu       sync.Mutex
	sessions map[key]seamless.Session
	records  map[key]seamless.Record
	balances map[string]money.Satang // wallet balances by member id
	journals []ledger.Journal
}

var _ seamless.Store = (*Store)(nil)

// New returns an empty store.
func New() *Store {
	return &Store{sessions: map[key]seamless.Session{}, records: map[key]seamless.Record{}, balances: map[string]money.Satang{}}
}

// Seed sets a member's wallet balance (a deposit made elsewhere).
func (s *Store) Seed(memberID string, balance money.Satang) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.balances[memberID] = balance
}

// Wallet returns a member's wallet balance.
func (s *Store) Wallet(memberID string) money.Satang {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.balances[memberID]
}

// Journals returns the journals posted so far, oldest first.
func (s *Store) Journals() []ledger.Journal {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]ledger.Journal(nil), s.journals...)
}

// CreateSession stores a session; a token hash is stored once.
func (s *Store) CreateSession(_ context.Context, ses seamless.Session) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key{ses.Provider, ses.TokenHash}
	if _, ok := s.sessions[k]; ok {
		return errors.New("memstore: session token hash exists")
	}
	s.sessions[k] = ses
	return nil
}

// Session returns the session of a token's hash (NO_DATA).
func (s *Store) Session(_ context.Context, provider, tokenHash string) (seamless.Session, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ses, ok := s.sessions[key{provider, tokenHash}]
	if !ok {
		return seamless.Session{}, errs.New(errs.NoData)
	}
	return ses, nil
}

// Balance returns a member's wallet balance.
func (s *Store) Balance(_ context.Context, memberID string) (money.Satang, error) {
	return s.Wallet(memberID), nil
}

// Transaction returns one record (NO_DATA).
func (s *Store) Transaction(_ context.Context, provider, txID string) (seamless.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.records[key{provider, txID}]
	if !ok {
		return seamless.Record{}, errs.New(errs.NoData)
	}
	return r, nil
}

// Round returns the records of a round, oldest first (errs NO_DATA).
func (s *Store) Round(_ context.Context, provider, round string) ([]seamless.Record, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []seamless.Record
	for k, r := range s.records {
		if k.provider == provider && r.RoundID == round && round != "" {
			out = append(out, r)
		}
	}
	if len(out) == 0 {
		return nil, errs.New(errs.NoData)
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].TxID < out[j].TxID
	})
	return out, nil
}

// Record is seamless.LookUp over this store (seamless.Store).
func (s *Store) Record(ctx context.Context, r seamless.Record, refuse bool) (seamless.Record, seamless.Found, error) {
	return seamless.LookUp(ctx, s, r, refuse)
}

// Apply stores a bet or a win and posts its journal (seamless.Store).
func (s *Store) Apply(_ context.Context, r seamless.Record) (seamless.Record, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key{r.Provider, r.TxID}
	if old, ok := s.records[k]; ok {
		return old, true, nil
	}
	if r.Amount != 0 {
		id, err := s.post(seamless.Journal(r))
		if err != nil {
			return seamless.Record{}, false, err
		}
		r.JournalID = id
	}
	r.State, r.Balance = seamless.Applied, s.balances[r.MemberID]
	s.records[k] = r
	return r, false, nil
}

// Cancel stores a rollback, reversing its bet or leaving a tombstone
// (seamless.Store).
func (s *Store) Cancel(_ context.Context, r seamless.Record) (seamless.Record, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	k, bk := key{r.Provider, r.TxID}, key{r.Provider, r.RefTxID}
	if old, ok := s.records[k]; ok {
		return old, true, nil
	}
	bet, ok := s.records[bk]
	switch {
	case !ok:
		s.records[bk] = seamless.Record{Provider: r.Provider, TxID: r.RefTxID, Kind: seamless.Bet, State: seamless.Tombstone,
			MemberID: r.MemberID, RoundID: r.RoundID, Game: r.Game, Balance: s.balances[r.MemberID], CreatedAt: r.CreatedAt}
	case bet.Kind == seamless.Bet && bet.State == seamless.Applied:
		id, err := s.post(seamless.Reverse(r, bet))
		if err != nil {
			return seamless.Record{}, false, err
		}
		bet.State = seamless.RolledBack
		s.records[bk] = bet
		r.Amount, r.JournalID = bet.Amount, id
	}
	r.State, r.Balance = seamless.Applied, s.balances[r.MemberID]
	s.records[k] = r
	return r, false, nil
}

// post applies j to the wallets, refusing a wallet below zero, as the
// ledger's guarded debit does. The caller holds mu.
func (s *Store) post(j ledger.Journal) (string, error) {
	j.ID = "j" + strconv.Itoa(len(s.journals)+1)
	if err := j.Validate(); err != nil {
		return "", err
	}
	wallet := ledger.Wallet(j.MemberID)
	for _, p := range j.Postings {
		if p.Account == wallet && s.balances[j.MemberID]+p.Amount < 0 {
			return "", errs.New(errs.MoneyNotEnough)
		}
	}
	for _, p := range j.Postings {
		if p.Account == wallet {
			s.balances[j.MemberID] += p.Amount
		}
	}
	s.journals = append(s.journals, j)
	return j.ID, nil
}
