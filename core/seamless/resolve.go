package seamless

import (
	"context"
	"errors"
	"sort"
	"strings"
	"time"

	"ngern/core/money"
)

// StuckAfter is how long after its last bet a round with no win and no
// rollback counts as stuck: an operator may then resolve it by hand
// (Resolve). The aggregators settle a round in seconds and retry a lost
// win for minutes; half an hour of silence means the aggregator gave up
// (docs/operations.md, "Seamless rounds").
const StuckAfter = 30 * time.Minute

// ManualPrefix starts the transaction id of every record an operator's
// resolution makes (manual:<round>, manual:<round>:<bet>): an aggregator's
// own ids never collide with it in practice, and the console tells them
// apart by it.
const ManualPrefix = "manual:"

// Resolution is how an operator closes a stuck round.
type Resolution string

// Resolutions.
const (
	// Refund gives every applied bet of the round back: a rollback in
	// Ngern's name through the same Store.Cancel as an aggregator's, so a
	// late rollback of the same bet credits nothing more.
	Refund Resolution = "refund"
	// Lost closes the round with no money: a win of 0 under
	// manual:<round>, which posts nothing.
	Lost Resolution = "lost"
)

// Errors of the operator's round calls.
var (
	// ErrNotStuck: the round has a win or a rollback, no applied bet, or
	// its last bet is younger than StuckAfter.
	ErrNotStuck = errors.New("seamless: round not stuck")
	// ErrResolved: the round was resolved the other way already.
	ErrResolved = errors.New("seamless: round resolved otherwise")
)

// Round is a round as the console shows it: its records, oldest first.
type Round struct {
	Provider string
	RoundID  string
	MemberID string
	Txs      []Record
	// Stuck is set when the round may be resolved now; StuckSince is its
	// last bet's time plus StuckAfter.
	Stuck      bool
	StuckSince time.Time
	// Stake is the sum of its applied bets: what a refund gives back.
	Stake money.Satang
	// Resolved is how an operator resolved it, if one did.
	Resolved Resolution
}

// Round returns a round of provider by its id (errs NO_DATA when none).
func (s *Service) Round(ctx context.Context, provider, round string) (Round, error) {
	txs, err := s.store.Round(ctx, provider, round)
	if err != nil {
		return Round{}, err
	}
	return s.view(provider, round, txs), nil
}

// RoundOf returns the round of one of provider's transactions (errs
// NO_DATA when none). A transaction with no round (a free spin's win) is
// a round of its own.
func (s *Service) RoundOf(ctx context.Context, provider, txID string) (Round, error) {
	r, err := s.store.Transaction(ctx, provider, txID)
	if err != nil {
		return Round{}, err
	}
	if r.RoundID == "" {
		return s.view(provider, "", []Record{r}), nil
	}
	return s.Round(ctx, provider, r.RoundID)
}

// view summarizes a round's records.
func (s *Service) view(provider, round string, txs []Record) Round {
	sort.SliceStable(txs, func(i, j int) bool { return txs[i].CreatedAt.Before(txs[j].CreatedAt) })
	v := Round{Provider: provider, RoundID: round, Txs: txs}
	var last time.Time
	closed := false
	for _, r := range txs {
		if v.MemberID == "" {
			v.MemberID = r.MemberID
		}
		switch {
		case r.TxID == ManualPrefix+round && r.Kind == Win:
			v.Resolved = Lost
		case strings.HasPrefix(r.TxID, ManualPrefix) && r.Kind == Rollback:
			v.Resolved = Refund
		}
		switch {
		case r.Kind == Bet && r.State == Applied:
			v.Stake += r.Amount
			if r.CreatedAt.After(last) {
				last = r.CreatedAt
			}
		case r.Kind == Win || r.Kind == Rollback:
			closed = true
		}
	}
	if v.Stake > 0 && !closed {
		v.StuckSince = last.Add(StuckAfter)
		v.Stuck = !s.now().Before(v.StuckSince)
	}
	return v
}

// Resolved is what Resolve did.
type Resolved struct {
	Round Round
	// Refunded is what the refund gave back now (0 for Lost and for a
	// repeated call).
	Refunded money.Satang
	// Balance is the member's wallet after.
	Balance money.Satang
	// Duplicate is set when the round was resolved this way already.
	Duplicate bool
}

// Resolve closes a stuck round by hand, once: Refund rolls back each of
// its applied bets in Ngern's name (manual:<round> for the first,
// manual:<round>:<bet id> for the others), Lost records a win of 0 under
// manual:<round>. Both claim manual:<round> first, so of two operators
// resolving at once, or one resolving twice, one way applies; a repeated
// call the same way answers Duplicate (and finishes a refund a crash cut
// short). A round that is not stuck is ErrNotStuck, one resolved the
// other way ErrResolved. A late rollback of a refunded bet credits
// nothing more (its bet is rolled back); a late win is still credited, as
// every win is (docs/operations.md).
func (s *Service) Resolve(ctx context.Context, provider, round string, how Resolution) (Resolved, error) {
	if round == "" || (how != Refund && how != Lost) {
		return Resolved{}, ErrInvalid
	}
	v, err := s.Round(ctx, provider, round)
	if err != nil {
		return Resolved{}, err
	}
	switch {
	case v.Resolved != "" && v.Resolved != how:
		return Resolved{Round: v}, ErrResolved
	case v.Resolved == "" && !v.Stuck:
		return Resolved{Round: v}, ErrNotStuck
	}
	out := Resolved{Duplicate: v.Resolved == how}
	if how == Lost {
		out.Balance, out.Duplicate, err = s.closeLost(ctx, v)
	} else {
		out.Refunded, out.Balance, err = s.refund(ctx, v)
	}
	if err != nil {
		return Resolved{}, err
	}
	out.Round, err = s.Round(ctx, provider, round)
	return out, err
}

// closeLost records the round's close: a win of 0 under manual:<round>.
func (s *Service) closeLost(ctx context.Context, v Round) (money.Satang, bool, error) {
	c := Callback{Provider: v.Provider, Kind: Win, TxID: ManualPrefix + v.RoundID, RoundID: v.RoundID, Game: gameOf(v), RoundClosed: true}
	rec, existed, err := s.store.Apply(ctx, s.record(c, v.MemberID))
	if err != nil {
		return 0, false, err
	}
	if existed && (rec.Kind != Win || rec.MemberID != v.MemberID) {
		return 0, false, ErrResolved
	}
	return rec.Balance, existed, nil
}

// refund rolls back each applied bet of the round, the first under
// manual:<round> (the claim).
func (s *Service) refund(ctx context.Context, v Round) (money.Satang, money.Satang, error) {
	var refunded, balance money.Satang
	first, moved := true, false
	for _, bet := range v.Txs {
		if bet.Kind != Bet || bet.State == Tombstone {
			continue
		}
		// The ids follow the bets' order, whatever their state, so that a
		// call finishing a cut-short refund names each bet as the first did.
		id := ManualPrefix + v.RoundID
		if !first {
			id += ":" + bet.TxID
		}
		first = false
		if bet.State != Applied {
			continue
		}
		c := Callback{Provider: v.Provider, Kind: Rollback, TxID: id, RoundID: v.RoundID, Game: bet.Game, RefTxID: bet.TxID}
		rec, existed, err := s.store.Cancel(ctx, s.record(c, bet.MemberID))
		if err != nil {
			return 0, 0, err
		}
		if existed && rec.Kind != Rollback {
			return 0, 0, ErrResolved
		}
		if !existed {
			refunded += rec.Amount
		}
		balance, moved = rec.Balance, true
	}
	if !moved {
		// Nothing left to refund (a repeated call): the current balance.
		b, err := s.store.Balance(ctx, v.MemberID)
		return 0, b, err
	}
	return refunded, balance, nil
}

// gameOf returns the game of a round's first record.
func gameOf(v Round) string {
	for _, r := range v.Txs {
		if r.Game != "" {
			return r.Game
		}
	}
	return ""
}
