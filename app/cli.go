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

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/operator"
	"ngern/core/wallet"
)

// tools are the services the operator commands use.
type tools struct {
	wallet    *wallet.Service
	ledger    ledger.Store
	accounts  *account.Service
	operators *operator.Service
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
	bal, err := t.wallet.Adjust(ctx, wallet.Adjustment{Phone: *phone, Amount: a, Reason: *reason, By: "cli"})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "adjusted %s by %s; wallet balance %s\n", *phone, a, bal)
	return nil
}

// runWithdrawals lists pending withdrawals, or approves or rejects one:
// ngern withdrawals [approve ID | reject ID -reason R].
func runWithdrawals(ctx context.Context, t tools, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		list, err := t.wallet.Withdrawals(ctx)
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
		fmt.Fprintf(stdout, "%d pending\n", len(list))
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
		w, err = t.wallet.Approve(ctx, id, "cli")
	} else {
		fs := flagSet("withdrawals reject", stdout)
		reason := fs.String("reason", "", "why (shown to the member)")
		if err := fs.Parse(args[2:]); err != nil {
			return err
		}
		w, err = t.wallet.Reject(ctx, id, *reason, "cli")
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "withdrawal %s %s: %s for %s\n", w.ID, strings.ToLower(string(w.Status)), w.Amount, w.Phone)
	return nil
}

// errCheckFailed marks a check that found broken invariants.
var errCheckFailed = errors.New("ledger check failed")

// runCheck verifies the ledger's invariants and prints a one-line summary,
// or the summary and each problem and errCheckFailed.
func runCheck(ctx context.Context, t tools, stdout io.Writer) error {
	r, err := t.ledger.Verify(ctx, t.now().Add(-t.cfg.ReconcileWindow))
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

// runDemo seeds a demo member with 1,000.00 baht, the demo games and a demo
// operator. Run twice, it changes nothing and says so.
func runDemo(ctx context.Context, t tools, stdout io.Writer) error {
	n, err := t.wallet.SeedDemoGames(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "games: %d seeded\n", n)
	m, err := t.accounts.RegisterWithoutOTP(ctx, account.Registration{
		Name: "Demo Player", Username: demoPhone, Password: demoPassword, BankCode: "KBANK",
		BankAccountName: "DEMO PLAYER", BankAccountNo: "1234567890", Currency: "BAHT",
	})
	switch {
	case errs.HasCode(err, errs.ExistingUser):
		fmt.Fprintf(stdout, "member: %s exists\n", demoPhone)
	case err != nil:
		return err
	default:
		fmt.Fprintf(stdout, "member: %s created (password %s), id %s\n", demoPhone, demoPassword, m.ID)
	}
	bal, err := t.wallet.Adjust(ctx, wallet.Adjustment{Phone: demoPhone, Amount: money.FromBaht(1000), Reason: "demo balance",
		By: "demo", Ref: "demo:" + demoPhone})
	switch {
	case errors.Is(err, ledger.ErrDuplicate):
		fmt.Fprintln(stdout, "balance: credited before")
	case err != nil:
		return err
	default:
		fmt.Fprintf(stdout, "balance: credited 1000.00, wallet %s\n", bal)
	}
	token, created, err := t.operators.Create(ctx, "demo")
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(stdout, "operator: demo, token %s (shown once; use as Authorization: Bearer <token>)\n", token)
	} else {
		fmt.Fprintln(stdout, "operator: demo exists (its token was shown when it was created)")
	}
	return nil
}
