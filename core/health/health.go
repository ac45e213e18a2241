// Package health is what an operator watches of a running install: the
// money that waits (open transfers, review queues, withdrawals) and how
// recently the deposits went through. Its port is read-only and cheap: every
// figure is read through an index of the rows that wait, never a scan of
// the history.
package health

import (
	"context"
	"time"
)

// The queues an operator works through. The names are part of the metrics'
// contract (docs/operations.md).
const (
	QueueWithdrawals = "withdrawals"     // withdrawals waiting for a decision
	QueueSlips       = "slips"           // slips waiting for review
	QueueGifts       = "gift_vouchers"   // gift vouchers claimed, not yet settled
	QueueQRPayments  = "qr_payments"     // QR payments matched to no code
	QueueChanges     = "pending_changes" // changes waiting for their second owner
	QueueChat        = "chat"            // conversations waiting for an answer
	QueuePayouts     = "payouts_unknown" // automatic payouts whose outcome is unknown
)

// Deposit methods and their outcomes, as the metrics name them.
const (
	MethodSlip = "slip"
	MethodGift = "gift"
	MethodQR   = "qr"
)

// Queue is one waiting line: how many wait and since when the oldest does
// (zero when none).
type Queue struct {
	Name   string
	Size   int
	Oldest time.Time
}

// Deposits counts the deposits of one method made since a moment, by
// outcome (the stored status: e.g. SUCCESS, FAILED, PENDING, CREDITED).
type Deposits struct {
	Method  string
	Outcome string
	Count   int
}

// Snapshot is the install's health at one moment.
type Snapshot struct {
	// Open transfers by state (PENDING, UNKNOWN).
	Transfers map[string]int
	// OldestUnknown is when the oldest transfer whose outcome is unknown
	// was made (zero: none).
	OldestUnknown time.Time
	// OldestDue is the earliest moment an open transfer was due to be
	// checked again by the reconciler (zero: none is due): now minus it is
	// how far the reconciler is behind.
	OldestDue time.Time
	Queues    []Queue
	// Deposits made since the snapshot's window began.
	Deposits []Deposits
}

// Reader reads a snapshot: transfers due by now, deposits since since.
type Reader interface {
	Snapshot(ctx context.Context, now, since time.Time) (Snapshot, error)
}
