package wallet

import (
	"context"
	"testing"

	"ngern/core/errs"
	"ngern/core/ledger"
	"ngern/core/money"
)

func TestActivate(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	cases := []struct {
		name  string
		setup func(e *env)
		code  string
		want  errs.Code
	}{
		{name: "OK", code: a},
		{name: "ErrNoGame", code: "NOPE", want: errs.NoGame},
		{name: "ErrSwitchedOff", code: a, setup: func(e *env) { e.switchOff(a) }, want: errs.NoGame},
		{name: "ErrAlreadyActive", code: a, setup: func(e *env) { e.svc.Activate(context.Background(), member, a) }, want: errs.SlotAlreadyActive},
		{name: "ErrProviderFails", code: a, setup: func(e *env) { e.p.down = true }, want: errs.SlotActivateFail},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			if c.setup != nil {
				c.setup(e)
			}
			wantCode(t, e.svc.Activate(ctx, member, c.code), c.want)
			if c.want != "" {
				return
			}
			ga, err := e.store.GameAccount(ctx, member, a)
			if err != nil || ga.Username != "u-"+member || ga.Password == "pw-"+a || ga.CreatedAt != e.now {
				t.Fatalf("stored %+v, %v (the password must be sealed)", ga, err)
			}
			cred, err := e.svc.Credentials(ctx, member, a)
			if err != nil || cred != (Credentials{Username: "u-" + member, Password: "pw-" + a}) {
				t.Fatalf("Credentials = %+v, %v", cred, err)
			}
		})
	}
}

func TestGameCredentials(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	t.Run("ErrNoAccount", func(t *testing.T) {
		e := newEnv(t)
		_, err := e.svc.Credentials(ctx, member, a)
		wantCode(t, err, errs.SlotNoAccount)
		_, err = e.svc.ResetPassword(ctx, member, a)
		wantCode(t, err, errs.SlotNoAccount)
	})
	t.Run("OKResetPassword", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		cred, err := e.svc.ResetPassword(ctx, member, a)
		if err != nil || cred.Password != "new-password" {
			t.Fatalf("ResetPassword = %+v, %v", cred, err)
		}
		if again, _ := e.svc.Credentials(ctx, member, a); again != cred {
			t.Fatalf("Credentials after reset = %+v", again)
		}
	})
	t.Run("ErrResetProviderFails", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.p.down = true
		_, err := e.svc.ResetPassword(ctx, member, a)
		wantCode(t, err, errs.SlotResetPasswordFail)
		if cred, _ := e.svc.Credentials(ctx, member, a); cred.Password != "pw-"+a {
			t.Fatalf("password changed: %+v", cred)
		}
	})
}

func TestAutoLogin(t *testing.T) {
	ctx := context.Background()
	a := game(0)
	user := "u-" + member
	cases := []struct {
		name, username, password string
		down                     bool
		want                     errs.Code
	}{
		{name: "OK", username: user, password: "pw-" + a},
		{name: "OKWithoutPassword", username: user},
		{name: "ErrOtherUsername", username: "u-other", want: errs.SlotNoAccount},
		{name: "ErrWrongPassword", username: user, password: "guess", want: errs.SlotNoAccount},
		{name: "ErrProviderFails", username: user, down: true, want: errs.GameActivationFail},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			e.activate(t, a)
			e.p.down = c.down
			link, err := e.svc.AutoLogin(ctx, member, a, c.username, c.password)
			wantCode(t, err, c.want)
			if err == nil && link != "/play/"+a+"/"+user {
				t.Fatalf("link %q", link)
			}
		})
	}
}

func TestRefresh(t *testing.T) {
	ctx := context.Background()
	a, b := game(0), game(1)
	t.Run("OKBooksWinsAndLosses", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a, b)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.into(a, 3000)
		e.into(b, 2000)
		e.p.set(a, "u-"+member, 4500) // a win
		e.p.set(b, "u-"+member, 500)  // a loss
		h, err := e.svc.Refresh(ctx, member)
		if err != nil {
			t.Fatal(err)
		}
		if e.gameBal(a) != 4500 || e.gameBal(b) != 500 || h.Wallet != 5000 || !h.UpdatedAt.Equal(e.now) {
			t.Fatalf("games %s %s, home %+v", e.gameBal(a), e.gameBal(b), h)
		}
		got := map[string]money.Satang{}
		for _, s := range h.Slots {
			if s.IsActive {
				got[s.Code] = s.Amount
			}
		}
		if len(got) != 2 || got[a] != 4500 || got[b] != 500 || len(h.Slots) != len(DemoGames()) {
			t.Fatalf("slots %v of %d", got, len(h.Slots))
		}
	})
	t.Run("OKOpenTransferNotBooked", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.p.next = loseUnexecuted
		_, err := e.svc.Transfer(ctx, member, WalletCode, a, 1000)
		wantCode(t, err, errs.TransferPending)
		e.p.set(a, "u-"+member, 9999)
		if _, err := e.svc.Refresh(ctx, member); err != nil || e.gameBal(a) != 0 {
			t.Fatalf("Refresh: %v; game %s", err, e.gameBal(a))
		}
	})
	t.Run("OKProviderDownSkipped", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.into(a, 3000)
		e.p.down = true
		h, err := e.svc.Refresh(ctx, member)
		if err != nil || e.gameBal(a) != 3000 || h.Wallet != 7000 {
			t.Fatalf("Refresh = %+v, %v", h, err)
		}
	})
	t.Run("OKSwitchedOffGameWithMoneyStillListed", func(t *testing.T) {
		e := newEnv(t)
		e.activate(t, a, b)
		e.store.fund(t, ledger.Wallet(member), 10000)
		e.into(a, 3000)
		e.switchOff(a)
		e.switchOff(b)
		h, err := e.svc.Home(ctx, member)
		if err != nil || len(h.Slots) != len(DemoGames())-1 {
			t.Fatalf("Home = %d slots, %v", len(h.Slots), err)
		}
		for _, s := range h.Slots {
			if s.Code == b {
				t.Fatal("a switched-off game without money is listed")
			}
		}
	})
}
