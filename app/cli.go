package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/limits"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/promo"
	"ngern/core/rewards"
	"ngern/core/settings"
	"ngern/core/spin"
	"ngern/core/wallet"
)

// tools are the services the operator commands use.
type tools struct {
	wallet    *wallet.Service
	ledger    ledger.Store
	accounts  *account.Service
	operators *operator.Service
	auditor   *operator.Auditor
	promo     *promo.Service
	promos    *sqlstore.Promo
	spin      *spin.Service
	settings  *settings.Service
	rewards   *rewards.Service
	log       *slog.Logger
	now       Clock
	cfg       Config
}

// flagSet returns a flag set for a command that writes its errors to out.
func flagSet(name string, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("ngern "+name, flag.ContinueOnError)
	fs.SetOutput(out)
	return fs
}

// runAdjust credits (or, with a negative amount, debits) a member's wallet:
// ngern adjust -phone P -amount A -reason R.
func runAdjust(ctx context.Context, t tools, args []string, stdout io.Writer) error {
	fs := flagSet("adjust", stdout)
	phone := fs.String("phone", "", "the member's phone number")
	amount := fs.String("amount", "", "baht with at most 2 decimals; negative debits")
	reason := fs.String("reason", "", "why (kept in the ledger and shown on the statement)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *phone == "" || *amount == "" || *reason == "" {
		return errors.New("adjust needs -phone, -amount and -reason")
	}
	a, err := money.ParseSigned(*amount)
	if err != nil {
		return fmt.Errorf("-amount %q: not an amount with at most 2 decimals", *amount)
	}
	bal, err := t.wallet.Adjust(ctx, wallet.Adjustment{Phone: *phone, Amount: a, Reason: *reason, By: cliOperator.Username})
	if err != nil {
		return err
	}
	t.record(ctx, "adjustment.create", *phone, nil, map[string]any{"amount": a, "reason": *reason, "wallet": bal})
	fmt.Fprintf(stdout, "adjusted %s by %s; wallet balance %s\n", *phone, a, bal)
	return nil
}

// runWithdrawals lists pending withdrawals (the oldest
// wallet.WithdrawalQueueLimit), or approves or rejects one:
// ngern withdrawals [approve ID | reject ID -reason R].
func runWithdrawals(ctx context.Context, t tools, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		list, err := t.wallet.Withdrawals(ctx, wallet.WithdrawalPending)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tPHONE\tAMOUNT\tCREATED")
		for _, w := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", w.ID, w.Phone, w.Amount, w.CreatedAt.UTC().Format(time.RFC3339))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		n, _, err := t.wallet.PendingWithdrawals(ctx)
		if err != nil {
			return err
		}
		if n > len(list) {
			fmt.Fprintf(stdout, "%d pending, the oldest %d listed\n", n, len(list))
		} else {
			fmt.Fprintf(stdout, "%d pending\n", n)
		}
		return nil
	}
	if len(args) < 2 || (args[0] != "approve" && args[0] != "reject") {
		return errors.New("usage: ngern withdrawals [approve ID | reject ID -reason TEXT]")
	}
	action, id := args[0], args[1]
	var w wallet.Withdrawal
	var err error
	if action == "approve" {
		if len(args) > 2 {
			return errors.New("usage: ngern withdrawals approve ID")
		}
		var paid bool
		w, paid, err = t.wallet.Approve(ctx, id, cliOperator.Username)
		if err == nil && !paid {
			t.record(ctx, "withdrawal.approve", id, nil, map[string]any{"status": w.Status, "approvals": len(w.ApprovedBy)})
			fmt.Fprintf(stdout, "withdrawal %s approved once (%s for %s): above the approval threshold, a second operator must approve\n",
				w.ID, w.Amount, w.Phone)
			return nil
		}
	} else {
		fs := flagSet("withdrawals reject", stdout)
		reason := fs.String("reason", "", "why (shown to the member)")
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		w, err = t.wallet.Reject(ctx, id, *reason, cliOperator.Username)
	}
	if err != nil {
		return err
	}
	t.record(ctx, "withdrawal."+action, id, nil, map[string]any{"status": w.Status, "reason": w.Reason})
	fmt.Fprintf(stdout, "withdrawal %s %s: %s for %s\n", w.ID, strings.ToLower(string(w.Status)), w.Amount, w.Phone)
	return nil
}

// errCheckFailed marks a check that found broken invariants.
var errCheckFailed = errors.New("ledger check failed")

// runCheck verifies the ledger's invariants and prints a one-line summary,
// or the summary and each problem and errCheckFailed.
func runCheck(ctx context.Context, t tools, stdout io.Writer) error {
	r, err := verifyInstall(ctx, t.ledger, t.promos, t.now().Add(-t.cfg.ReconcileWindow))
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, r.Summary())
	if r.OK() {
		return nil
	}
	for _, p := range r.Problems {
		fmt.Fprintln(stdout, "  "+p)
	}
	return errCheckFailed
}

// Demo member, as documented in docs/operations.md.
const (
	demoPhone    = "0812345678"
	demoPassword = "demo-pass-1234"
)

// runDemo seeds a demo member with 1,000.00 (baht, or kip in the Laos
// build, where the member and the receiving account are at a Lao bank), the
// demo games, promotions, wheel and receiving accounts, the auto-approval
// rules of withdrawals and the refund and invite programs switched on, and
// a demo operator. Run twice, it changes nothing
// and says so.
func runDemo(ctx context.Context, t tools, stdout io.Writer) error {
	n, err := t.wallet.SeedDemoGames(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "games: %d seeded\n", n)
	reg := account.Registration{
		Name: "Demo Player", Username: demoPhone, Password: demoPassword, BankCode: "KBANK",
		BankAccountName: "DEMO PLAYER", BankAccountNo: "1234567890", Currency: "BAHT",
	}
	if t.cfg.Laos { // the Laos build accepts Lao banks only, and keeps wallets in kip
		reg.BankCode, reg.BankAccountNo, reg.Currency = "BCEL", "0101000012345", "LAK"
	}
	m, err := t.accounts.RegisterWithoutOTP(ctx, reg)
	switch {
	case errs.HasCode(err, errs.ExistingUser):
		fmt.Fprintf(stdout, "member: %s exists\n", demoPhone)
	case err != nil:
		return err
	default:
		fmt.Fprintf(stdout, "member: %s created (password %s), id %s\n", demoPhone, demoPassword, m.ID)
	}
	credit := money.FromBaht(1000) * limits.For(t.cfg.Laos).PerBaht() // 1,000 baht, 500,000 kip
	bal, err := t.wallet.Adjust(ctx, wallet.Adjustment{Phone: demoPhone, Amount: credit, Reason: "demo balance",
		By: "demo", Ref: "demo:" + demoPhone})
	switch {
	case errors.Is(err, ledger.ErrDuplicate):
		fmt.Fprintln(stdout, "balance: credited before")
	case err != nil:
		return err
	default:
		fmt.Fprintf(stdout, "balance: credited %s, wallet %s\n", credit, bal)
	}
	if err := seedDemoPromotions(ctx, t.promo, t.promos, t.cfg.Laos, stdout); err != nil {
		return err
	}
	if seeded, err := seedDemoWheel(ctx, t.spin, t.cfg.Laos, stdout); err != nil {
		return err
	} else if seeded {
		t.record(ctx, "spinwheel.save", "demo", nil, spin.DemoWheel(t.cfg.Laos))
	}
	if seeded, err := seedDemoDeposit(ctx, t.settings, t.cfg.Laos, stdout); err != nil {
		return err
	} else if seeded {
		t.record(ctx, "setting.update", "deposit", nil, demoDepositFor(t.cfg.Laos))
	}
	if seeded, err := seedDemoAutoWithdraw(ctx, t.settings, t.cfg.Laos, stdout); err != nil {
		return err
	} else if seeded {
		t.record(ctx, "setting.update", "autoWithdraw", nil, demoAutoWithdraw(t.cfg.Laos))
	}
	saved, err := seedDemoRewards(ctx, t.rewards, stdout)
	if err != nil {
		return err
	}
	for _, p := range []rewards.Program{rewards.Refund, rewards.Invite} {
		if st, ok := saved[p]; ok {
			t.record(ctx, "reward.settings", string(p), nil, st)
		}
	}
	c, err := t.operators.Create(ctx, demoOperator, operator.Owner)
	switch {
	case errs.HasCode(err, errs.ExistingUser):
		fmt.Fprintf(stdout, "operator: %s exists (ngern operator reset -username %s gives it new credentials)\n", demoOperator, demoOperator)
	case err != nil:
		return err
	default:
		t.record(ctx, "operator.create", c.Username, nil, map[string]any{"username": c.Username, "role": c.Role})
		fmt.Fprintf(stdout, "operator: %s created (role owner); sign in at /operator\n", demoOperator)
		printCredentials(stdout, c)
	}
	return nil
}

// demoOperator is the operator ngern demo creates.
const demoOperator = "demo-owner"

// cliOperator is who the command line acts as in the audit log and on
// withdrawals and adjustments: whoever runs it has the server's
// configuration, so it has the owner role.
var cliOperator = operator.Principal{Username: "cli", Role: operator.Owner}

// record appends a command-line action to the audit log; a failure to
// write it is reported on the log, the action having happened.
func (t tools) record(ctx context.Context, action, target string, before, after any) {
	if err := t.auditor.Record(ctx, cliOperator, action, target, before, after, "", ""); err != nil {
		t.log.Error("audit entry not written", "action", action, "target", target, "err", err)
	}
}

// printCredentials prints what an operator signs in with, shown once.
func printCredentials(w io.Writer, c operator.Credentials) {
	fmt.Fprintf(w, "username: %s\nrole: %s\npassword: %s\ntotp-secret: %s\ntotp-uri: %s\n",
		c.Username, c.Role, c.Password, c.TOTPSecret, c.TOTPURI)
}

// runOperator manages operators: ngern operator add -username NAME -role
// ROLE | list | reset -username NAME.
func runOperator(ctx context.Context, t tools, args []string, stdout io.Writer) error {
	const use = "usage: ngern operator add -username NAME -role owner|finance|support | list | reset -username NAME"
	if len(args) == 0 {
		return errors.New(use)
	}
	switch args[0] {
	case "list":
		list, err := t.operators.List(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "USERNAME\tROLE\tSTATUS\tENROLLED\tCREATED\tLAST SIGN-IN")
		for _, o := range list {
			status, last := "active", "-"
			if o.Disabled {
				status = "disabled"
			}
			if o.LastLoginAt != nil {
				last = o.LastLoginAt.UTC().Format(time.RFC3339)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%t\t%s\t%s\n", o.Username, o.Role, status, o.Enrolled,
				o.CreatedAt.UTC().Format(time.RFC3339), last)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d operators\n", len(list))
		return nil
	case "add", "reset":
		fs := flagSet("operator "+args[0], stdout)
		username := fs.String("username", "", "the operator's sign-in name (3-32 of a-z 0-9 . _ -)")
		role := ""
		if args[0] == "add" {
			fs.StringVar(&role, "role", "", "owner, finance or support")
		}
		if err := fs.Parse(args[1:]); err != nil {
			return err
		}
		if *username == "" || (args[0] == "add" && role == "") {
			return errors.New(use)
		}
		var c operator.Credentials
		var err error
		if args[0] == "add" {
			r, perr := operator.ParseRole(role)
			if perr != nil {
				return fmt.Errorf("-role %q: must be owner, finance or support", role)
			}
			c, err = t.operators.Create(ctx, *username, r)
		} else {
			c, err = t.operators.Reset(ctx, *username)
		}
		if errs.HasCode(err, errs.NoData) {
			return fmt.Errorf("no operator %q", *username)
		}
		if errs.HasCode(err, errs.ExistingUser) {
			return fmt.Errorf("operator %q exists (reset it with ngern operator reset -username %s)", *username, *username)
		}
		if err != nil {
			return err
		}
		action := "operator.reset"
		if args[0] == "add" {
			action = "operator.create" // the name the console's create has
		}
		t.record(ctx, action, c.Username, nil, map[string]any{"username": c.Username, "role": c.Role})
		printCredentials(stdout, c)
		fmt.Fprintln(stdout, "Shown once. Add the TOTP secret to an authenticator app (or scan the QR code the console shows at the first sign-in).")
		return nil
	}
	return errors.New(use)
}
