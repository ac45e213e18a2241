// Package limits is the one home of the fixed limits of spec part 9 and of
// the length caps of what members and operators write: the core checks
// them, the limits lookup serves them (GET /api/lookup/limits), `go
// generate ./core/limits` writes them for the apps
// (ui/src/lib/limits.generated.ts; a test fails while that file is not
// current), and texts name them through placeholders, never as numbers.
// The operator-edited values live in the settings (core/settings).
package limits

import (
	"time"

	"ngern/core/money"
)

//go:generate go run ./gen ../../ui/src/lib/limits.generated.ts

// Zone is the local time of every business day: daily limits and
// closings, slip windows, reports and reward periods (Thailand and Laos,
// UTC+7, no daylight saving).
var Zone = time.FixedZone("ICT", 7*3600)

// Money.
const (
	// GiftLinkMin is the smallest wallet-link (gift link) deposit. Gift
	// links are TrueMoney vouchers, always in baht, whatever the install.
	GiftLinkMin money.Satang = 200
)

// Amounts are the money limits sized for an install's currency: the
// transfer minimum the core checks, and the defaults a fresh install seeds
// into the operator-edited settings (withdraw limits, four-eyes threshold,
// coins, automatic withdrawals). An amount is in hundredths of the
// currency (money.Satang), whichever it is.
type Amounts struct {
	// TransferMin is the smallest transfer between the wallet and a game.
	TransferMin money.Satang
	// WithdrawMin and WithdrawMax seed the withdraw setting.
	WithdrawMin, WithdrawMax money.Satang
	// ApprovalThreshold seeds withdrawApprovalThreshold: a withdrawal
	// above it needs a second operator.
	ApprovalThreshold money.Satang
	// DepositPerCoin seeds the coins setting: one coin per amount deposited.
	DepositPerCoin money.Satang
	// AutoWithdrawMax and AutoWithdrawDayTotal seed the automatic
	// withdrawal rules (off by default): the largest withdrawal and a
	// member's daily total paid without an operator.
	AutoWithdrawMax, AutoWithdrawDayTotal money.Satang
}

// Baht are the amounts of an install in baht (Thailand).
var Baht = Amounts{
	TransferMin:          money.FromBaht(1),
	WithdrawMin:          money.FromBaht(100),
	WithdrawMax:          money.FromBaht(50_000),
	ApprovalThreshold:    money.FromBaht(20_000),
	DepositPerCoin:       money.FromBaht(100),
	AutoWithdrawMax:      money.FromBaht(1_000),
	AutoWithdrawDayTotal: money.FromBaht(3_000),
}

// Kip are the amounts of the Laos install, in kip: the baht amounts at
// about 650 kip a baht, rounded to the round sums Lao banknotes and apps
// use (1,000, 50,000, 500,000 kip …). The largest amount one API call
// takes, money.Max (10,000,000), caps the withdraw maximum (≈ 15,000
// baht where Thailand has 50,000) and so the four-eyes threshold below
// it (docs/configuration.md, Laos).
var Kip = Amounts{
	TransferMin:          money.FromBaht(1_000),
	WithdrawMin:          money.FromBaht(50_000),
	WithdrawMax:          money.FromBaht(10_000_000),
	ApprovalThreshold:    money.FromBaht(5_000_000),
	DepositPerCoin:       money.FromBaht(50_000),
	AutoWithdrawMax:      money.FromBaht(500_000),
	AutoWithdrawDayTotal: money.FromBaht(2_000_000),
}

// For returns the amounts of an install: kip in the Laos build
// (NGERN_LAOS), baht otherwise.
func For(laos bool) Amounts {
	if laos {
		return Kip
	}
	return Baht
}

// PerBaht is what one baht of an amount sized for Thailand becomes in the
// install's currency: 1 in baht, 500 in kip (the withdraw minimums' ratio,
// 50,000 kip for 100 baht). `ngern demo` writes its amounts (balance,
// promotions, the wheel's prizes, automatic withdrawals) in baht and scales
// them by it, so that the Laos demo's amounts are kip-sized sums.
func (a Amounts) PerBaht() money.Satang {
	return a.WithdrawMin / Baht.WithdrawMin
}

// Accounts.
const (
	// PasswordMin is the fewest characters a member's password may have
	// (quality bars), checked at registration and password change.
	PasswordMin = 8
	// CodeMax is the most characters of an invitation or source code.
	CodeMax = 40
)

// Deposits.
const (
	// CreditWithinMinutes is how soon an automatic deposit is credited,
	// as the texts promise it.
	CreditWithinMinutes = 1
	// SlipMB is the largest slip image read, in megabytes; the slip
	// setting's maxSizeMB may lower it, never raise it.
	SlipMB    = 10
	SlipBytes = SlipMB << 20
	// SlipPixels: a slip whose header claims more pixels is refused before
	// anything decodes it (e.g. 2160 × 4166: 36 MB decoded).
	SlipPixels = 9_000_000
	// BankNoticeHours is how old a bank's notification of an incoming
	// transfer may be for a slipless deposit to credit by itself: one
	// stamped earlier (an SMS forwarder that was offline, a replay) waits
	// in review. Banks notify within seconds and forwarders retry for
	// hours, so six hours lets late deliveries through and keeps old ones
	// for a person.
	BankNoticeHours = 6
	// SameTransferMinutes is how far apart the times two reports of a
	// bank transfer may be and still be one transfer, when a slip and a
	// bank notification of another reference tell of the same sender's
	// bank, amount and member: banks stamp a notification to the second
	// or (an SMS) to the minute, and its slip to the second, a minute or
	// two apart at most. The second of two such reports goes to review
	// rather than crediting. Minutes, never hours: a member's genuine
	// second transfer of the same amount later that day credits.
	SameTransferMinutes = 3
)

// Support chat.
const (
	// ChatText is the most characters of a chat message, and of a canned
	// reply's text.
	ChatText = 2000
	// ChatImageMB and ChatVideoMB are the largest chat attachments.
	ChatImageMB    = 10
	ChatVideoMB    = 20
	ChatImageBytes = ChatImageMB << 20
	ChatVideoBytes = ChatVideoMB << 20
	// ChatImagePixels: an image whose header claims more is refused before
	// anything decodes it (a 20000 × 20000 PNG of a few KB took an
	// operator's browser to 3 GB). A 12 MP phone photo fits.
	ChatImagePixels = 16_000_000
	// CannedTitle is the most characters of a canned reply's title.
	CannedTitle = 40
	// ChatHistoryPage is the widget's page of history, and the page the
	// API answers when none is asked.
	ChatHistoryPage = 10
)

// What operators write.
const (
	// Reason is the most characters of the reason an operator gives
	// (adjustments, rejections, suspensions, refunds).
	Reason = 500
	// Note is the most characters of an operator's note on a member, and
	// of a wheel slice's description.
	Note = 2000
	// HTML is the most characters of an operator-written HTML page
	// (a promotion's description, a rewards page).
	HTML = 20000
	// Label is the most characters of a short label (a wheel slice's
	// label, a game group).
	Label = 40
)

// Limit is one row of the table: its name in the lookup, the texts'
// placeholders and the apps' generated module, and its value.
type Limit struct {
	Name  string
	Value any // an int, or a money.Satang (served and written in baht)
	Doc   string
}

// Table lists every limit the apps see, in a fixed order, with the baht
// amounts (TableIn gives an install's).
func Table() []Limit { return TableIn(Baht) }

// TableIn is the table with the amounts a.
func TableIn(a Amounts) []Limit {
	return []Limit{
		{"transferMin", a.TransferMin, "smallest transfer between the wallet and a game, in the install's currency (baht; kip in the Laos install)"},
		{"giftLinkMin", GiftLinkMin, "smallest gift-link deposit, in baht"},
		{"passwordMin", PasswordMin, "fewest characters of a password"},
		{"codeMax", CodeMax, "most characters of an invitation or source code"},
		{"creditWithinMinutes", CreditWithinMinutes, "minutes within which an automatic deposit is credited"},
		{"slipMB", SlipMB, "largest slip image, in MB (the slip setting may lower it)"},
		{"chatText", ChatText, "most characters of a chat message or a canned reply's text"},
		{"chatImageMB", ChatImageMB, "largest chat image, in MB"},
		{"chatVideoMB", ChatVideoMB, "largest chat video, in MB"},
		{"cannedTitle", CannedTitle, "most characters of a canned reply's title"},
		{"chatHistoryPage", ChatHistoryPage, "messages in a page of chat history"},
		{"reason", Reason, "most characters of an operator's reason"},
		{"note", Note, "most characters of an operator's note or a wheel slice's description"},
		{"html", HTML, "most characters of an operator-written HTML page"},
		{"label", Label, "most characters of a short label"},
	}
}

// Values is the table with the amounts a as the limits lookup serves it,
// by name.
func Values(a Amounts) map[string]any {
	out := map[string]any{}
	for _, l := range TableIn(a) {
		out[l.Name] = l.Value
	}
	return out
}
