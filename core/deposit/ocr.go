package deposit

import (
	"context"
	"errors"
	"time"

	"ngern/core/money"
)

// SlipOCR reads the fields a slip image prints.
//
// Contract: ReadSlip gets the image's bytes (JPEG, PNG or WebP, already
// checked by CheckImage) and answers what it could read of the printed
// fields, each with its Found flag; an error wrapping ErrNoText when it read
// none of them, any other error when it could not run (timeout, the engine
// failed). It is a second opinion: the core never credits on what it
// reads, it only pre-fills an operator's review and cross-checks a verified
// slip's amount. It must be safe for concurrent use, bound its own time
// and never log the text it read (names, account digits).
type SlipOCR interface {
	ReadSlip(ctx context.Context, image []byte) (SlipReading, error)
}

// ErrNoText: the OCR read none of a slip's printed fields.
var ErrNoText = errors.New("deposit: no printed slip fields read")

// SlipReading is what a slip prints, as read by a SlipOCR. A field whose
// Found flag is false was not read and holds its zero value.
type SlipReading struct {
	Amount money.Satang `json:"amount"`
	// At is the printed date and time, in UTC (slips print Thai time); a
	// date without a time reads as midnight with Found.Time false.
	At       *time.Time `json:"at"`
	Sender   Party      `json:"sender"`
	Receiver Party      `json:"receiver"`
	// Bank is our code of the bank that issued the slip (its heading).
	Bank  string      `json:"bank"`
	Found FoundFields `json:"found"`
	// AmountDiffers: the slip prints an amount other than the one the
	// verifier answered for its reference: an edited image. Such a slip is
	// never credited without an operator.
	AmountDiffers bool `json:"amountDiffers"`
}

// FoundFields tells which fields a reading holds.
type FoundFields struct {
	Amount          bool `json:"amount"`
	Date            bool `json:"date"`
	Time            bool `json:"time"`
	SenderName      bool `json:"senderName"`
	SenderAccount   bool `json:"senderAccount"`
	SenderBank      bool `json:"senderBank"`
	ReceiverName    bool `json:"receiverName"`
	ReceiverAccount bool `json:"receiverAccount"`
	ReceiverBank    bool `json:"receiverBank"`
	Bank            bool `json:"bank"`
}

// Any reports whether a reading holds at least one field.
func (f FoundFields) Any() bool {
	return f.Amount || f.Date || f.Time || f.SenderName || f.SenderAccount || f.SenderBank || f.ReceiverName ||
		f.ReceiverAccount || f.ReceiverBank || f.Bank
}

// readSlip asks the OCR, when there is one, what the slip prints; nil when
// there is none or it read nothing. Its failures are logged (never its
// text) and change nothing else: OCR is a help, not a gate.
func (s *Service) readSlip(ctx context.Context, sl Slip, image []byte) *SlipReading {
	if s.d.OCR == nil {
		return nil
	}
	r, err := s.d.OCR.ReadSlip(ctx, image)
	switch {
	case errors.Is(err, ErrNoText):
		s.d.Log.InfoContext(ctx, "slip OCR read no field", "slip", sl.ID)
		return nil
	case err != nil:
		s.d.Log.WarnContext(ctx, "slip OCR failed", "slip", sl.ID, "err", err)
		return nil
	case !r.Found.Any():
		return nil
	}
	return &r
}

// crossCheck flags a verified slip whose printed amount is not the amount
// of the transfer its reference names: the image was edited (a reference
// of a small transfer under a larger printed amount), and the slip goes to
// review instead of being credited. A reading without an amount flags
// nothing: what cannot be read proves nothing.
func crossCheck(r *SlipReading, verified money.Satang) bool {
	if r == nil || !r.Found.Amount || r.Amount == verified {
		return false
	}
	r.AmountDiffers = true
	return true
}
