package settings

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
)

// ReceivingBank is one of the operator's bank accounts that members
// transfer to (the deposit lookup's banks[]).
type ReceivingBank struct {
	BankCode        string `json:"bankCode"`
	BankType        string `json:"bankType"` // BANK
	Mode            string `json:"mode"`     // slip: transfer and upload the slip
	Currency        string `json:"currency"`
	BankAccountNo   string `json:"bankAccountNo"`
	BankAccountName string `json:"bankAccountName"`
	Bank            struct {
		NameTH string `json:"nameTH"`
		NameEN string `json:"nameEN"`
	} `json:"bank"`
}

// ReceivingWallet is one of the operator's e-wallets (the deposit lookup's
// wallets[]). WalletAccountNo, the wallet's phone number that gift vouchers
// are redeemed to, is kept for the server: the public lookup leaves it out.
type ReceivingWallet struct {
	Mode              string `json:"mode"` // truemoney
	WalletAccountName string `json:"walletAccountName"`
	WalletAccountNo   string `json:"walletAccountNo,omitempty"`
}

// Deposit is the deposit setting: where members send money.
type Deposit struct {
	Banks    []ReceivingBank   `json:"banks"`
	Wallets  []ReceivingWallet `json:"wallets"`
	IsManual bool              `json:"isManual"`
}

var (
	accountNoRe = regexp.MustCompile(`^[0-9]{6,20}$`)
	phoneRe     = regexp.MustCompile(`^0[0-9]{9}$`)
)

// DepositOptions returns the deposit setting as stored (with the wallets'
// numbers).
func (s *Service) DepositOptions(ctx context.Context) (Deposit, error) {
	var d Deposit
	err := s.decode(ctx, KeyDeposit, &d)
	return d, err
}

// publicDeposit is the deposit lookup: the setting without the wallets'
// numbers, and without the wallets at all when the deployment redeems no
// gift links (the app then offers no gift-link tab).
func publicDeposit(doc json.RawMessage, giftLinksOff bool) (any, error) {
	var d Deposit
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, err
	}
	if giftLinksOff {
		d.Wallets = nil
	}
	for i := range d.Wallets {
		d.Wallets[i].WalletAccountNo = ""
	}
	if d.Banks == nil {
		d.Banks = []ReceivingBank{}
	}
	if d.Wallets == nil {
		d.Wallets = []ReceivingWallet{}
	}
	return d, nil
}

// checkDeposit validates the deposit setting and fills each bank's names
// from the bank directory, so that the lookup shows what the directory
// says. It answers the document to store, or why it is refused.
func (s *Service) checkDeposit(ctx context.Context, doc json.RawMessage) (json.RawMessage, string) {
	var d Deposit
	if err := json.Unmarshal(doc, &d); err != nil {
		return nil, "banks must be [{bankCode, bankAccountNo, bankAccountName, ...}], wallets [{mode, walletAccountName, walletAccountNo}]"
	}
	if d.Banks == nil {
		d.Banks = []ReceivingBank{}
	}
	if d.Wallets == nil {
		d.Wallets = []ReceivingWallet{}
	}
	for i := range d.Banks {
		b := &d.Banks[i]
		b.BankAccountNo = strings.ReplaceAll(strings.TrimSpace(b.BankAccountNo), "-", "")
		b.BankAccountName = strings.TrimSpace(b.BankAccountName)
		bank, err := s.Bank(ctx, b.BankCode)
		if err != nil {
			return nil, "unknown bank " + b.BankCode
		}
		if !accountNoRe.MatchString(b.BankAccountNo) || b.BankAccountName == "" || len(b.BankAccountName) > 100 {
			return nil, "each bank needs an account number of 6 to 20 digits and a name"
		}
		b.Bank.NameTH, b.Bank.NameEN = bank.NameTH, bank.NameEN
		if b.BankType == "" {
			b.BankType = "BANK"
		}
		if b.Mode == "" {
			b.Mode = "slip"
		}
		if b.Currency == "" {
			b.Currency = "THB"
		}
	}
	for i := range d.Wallets {
		w := &d.Wallets[i]
		w.WalletAccountNo = strings.ReplaceAll(strings.TrimSpace(w.WalletAccountNo), "-", "")
		w.WalletAccountName = strings.TrimSpace(w.WalletAccountName)
		if w.Mode == "" {
			w.Mode = "truemoney"
		}
		if w.Mode != "truemoney" || !phoneRe.MatchString(w.WalletAccountNo) || w.WalletAccountName == "" || len(w.WalletAccountName) > 100 {
			return nil, "each wallet needs mode truemoney, a name and its 10-digit phone number (walletAccountNo)"
		}
	}
	out, _ := json.Marshal(d)
	return out, ""
}

// SlipRules returns the slip setting (upload window, closing time).
func (s *Service) SlipRules(ctx context.Context) (Slip, error) {
	var v Slip
	err := s.decode(ctx, KeySlip, &v)
	return v, err
}
