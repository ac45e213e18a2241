package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"slices"

	"github.com/jmoiron/sqlx"

	"ngern/core/deposit"
)

// One bank transfer told by the bank feed and by its slip under two
// references credits once (core/deposit/twin.go). Both crediting
// transactions — a slip's (CreditSlip) and a slipless deposit's (PayQR) —
// first take the member's transfer lock, then look for the other report
// of the transfer, then credit: of two arriving at once, the second waits
// for the first to commit and then sees its credit.
//
// The lock, not a unique "transfer fingerprint" key: the two reports'
// times differ (an SMS is stamped to the minute, a slip to the second, a
// bank's notification and its slip may be a minute apart), so a key of
// (member, bank, amount, minute) would let two reports on either side of a
// minute's edge both credit, and a wider bucket has the same edge. A
// window around each time needs a look-up, and the look-up needs the
// lock. On PostgreSQL it is a transaction-scoped advisory lock on the
// member (read committed: the look-up after it sees what the other
// committed); on SQLite write transactions are immediate, one writer at a
// time, which serialises them already.

// lockMemberTransfers takes the member's transfer lock for the rest of tx.
func (db *DB) lockMemberTransfers(ctx context.Context, tx *sqlx.Tx, memberID string) error {
	if db.dialect != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('deposit transfers member ' || $1, 0))`, memberID)
	return err
}

// FeedCredit is the slipless deposit that credited a slip's transfer.
func (s *Deposits) FeedCredit(ctx context.Context, sl deposit.Slip) (string, error) {
	if sl.TransferredAt == nil {
		return "", nil
	}
	return s.db.feedCredit(ctx, s.db.x, sl)
}

// feedCredit answers the reference of a slipless deposit credited to the
// slip's member whose transfer is the slip's (sender's bank, amount, time
// within deposit.TransferWindow) under another reference than the slip's;
// "" when there is none.
func (db *DB) feedCredit(ctx context.Context, q sqlx.QueryerContext, sl deposit.Slip) (string, error) {
	from, to := deposit.TransferWindow(*sl.TransferredAt)
	var ref string
	err := sqlx.GetContext(ctx, q, &ref, db.q(`SELECT ref FROM qr_payments WHERE provider = ? AND status = 'CREDITED'
		AND member_id = ? AND sender_bank = ? AND amount = ? AND paid_at >= ? AND paid_at <= ? AND ref <> ?
		ORDER BY paid_at, ref LIMIT 1`), deposit.TransferProvider, sl.MemberID, sl.Sender.BankCode, sl.Amount,
		utc(from), utc(to), sl.SendingBank+":"+sl.TransRef)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return ref, err
}

// slipTwin takes the transfer locks of the members a payment may be (its
// member, or the candidates of one waiting for review, in id order) and
// reports whether a slip of one of them was credited for the payment's
// transfer (sender's bank, amount, time within deposit.TransferWindow).
func (db *DB) slipTwin(ctx context.Context, tx *sqlx.Tx, p deposit.Payment) (bool, error) {
	members := p.Candidates
	if p.MemberID != "" {
		members = []string{p.MemberID}
	}
	if len(members) == 0 {
		return false, nil
	}
	members = slices.Sorted(slices.Values(members))
	for _, m := range members {
		if err := db.lockMemberTransfers(ctx, tx, m); err != nil {
			return false, err
		}
	}
	from, to := deposit.TransferWindow(p.PaidAt)
	query, args, err := sqlx.In(`SELECT COUNT(*) FROM slips WHERE member_id IN (?) AND status = 'SUCCESS'
		AND sender_bank = ? AND amount = ? AND transferred_at >= ? AND transferred_at <= ?`,
		members, p.Sender.BankCode, p.Amount, utc(from), utc(to))
	if err != nil {
		return false, err
	}
	var n int
	err = tx.GetContext(ctx, &n, db.q(query), args...)
	return n > 0, err
}

// markSlipCredited notes SLIP_CREDITED the notifications waiting for
// review of a credited slip's transfer whose candidates include its member
// (a KBank SMS names no one: an operator must not credit it again).
func (db *DB) markSlipCredited(ctx context.Context, tx *sqlx.Tx, sl deposit.Slip) error {
	if sl.TransferredAt == nil {
		return nil
	}
	from, to := deposit.TransferWindow(*sl.TransferredAt)
	_, err := tx.ExecContext(ctx, db.q(`UPDATE qr_payments SET note = ? WHERE provider = ? AND status = 'REVIEW'
		AND sender_bank = ? AND amount = ? AND paid_at >= ? AND paid_at <= ? AND ',' || candidates || ',' LIKE ?`),
		deposit.NoteSlipCredited, deposit.TransferProvider, sl.Sender.BankCode, sl.Amount, utc(from), utc(to),
		"%,"+sl.MemberID+",%")
	return err
}
