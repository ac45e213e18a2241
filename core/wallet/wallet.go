// Package wallet is the member's money outside deposits: game accounts at
// providers, transfers between the wallet and games (reserve, call, settle,
// with a reconciler for unknown outcomes), withdrawals waiting for an
// operator, operator adjustments and the statement.
package wallet

import (
	"context"
	"time"

	"ngern/core/account"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

// WalletCode names the main wallet where a transfer names a game code.
const WalletCode = "WALLET"

// Category groups games on the home screen.
type Category string

// Game categories (spec part 3).
const (
	CategorySlot  Category = "slot"
	CategorySport Category = "sport"
	CategoryLotto Category = "lotto"
)

// Game is one entry of the operator's games catalogue.
type Game struct {
	Code       string   `db:"code"`
	Name       string   `db:"name"`
	Logo       string   `db:"logo"`       // image URL or data URL
	Background string   `db:"background"` // image URL or data URL
	Category   Category `db:"category"`
	// FtWalletSlot is the display factor the home screen multiplies a
	// balance by; it never changes an amount that moves.
	FtWalletSlot float64 `db:"ft_wallet_slot"`
	Web          *string `db:"web"` // web login URL, nil when absent
	Android      *string `db:"android"`
	IOS          *string `db:"ios"`
	Active       bool    `db:"active"`
	Sort         int     `db:"sort"`
}

// GameAccount is a member's player account with a game. The password is
// sealed (see Sealer) because the app shows it to the member.
type GameAccount struct {
	MemberID   string    `db:"member_id"`
	Game       string    `db:"game_code"`
	Username   string    `db:"username"`
	Password   string    `db:"password_enc"`
	GameActive bool      `db:"game_active"` // the catalogue entry is active
	CreatedAt  time.Time `db:"created_at"`
}

// GameSnapshot is the ledger's view of one game account: its balance, a
// version that every change of that balance bumps, and how many transfers
// of it are still open.
type GameSnapshot struct {
	Balance money.Satang `db:"balance"`
	Version int64        `db:"version"`
	Open    int          `db:"open_transfers"`
}

// Slot is a game as the home screen lists it for a member.
type Slot struct {
	CatalogueGame
	IsActive bool         // the member has an account
	Amount   money.Satang // the member's balance in the game
}

// MemberHome is what the home screen reads of a member: the member, their
// bank, the wallet balance and every game account with its balance.
type MemberHome struct {
	Member   account.Member
	Bank     settings.Bank
	Wallet   money.Satang
	Accounts []GameBalance
	// InviteBonus is the invite commission waiting to be received
	// (core/rewards), read with the rest.
	InviteBonus money.Satang
}

// GameBalance is the member's balance with one game they have an account
// with.
type GameBalance struct {
	Game   string
	Amount money.Satang
}

// Home is what the home screen shows: the member, their bank, the wallet
// balance and every active game with the member's balance in it.
type Home struct {
	Member account.Member
	Bank   settings.Bank
	Wallet money.Satang
	Slots  []Slot
	// InviteBonus is the invite commission waiting to be received.
	InviteBonus money.Satang
	// UpdatedAt is when the balances were read.
	UpdatedAt time.Time
}

// Reservation is what reserving a transfer tells.
type Reservation struct {
	// Username is the player at the game the transfer is stored with.
	Username string
	// Left is the balance, after the reservation, of the member account
	// the money left (the WALLET for In, the GAME account for Out).
	Left money.Satang
}

// Direction tells which way a transfer moves money.
type Direction string

// Transfer directions, seen from the provider.
const (
	In  Direction = "in"  // wallet → game
	Out Direction = "out" // game → wallet
)

// TransferState is where a transfer stands.
type TransferState string

// Transfer states. PENDING: reserved, the provider call under way; UNKNOWN:
// the call's outcome is not known and the reconciler asks the provider;
// DONE and FAILED are final.
const (
	Pending TransferState = "PENDING"
	Unknown TransferState = "UNKNOWN"
	Done    TransferState = "DONE"
	Failed  TransferState = "FAILED"
)

// Transfer is an outbound operation with a provider. ID is the reference
// sent to the provider.
type Transfer struct {
	ID          string        `db:"id"`
	MemberID    string        `db:"member_id"`
	Game        string        `db:"game_code"`
	Username    string        `db:"username"`
	Direction   Direction     `db:"direction"`
	Amount      money.Satang  `db:"amount"`
	State       TransferState `db:"state"`
	Attempts    int           `db:"attempts"`
	CreatedAt   time.Time     `db:"created_at"`
	UpdatedAt   time.Time     `db:"updated_at"`
	NextCheckAt time.Time     `db:"next_check_at"`
}

// WithdrawalStatus is where a withdrawal stands.
type WithdrawalStatus string

// Withdrawal statuses: PENDING waits for an operator, who approves (paid)
// or rejects (returned to the wallet). With automatic payouts an APPROVED
// withdrawal has a payout (PayoutStatus) that pays it, or fails and
// returns the hold; WithdrawalProgress tells the member which.
const (
	WithdrawalPending  WithdrawalStatus = "PENDING"
	WithdrawalApproved WithdrawalStatus = "APPROVED"
	WithdrawalRejected WithdrawalStatus = "REJECTED"
)

// WithdrawalHistoryLimit is how many decided withdrawals of one status an
// operator listing shows (the newest).
const WithdrawalHistoryLimit = 200

// WithdrawalQueueLimit is how many of the waiting withdrawals the queue
// lists (the oldest); PendingWithdrawals counts and sums all of them.
const WithdrawalQueueLimit = 200

// Withdrawal is a member's request to be paid to their bank account.
type Withdrawal struct {
	ID        string           `db:"id"`
	MemberID  string           `db:"member_id"`
	Amount    money.Satang     `db:"amount"`
	Status    WithdrawalStatus `db:"status"`
	Reason    string           `db:"reason"`
	DecidedBy string           `db:"decided_by"`
	CreatedAt time.Time        `db:"created_at"`
	DecidedAt *time.Time       `db:"decided_at"`
	// Phone and Name identify the member in operator listings.
	Phone string `db:"phone"`
	Name  string `db:"name"`
	// The member's bank account the withdrawal is paid to.
	BankCode        string `db:"bank_code"`
	BankAccountNo   string `db:"bank_account_no"`
	BankAccountName string `db:"bank_account_name"`
	// ApprovedBy names the operators who approved it, in order.
	ApprovedBy []string `db:"-"`
	// Auto is the auto-approval's decision, when the rules were evaluated.
	Auto *AutoDecision `db:"-"`
	// PayoutID and PayoutStatus are its automatic payout's ("" when it
	// has none: pending, rejected, or paid by hand); PayoutReason the
	// party's reason of a FAILED one.
	PayoutID     string       `db:"payout_id"`
	PayoutStatus PayoutStatus `db:"payout_status"`
	PayoutReason string       `db:"payout_reason"`
}

// Progress is what the member reads of a withdrawal: PENDING (requested,
// waiting for approval), PAYING (approved, its payout under way), APPROVED
// (paid: by hand, or its payout PAID), FAILED (its payout failed: the
// money is back in the wallet) or REJECTED.
func (w Withdrawal) Progress() string {
	switch {
	case w.Status != WithdrawalApproved || w.PayoutStatus == "" || w.PayoutStatus == PayoutStatusPaid:
		return string(w.Status)
	case w.PayoutStatus == PayoutStatusFailed:
		return "FAILED"
	}
	return "PAYING"
}

// MemberReason is why a withdrawal did not pay, as the member reads it:
// the rejection's reason, or its payout's failure reason; "" otherwise.
func (w Withdrawal) MemberReason() string {
	switch w.Progress() {
	case "REJECTED":
		return w.Reason
	case "FAILED":
		return w.PayoutReason
	}
	return ""
}

// StatementItem is one line of the member's statement: Type is deposit,
// withdraw, transfer, bonus, finish_bonus or game_round; Status SUCCESS,
// FAILED, PENDING or CANCELLED (docs/api.md has the mapping).
type StatementItem struct {
	ID          string       `db:"id"`
	Type        string       `db:"statement_type"`
	From        string       `db:"from_account"`
	To          string       `db:"to_account"`
	Amount      money.Satang `db:"amount"`
	Status      string       `db:"status"`
	CreatedAt   time.Time    `db:"created_at"`
	Description string       `db:"description"`
	Source      string       `db:"source"`
	// Round is set on a game_round item: one round of a seamless game.
	Round *Round `db:"-"`
	// Withdrawal is set on a withdrawal's item: its progress
	// (Withdrawal.Progress: PENDING, PAYING, APPROVED, FAILED, REJECTED).
	Withdrawal string `db:"-"`
	// Method is set on a deposit's item: how the money came (MethodSlip,
	// MethodGift, MethodQR, MethodBankTransfer), from the journal's
	// reference, so that the app names it in the member's language instead
	// of the journal's memo. Channel is the QR payment's provider or the
	// bank code of a bank transfer's sender; "" otherwise.
	Method  string `db:"method"`
	Channel string `db:"channel"`
}

// The deposit methods of a statement item (StatementItem.Method).
const (
	MethodSlip         = "slip"
	MethodGift         = "gift"
	MethodQR           = "qr"
	MethodBankTransfer = "bank_transfer"
)

// StatementRound is the statement's type of a seamless game round.
const StatementRound = "game_round"

// Round is one round of a seamless game in the member's statement: every
// bet, win and rollback that moved money under one (provider, round) is one
// item, so that a page never splits a round. Stake is what the bets took
// net of their rollbacks, Payout what the wins paid, Net = Payout − Stake.
type Round struct {
	Provider string
	Round    string
	Game     string // the aggregator's game code
	// GameName is the catalogue's name of the game, the code when the
	// catalogue does not know it.
	GameName  string
	Stake     money.Satang
	Payout    money.Satang
	Movements []RoundMovement
}

// Net is what the round won (> 0) or lost (< 0) the member.
func (r Round) Net() money.Satang { return r.Payout - r.Stake }

// RoundMovement is one callback of a round that moved money (or closed the
// round: a win of 0), oldest first. Kind is bet, win or rollback;
// RolledBack is set on a bet that a rollback cancelled.
type RoundMovement struct {
	Kind       string       `db:"kind"`
	TxID       string       `db:"tx_id"`
	Amount     money.Satang `db:"amount"`
	RolledBack bool         `db:"rolled_back"`
	CreatedAt  time.Time    `db:"created_at"`
}

// Store keeps the games catalogue, game accounts, transfers and
// withdrawals, each change with its journal in one transaction.
type Store interface {
	// Games lists the catalogue (only active games when activeOnly).
	Games(ctx context.Context, activeOnly bool) ([]Game, error)
	// Game returns a catalogue entry (NO_GAME).
	Game(ctx context.Context, code string) (Game, error)
	// SeedGames stores games when the catalogue is empty and reports how
	// many it stored.
	SeedGames(ctx context.Context, games []Game) (int, error)
	// UpdateGame replaces a catalogue entry (NO_GAME).
	UpdateGame(ctx context.Context, g Game) error

	// MemberHome returns what the home screen shows of a member (NO_USER)
	// in one query; the games come from the (cached) catalogue.
	MemberHome(ctx context.Context, memberID string) (*MemberHome, error)
	// WalletBalance returns the member's wallet balance.
	WalletBalance(ctx context.Context, memberID string) (money.Satang, error)

	// CreateGameAccount stores a new game account (SLOT_ALREADY_ACTIVE).
	CreateGameAccount(ctx context.Context, a GameAccount) error
	// GameAccount returns the member's account with game: NO_GAME when the
	// game is not in the catalogue, SLOT_NO_ACCOUNT when the member has none.
	GameAccount(ctx context.Context, memberID, game string) (GameAccount, error)
	// GameAccounts lists the member's game accounts.
	GameAccounts(ctx context.Context, memberID string) ([]GameAccount, error)
	// SetGamePassword replaces the sealed password of a game account.
	SetGamePassword(ctx context.Context, memberID, game, sealed string, at time.Time) error
	// GameSnapshot returns the ledger's view of a game account.
	GameSnapshot(ctx context.Context, memberID, game string) (GameSnapshot, error)
	// BookGameResult posts j (a game_result journal) if the game account's
	// version is still version, and bumps it. It reports whether it posted.
	BookGameResult(ctx context.Context, memberID, game string, version int64, j ledger.Journal) (bool, error)

	// ReserveTransfer checks the member's account with t's game (NO_GAME
	// when the game is not in the catalogue, or is switched off and t moves
	// money In; SLOT_NO_ACCOUNT when the member has none), stores t
	// (PENDING) with the account's username and posts its reserve journal
	// (MONEY_NOT_ENOUGH). On any error nothing is stored.
	ReserveTransfer(ctx context.Context, t Transfer, j ledger.Journal) (Reservation, error)
	// FinishTransfer moves an open transfer to state (DONE or FAILED) and
	// posts j, its settle or reverse journal. It reports false, posting
	// nothing, when the transfer was final already. It runs only after a
	// definite answer of the provider, so it need not be durable at once:
	// a finish lost in a database crash leaves the transfer open, and the
	// reconciler finishes it again from the provider's status.
	FinishTransfer(ctx context.Context, id string, state TransferState, j ledger.Journal, at time.Time) (bool, error)
	// MarkUnknown records a failed attempt to learn an open transfer's
	// outcome and when to ask again.
	MarkUnknown(ctx context.Context, id string, next, at time.Time) error
	// OpenTransfers lists transfers the reconciler should ask about: PENDING
	// ones last updated before pendingBefore and UNKNOWN ones due at now.
	OpenTransfers(ctx context.Context, pendingBefore, now time.Time, limit int) ([]Transfer, error)
	// TransferStates returns the state of each of ids that is a transfer
	// of memberID.
	TransferStates(ctx context.Context, memberID string, ids []string) (map[string]TransferState, error)

	// RequestWithdrawal stores w (PENDING) and posts its hold journal:
	// WITHDRAW_PENDING when the member has a pending one, MONEY_NOT_ENOUGH.
	RequestWithdrawal(ctx context.Context, w Withdrawal, j ledger.Journal) error
	// Withdrawal returns a withdrawal (NO_DATA).
	Withdrawal(ctx context.Context, id string) (Withdrawal, error)
	// DecideWithdrawal moves a PENDING withdrawal to status and posts j. It
	// reports false, posting nothing, when it was not pending.
	DecideWithdrawal(ctx context.Context, id string, status WithdrawalStatus, reason, by string, j ledger.Journal, at time.Time) (bool, error)
	// Withdrawals lists withdrawals with status: PENDING ones oldest
	// first, decided ones newest decided first; at most limit of them when
	// limit > 0.
	Withdrawals(ctx context.Context, status WithdrawalStatus, limit int) ([]Withdrawal, error)
	// PendingWithdrawals counts the PENDING withdrawals and sums their
	// amounts.
	PendingWithdrawals(ctx context.Context) (count int, amount money.Satang, err error)
	// MemberWithdrawals lists the member's own withdrawals with their
	// payouts, newest requested first, at most limit of them.
	MemberWithdrawals(ctx context.Context, memberID string, limit int) ([]Withdrawal, error)
	// AddWithdrawalApproval records by's approval of a PENDING withdrawal:
	// SAME_APPROVER when by approved it already, NO_DATA when it is not
	// pending.
	AddWithdrawalApproval(ctx context.Context, id, by string, at time.Time) error
	// WithdrawalApprovals names who approved a withdrawal, in order.
	WithdrawalApprovals(ctx context.Context, id string) ([]string, error)
	// Transfer returns a transfer (NO_DATA).
	Transfer(ctx context.Context, id string) (Transfer, error)

	// Statement returns a page of the member's statement, newest first, and
	// the number of items in all.
	Statement(ctx context.Context, memberID string, offset, limit int) ([]StatementItem, int, error)
	// StatementBefore returns the member's limit newest statement items
	// that come after before in the statement's order (time, then id,
	// both descending); the zero cursor starts at the newest. It counts
	// nothing: its cost is the page's, at any depth.
	StatementBefore(ctx context.Context, memberID string, before StatementCursor, limit int) ([]StatementItem, error)
}

// Members finds members for operator actions.
type Members interface {
	MemberByPhone(ctx context.Context, phone string) (*account.Member, error) // NO_USER
}

// Limits gives the withdrawal bounds.
type Limits interface {
	WithdrawLimits(ctx context.Context) (settings.Withdraw, error)
	// WithdrawApprovalThreshold is the amount above which a withdrawal
	// needs two operators' approvals.
	WithdrawApprovalThreshold(ctx context.Context) (money.Satang, error)
}
