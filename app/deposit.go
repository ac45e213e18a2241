package app

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"ngern/adapters/gift"
	"ngern/adapters/httpapi"
	"ngern/adapters/metrics"
	"ngern/adapters/slip"
	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/deposit"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/objects"
	"ngern/core/settings"
)

// depositServices provides the deposit service with the slip reader, the
// slip verifier and the gift redeemer the configuration names, and the
// routes of the simulated bank and TrueMoney when those are the ones.
func depositServices() fx.Option {
	return fx.Provide(
		func(db *sqlstore.DB) deposit.Store { return sqlstore.NewDeposits(db) },
		newSlipVerifier,
		newSlipOCR,
		newGiftRedeemer,
		newDeposits,
		newSlipURLKey,
	)
}

// depositAdapter is a port's adapter and the routes it mounts.
type verifierOut struct {
	fx.Out
	Verifier deposit.SlipVerifier
	Routes   []httpapi.Route `group:"routes,flatten"`
}

// newSlipVerifier returns the verifier of NGERN_SLIP_VERIFIER: the
// simulated bank (mounted at /sim/bank/), SlipOK, or manual review.
func newSlipVerifier(cfg Config, log *slog.Logger, now Clock, m *metrics.Metrics, senders deposit.SenderStore) verifierOut {
	switch cfg.SlipVerifier {
	case "slipok":
		c, _ := slip.NewSlipOK(slip.SlipOKConfig{BaseURL: cfg.SlipOKURL, BranchID: cfg.SlipOKBranch, APIKey: cfg.SlipOKKey,
			Timeout: cfg.SlipOKTimeout, HTTPClient: m.Client(metrics.PartySlipOK, nil)}) // the configuration checked these
		log.Info("slip verifier", "kind", "slipok")
		return verifierOut{Verifier: c}
	case "manual":
		log.Info("slip verifier", "kind", "manual: every slip goes to review")
		return verifierOut{Verifier: slip.Manual{}}
	}
	bank := slip.NewSimBank(slip.SimBankConfig{PathPrefix: "/sim", Now: now, Log: log.With("component", "simbank"),
		Holder: func(ctx context.Context, bankCode, accountNo string) (string, error) {
			accounts, err := senders.RegisteredAccounts(ctx, bankCode, "%"+accountNo, 10)
			for _, a := range accounts {
				if a.AccountNo == accountNo {
					return a.Name, err
				}
			}
			return "", err
		}})
	log.Info("slip verifier", "kind", "simulated bank", "at", "/sim/bank/")
	return verifierOut{Verifier: bank, Routes: []httpapi.Route{{Pattern: "/sim/bank/", Handler: bank}}}
}

// newSlipOCR returns the Tesseract adapter when NGERN_SLIP_OCR=tesseract
// and the engine runs with its Thai and English models, checked once at
// start; otherwise nil (no OCR: slips are handled as without it), logged
// once with the reason.
func newSlipOCR(cfg Config, log *slog.Logger) deposit.SlipOCR {
	if cfg.SlipOCR == "off" {
		log.Info("slip OCR", "kind", "off")
		return nil
	}
	t, err := slip.NewTesseract(context.Background(), slip.TesseractConfig{})
	if err != nil {
		log.Warn("slip OCR off: the review is not pre-filled and verified slips are not cross-checked", "reason", err.Error())
		return nil
	}
	log.Info("slip OCR", "kind", "tesseract", "langs", slip.TesseractLangs)
	return t
}

type redeemerOut struct {
	fx.Out
	Redeemer deposit.GiftRedeemer
	Routes   []httpapi.Route `group:"routes,flatten"`
}

// newGiftRedeemer returns TrueMoney's gift API client, the simulated
// TrueMoney (mounted at /sim/truemoney/, called in-process), or, with
// NGERN_TRUEMONEY=off, a redeemer that refuses every link.
func newGiftRedeemer(cfg Config, log *slog.Logger, m *metrics.Metrics) (redeemerOut, error) {
	switch cfg.TrueMoney {
	case "off":
		log.Info("gift redeemer", "kind", "off: gift links refused")
		return redeemerOut{Redeemer: giftsOff{}}, nil
	case "api":
		c, err := gift.New(gift.Config{BaseURL: cfg.TrueMoneyURL, Timeout: cfg.TrueMoneyTimeout, HTTPClient: m.Client(metrics.PartyTrueMoney, nil)})
		log.Info("gift redeemer", "kind", "truemoney")
		return redeemerOut{Redeemer: c}, err
	}
	sim := gift.NewSim("/sim/truemoney")
	c, err := gift.New(gift.Config{BaseURL: "http://in-process/sim/truemoney", HTTPClient: &http.Client{Transport: sim.Transport()}})
	log.Info("gift redeemer", "kind", "simulated truemoney", "at", "/sim/truemoney/")
	return redeemerOut{Redeemer: c, Routes: []httpapi.Route{{Pattern: "/sim/truemoney/", Handler: sim}}}, err
}

// giftsOff is the redeemer of a deployment without gift links: every link
// is refused before anything is redeemed, as if no wallet received them.
type giftsOff struct{}

func (giftsOff) Check(context.Context, string, string) (money.Satang, error) {
	return 0, &deposit.Refused{Code: errs.NoWallet, Reason: "NGERN_TRUEMONEY=off"}
}

func (g giftsOff) Redeem(ctx context.Context, voucher, phone string) (money.Satang, error) {
	return g.Check(ctx, voucher, phone)
}

func newDeposits(store deposit.Store, l ledger.Store, objs objects.Store, v deposit.SlipVerifier, ocr deposit.SlipOCR,
	g deposit.GiftRedeemer, s *settings.Service, members account.Store, limiter account.Limiter, log *slog.Logger, now Clock) *deposit.Service {
	return deposit.NewService(deposit.Deps{Store: store, Ledger: l, Objects: objs, Reader: slip.NewReader(deposit.SlipDecoders), Verifier: v,
		OCR: ocr, Redeemer: g, Options: s, Coins: s.Coins, Members: members, Limiter: limiter, Log: log, Now: now})
}

// slipURLKey signs the links to slip images.
type slipURLKey []byte

// newSlipURLKey derives the signing key of slip links from the secret key,
// so that every node signs alike.
func newSlipURLKey(cfg Config, log *slog.Logger) (slipURLKey, error) {
	key, err := secretKey(cfg, log)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("ngern slip image links"))
	return m.Sum(nil), nil
}

// demoDeposit is the receiving bank account and TrueMoney wallet `ngern
// demo` sets when none is set.
var demoDeposit = settings.Deposit{
	Banks: []settings.ReceivingBank{{BankCode: "KBANK", BankType: "BANK", Mode: "slip", Currency: "THB",
		BankAccountNo: "1112223334", BankAccountName: "NGERN DEMO CO LTD"}},
	Wallets: []settings.ReceivingWallet{{Mode: "truemoney", WalletAccountName: "Ngern Demo", WalletAccountNo: "0899999999"}},
}

// demoDepositLaos is what `ngern demo` sets in the Laos build: a BCEL
// account in kip, and no TrueMoney wallet (a Thai service).
var demoDepositLaos = settings.Deposit{
	Banks: []settings.ReceivingBank{{BankCode: "BCEL", BankType: "BANK", Mode: "slip", Currency: "LAK",
		BankAccountNo: "0101000099999", BankAccountName: "NGERN DEMO CO LTD"}},
	Wallets: []settings.ReceivingWallet{},
}

// demoDepositFor is the demo's receiving accounts for the build.
func demoDepositFor(laos bool) settings.Deposit {
	if laos {
		return demoDepositLaos
	}
	return demoDeposit
}

// seedDemoDeposit sets the demo's receiving accounts unless the operator
// has set some.
func seedDemoDeposit(ctx context.Context, s *settings.Service, laos bool, stdout io.Writer) (bool, error) {
	cur, err := s.DepositOptions(ctx)
	if err != nil {
		return false, err
	}
	if len(cur.Banks) > 0 || len(cur.Wallets) > 0 {
		fmt.Fprintln(stdout, "deposit: receiving accounts set before")
		return false, nil
	}
	doc, _ := json.Marshal(demoDepositFor(laos))
	if err := s.Put(ctx, settings.KeyDeposit, doc); err != nil {
		return false, err
	}
	if laos {
		fmt.Fprintln(stdout, "deposit: BCEL 0101000099999 (NGERN DEMO CO LTD, LAK) set as receiving account")
		return true, nil
	}
	fmt.Fprintln(stdout, "deposit: KBANK 111-2-22333-4 (NGERN DEMO CO LTD) and TrueMoney 0899999999 set as receiving accounts")
	return true, nil
}
