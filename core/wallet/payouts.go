package wallet

import (
	"context"
	"errors"
	"strings"
	"time"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
)

// PayoutStatus is where one of our payouts stands (docs/operations.md,
// "Automatic payouts"). The names are a contract of the operator API.
type PayoutStatus string

// Payout statuses. SUBMITTED: recorded with the approval, then sent to the
// party (Sent) and waiting for its answer; UNKNOWN: the party's answer was
// lost or unreadable, its status is polled and the payout is never sent
// again unless the party says it never received it; PAID and FAILED are
// final.
const (
	PayoutStatusSubmitted PayoutStatus = "SUBMITTED"
	PayoutStatusPaid      PayoutStatus = "PAID"
	PayoutStatusFailed    PayoutStatus = "FAILED"
	PayoutStatusUnknown   PayoutStatus = "UNKNOWN"
)

// Final reports whether st is PAID or FAILED.
func (st PayoutStatus) Final() bool { return st == PayoutStatusPaid || st == PayoutStatusFailed }

// Payout is the automatic payment of one approved withdrawal. Its id is
// the idempotency key the party receives.
type Payout struct {
	ID           string       `db:"id"`
	WithdrawalID string       `db:"withdrawal_id"`
	MemberID     string       `db:"member_id"`
	Amount       money.Satang `db:"amount"`
	BankCode     string       `db:"bank_code"`
	AccountNo    string       `db:"account_no"`
	AccountName  string       `db:"account_name"`
	Status       PayoutStatus `db:"status"`
	// Sent is set before the first call to the party: from then on the
	// payout is only ever asked about (Status), and submitted again only
	// when the party answers that it never received it.
	Sent     bool   `db:"sent"`
	PartyRef string `db:"party_ref"`
	// Reason is the party's reason of a FAILED payout (the member reads it).
	Reason string `db:"reason"`
	// Attempts counts the calls claimed for it; it is also the version two
	// workers claim the row by.
	Attempts    int       `db:"attempts"`
	NextCheckAt time.Time `db:"next_check_at"`
	// UnknownSince is when its outcome first became unknown; EscalatedAt
	// when it stayed unknown past Config.PayoutEscalateAfter and joined the
	// operators' queue.
	UnknownSince *time.Time `db:"unknown_since"`
	EscalatedAt  *time.Time `db:"escalated_at"`
	// ResolvedBy and Evidence are set when an operator resolved it.
	ResolvedBy string     `db:"resolved_by"`
	Evidence   string     `db:"evidence"`
	CreatedAt  time.Time  `db:"created_at"`
	UpdatedAt  time.Time  `db:"updated_at"`
	SettledAt  *time.Time `db:"settled_at"`
}

// PayoutListLimit is how many payouts of one status the operator listing
// shows (UNKNOWN and SUBMITTED ones oldest first, final ones newest first).
const PayoutListLimit = 200

// PayoutCountCap is how far the payouts of a status are counted: the
// paid ones grow with every withdrawal, and the list shows the newest
// PayoutListLimit; a count above it says "more than PayoutCountCap".
const PayoutCountCap = 10_000

// PayoutStore keeps payouts, each change of money with its journal in one
// transaction (adapters/sqlstore).
type PayoutStore interface {
	// ApproveForPayout moves a PENDING withdrawal to APPROVED (decided by
	// by at at) and records p in the same transaction; it posts nothing:
	// the hold stays in withdrawals-pending until the payout settles. It
	// reports false, recording nothing, when the withdrawal was not pending.
	ApproveForPayout(ctx context.Context, id, by string, p Payout, at time.Time) (bool, error)
	// DuePayouts lists SUBMITTED and UNKNOWN payouts whose next check is
	// due at now, oldest first, at most limit.
	DuePayouts(ctx context.Context, now time.Time, limit int) ([]Payout, error)
	// ClaimPayout takes a due payout for one call to the party: if it is
	// still SUBMITTED or UNKNOWN with attempts, it sets Sent, adds one
	// attempt and moves its next check to until (the lease). It reports
	// whether this caller won it: of two workers only one does.
	ClaimPayout(ctx context.Context, id string, attempts int, until, at time.Time) (bool, error)
	// NotePayout records a party's answer that settles nothing: status
	// SUBMITTED (the party holds it, pending) or UNKNOWN, the party's
	// reference when given, the next check; an UNKNOWN one keeps its
	// first unknown time, escalate marks it for the operators' queue.
	// Nothing when the payout is final.
	NotePayout(ctx context.Context, id string, status PayoutStatus, ref string, next time.Time, escalate bool, at time.Time) error
	// SettlePayout moves a SUBMITTED or UNKNOWN payout to status (PAID or
	// FAILED) with the party's ref and reason (or the resolving operator
	// and evidence) and posts j in the same transaction. It reports false,
	// posting nothing, when the payout was final already.
	SettlePayout(ctx context.Context, p Payout, j ledger.Journal, at time.Time) (bool, error)
	// Payout returns a payout (NO_DATA).
	Payout(ctx context.Context, id string) (Payout, error)
	// Payouts lists the payouts with status (at most limit) and how many
	// have it, counted up to PayoutCountCap + 1 (more than the cap: "more").
	Payouts(ctx context.Context, status PayoutStatus, limit int) ([]Payout, int, error)
}

// UsePayouts makes approvals pay through party (the Payouts port) with
// payouts kept in store. Without it an approval means that operators pay
// by hand, as before automatic payouts.
func (s *Service) UsePayouts(store PayoutStore, party Payouts) {
	s.pstore, s.party = store, party
	s.payoutsDue = make(chan struct{}, 1)
}

// PayoutsOn reports whether approvals pay through a payout party.
func (s *Service) PayoutsOn() bool { return s.party != nil }

// PayoutsDue is signalled after an approval recorded a payout, so that
// the worker sends it without waiting for its period; nil without payouts.
func (s *Service) PayoutsDue() <-chan struct{} { return s.payoutsDue }

// approveForPayout is decide's approval when a payout party is configured:
// the withdrawal is APPROVED and its payout recorded (SUBMITTED, not sent)
// in one transaction; the worker sends it after the commit.
func (s *Service) approveForPayout(ctx context.Context, w Withdrawal, by string, now time.Time) (Withdrawal, error) {
	p := Payout{ID: s.newID(), WithdrawalID: w.ID, MemberID: w.MemberID, Amount: w.Amount, BankCode: w.BankCode,
		AccountNo: w.BankAccountNo, AccountName: w.BankAccountName, Status: PayoutStatusSubmitted,
		NextCheckAt: now, CreatedAt: now, UpdatedAt: now}
	ok, err := s.pstore.ApproveForPayout(ctx, w.ID, by, p, now)
	if err != nil {
		return Withdrawal{}, err
	}
	if !ok {
		return Withdrawal{}, errs.Newf(errs.NoData, "the withdrawal was decided meanwhile")
	}
	select {
	case s.payoutsDue <- struct{}{}:
	default:
	}
	w.Status, w.DecidedBy, w.DecidedAt = WithdrawalApproved, by, &now
	w.PayoutID, w.PayoutStatus = p.ID, p.Status
	return w, nil
}

// Payouts lists the payouts with status (SUBMITTED, PAID, FAILED or
// UNKNOWN; anything else is INVALID_REQUEST) and how many have it, up to
// PayoutCountCap + 1.
func (s *Service) Payouts(ctx context.Context, status PayoutStatus) ([]Payout, int, error) {
	switch status {
	case PayoutStatusSubmitted, PayoutStatusPaid, PayoutStatusFailed, PayoutStatusUnknown:
	default:
		return nil, 0, errs.Newf(errs.InvalidRequest, "unknown payout status %q", status)
	}
	if s.pstore == nil {
		return []Payout{}, 0, nil
	}
	return s.pstore.Payouts(ctx, status, PayoutListLimit)
}

// Payout returns one payout (NO_DATA).
func (s *Service) Payout(ctx context.Context, id string) (Payout, error) {
	if s.pstore == nil {
		return Payout{}, errs.New(errs.NoData)
	}
	return s.pstore.Payout(ctx, id)
}

// ResolvePayout settles an UNKNOWN payout as an operator found it at the
// party or the bank: PAID (the hold becomes the debit) or FAILED (the hold
// returns to the member's wallet), with the evidence the operator read
// (required, at most limits.Reason characters). NO_DATA when the payout is
// not unknown (anymore): a party's answer may settle it first.
func (s *Service) ResolvePayout(ctx context.Context, id string, outcome PayoutStatus, evidence, by string) (Payout, error) {
	evidence = strings.TrimSpace(evidence)
	if evidence == "" || len([]rune(evidence)) > limits.Reason {
		return Payout{}, errs.OnField(errs.InvalidRequest, "evidence")
	}
	if !outcome.Final() {
		return Payout{}, errs.OnField(errs.InvalidRequest, "status")
	}
	p, err := s.Payout(ctx, id)
	if err != nil {
		return Payout{}, err
	}
	if p.Status != PayoutStatusUnknown {
		return Payout{}, errs.Newf(errs.NoData, "the payout is %s", strings.ToLower(string(p.Status)))
	}
	p.Status, p.ResolvedBy, p.Evidence = outcome, by, evidence
	if outcome == PayoutStatusFailed {
		p.Reason = evidence
	}
	return s.settlePayout(ctx, p, by)
}

// settlePayout posts p's final status: PAID makes the hold the debit
// (WithdrawPay), FAILED returns it to the wallet (WithdrawReturn), once.
func (s *Service) settlePayout(ctx context.Context, p Payout, by string) (Payout, error) {
	kind, to := ledger.WithdrawPay, ledger.WithdrawalsOut
	if p.Status == PayoutStatusFailed {
		kind, to = ledger.WithdrawReturn, ledger.Wallet(p.MemberID)
	}
	now := s.now().UTC()
	j := s.journal(kind, p.WithdrawalID, p.MemberID, ledger.Move(ledger.WithdrawalsPending, to, p.Amount))
	j.Memo, j.By = p.Reason, by
	ok, err := s.pstore.SettlePayout(ctx, p, j, now)
	if err != nil {
		return Payout{}, err
	}
	if !ok {
		return Payout{}, errs.Newf(errs.NoData, "the payout was settled meanwhile")
	}
	if p.Status == PayoutStatusFailed {
		s.changed(ctx, p.MemberID)
	}
	p.SettledAt, p.UpdatedAt = &now, now
	return p, nil
}

// RunPayouts is one pass of the payout worker: it sends the payouts
// recorded by approvals and asks the party about those whose outcome it
// does not know yet, each claimed first so that two nodes never call the
// party for one payout at once. It answers how many it settled.
func (s *Service) RunPayouts(ctx context.Context) (int, error) {
	if s.party == nil {
		return 0, nil
	}
	due, err := s.pstore.DuePayouts(ctx, s.now().UTC(), s.cfg.ReconcileBatch)
	if err != nil {
		return 0, err
	}
	settled := 0
	for _, p := range due {
		if ctx.Err() != nil {
			return settled, ctx.Err()
		}
		ok, err := s.runPayout(ctx, p)
		if err != nil {
			return settled, err
		}
		if ok {
			settled++
		}
	}
	return settled, nil
}

// runPayout makes one call about p: Submit when it was never sent, or when
// the party says it never received it; Status otherwise. A call that
// answers no outcome leaves p UNKNOWN: it is asked about again, never sent.
func (s *Service) runPayout(ctx context.Context, p Payout) (bool, error) {
	now := s.now().UTC()
	lease := s.cfg.PayoutCallTimeout * 2
	ok, err := s.pstore.ClaimPayout(ctx, p.ID, p.Attempts, now.Add(lease), now)
	if err != nil || !ok {
		return false, err
	}
	p.Attempts++
	call, cancel := context.WithTimeout(ctx, s.cfg.PayoutCallTimeout)
	defer cancel()
	req := PayoutRequest{ID: p.ID, BankCode: p.BankCode, AccountNo: p.AccountNo, AccountName: p.AccountName, Amount: p.Amount}
	var res PayoutResult
	if !p.Sent {
		res, err = s.party.Submit(call, req)
	} else {
		res, err = s.party.Status(call, p.ID)
		if err == nil && res.State == PayoutNotFound {
			// The party never received it (a crash before the call, or a
			// request lost on the way): only now may it be sent again,
			// under the same id.
			res, err = s.party.Submit(call, req)
		}
	}
	if ctx.Err() != nil {
		// Stopping: the claim's lease runs out and the next pass asks.
		return false, nil
	}
	if err == nil && res.Ref != "" {
		p.PartyRef = res.Ref
	}
	switch {
	case err == nil && res.State == PayoutPaid:
		p.Status, p.Reason = PayoutStatusPaid, ""
	case err == nil && res.State == PayoutFailed:
		p.Status, p.Reason = PayoutStatusFailed, res.Reason
		if p.Reason == "" {
			p.Reason = "refused by the bank"
		}
	case err == nil && res.State == PayoutPending:
		return false, s.pstore.NotePayout(ctx, p.ID, PayoutStatusSubmitted, p.PartyRef, now.Add(s.payoutBackoff(p.Attempts)), false, now)
	default:
		// An error, or an answer the port does not define: the outcome is
		// unknown. Never a failure.
		if err == nil {
			err = errors.New("unexpected payout state " + string(res.State))
		}
		since := now
		if p.UnknownSince != nil {
			since = *p.UnknownSince
		}
		escalate := now.Sub(since) >= s.cfg.PayoutEscalateAfter
		if escalate && p.EscalatedAt == nil {
			s.log.Warn("payout outcome unknown past the limit: in the operators' queue", "payout", p.ID,
				"withdrawal", p.WithdrawalID, "attempts", p.Attempts)
		} else if !escalate {
			s.log.Info("payout outcome unknown", "payout", p.ID, "attempts", p.Attempts, "err", err)
		}
		return false, s.pstore.NotePayout(ctx, p.ID, PayoutStatusUnknown, p.PartyRef, now.Add(s.payoutBackoff(p.Attempts)), escalate, now)
	}
	if _, err := s.settlePayout(ctx, p, ""); err != nil && !errs.HasCode(err, errs.NoData) {
		return false, err
	}
	return true, nil
}

// payoutBackoff is the wait before asking again about a payout after
// attempts calls: PayoutPoll doubled per attempt, at most PayoutPollMax.
func (s *Service) payoutBackoff(attempts int) time.Duration {
	d := s.cfg.PayoutPoll
	for i := 1; i < attempts && d < s.cfg.PayoutPollMax; i++ {
		d *= 2
	}
	return min(d, s.cfg.PayoutPollMax)
}
