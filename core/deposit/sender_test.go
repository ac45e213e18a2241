package deposit

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"ngern/core/ledger"
	"ngern/core/money"
	"ngern/core/settings"
)

func TestNameMatches(t *testing.T) {
	for _, tc := range []struct {
		name, shown, registered string
		want                    bool
	}{
		{"english truncated surname", "SOMCHAI J", "SOMCHAI JAIDEE", true},
		{"english with title and dot", "MR. SOMCHAI J.", "Somchai Jaidee", true},
		{"english title MR without dot", "MR SOMCHAI JAI", "SOMCHAI  JAIDEE", true},
		{"english MRS", "MRS SUDA K", "SUDA KAEWMANEE", true},
		{"english MS registered with title", "SUDA K", "MS SUDA KAEWMANEE", true},
		{"english full name", "SOMCHAI JAIDEE", "SOMCHAI JAIDEE", true},
		{"english first name only", "SOMCHAI", "SOMCHAI JAIDEE", true},
		{"english other surname letter", "SOMCHAI K", "SOMCHAI JAIDEE", false},
		{"english other first name", "SOMSAK J", "SOMCHAI JAIDEE", false},
		{"english truncated first name is not enough", "SOMCH J", "SOMCHAI JAIDEE", false},
		{"english surname longer than registered", "SOMCHAI JAIDEEX", "SOMCHAI JAIDEE", false},
		{"thai truncated with title", "นาย สมชาย ใ", "สมชาย ใจดี", true},
		{"thai truncated without title", "สมชาย ใจ", "นาย สมชาย ใจดี", true},
		{"thai นางสาว", "นางสาว สุดา แ", "สุดา แก้วมณี", true},
		{"thai น.ส.", "น.ส. สุดา แก้ว", "สุดา แก้วมณี", true},
		{"thai นาง", "นาง สุดา แ", "สุดา แก้วมณี", true},
		{"thai other surname letter", "นาย สมชาย ร", "สมชาย ใจดี", false},
		{"thai other first name", "นาย สมศักดิ์ ใ", "สมชาย ใจดี", false},
		{"thai shown, english registered: never", "นาย สมชาย ใ", "SOMCHAI JAIDEE", false},
		{"english shown, thai registered: never", "SOMCHAI J", "สมชาย ใจดี", false},
		{"empty shown", "", "SOMCHAI JAIDEE", false},
		{"title only", "MR", "SOMCHAI JAIDEE", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := NameMatches(tc.shown, tc.registered); got != tc.want {
				t.Fatalf("NameMatches(%q, %q) = %v", tc.shown, tc.registered, got)
			}
		})
	}
}

func TestSenderCandidates(t *testing.T) {
	accounts := []RegisteredAccount{
		{MemberID: "m1", BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI JAIDEE", Active: true},
		{MemberID: "m2", BankCode: "KBANK", AccountNo: "9990001234", Name: "SOMCHAI JAKKRIT", Active: true},
		{MemberID: "m3", BankCode: "KBANK", AccountNo: "5550007890", Name: "สมชาย ใจดี", Active: true},
		{MemberID: "m4", BankCode: "SCB", AccountNo: "1234567890", Name: "SOMCHAI JAIDEE", Active: true},
		{MemberID: "m5", BankCode: "KBANK", AccountNo: "4440007890", Name: "SOMSAK JAIDEE", Active: true},
	}
	for _, tc := range []struct {
		name   string
		sender Party
		want   string
	}{
		{"full number, exact", Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, "m1"},
		{"full number with dashes", Party{BankCode: "KBANK", AccountNo: "123-4-56789-0", Name: "SOMCHAI J"}, "m1"},
		{"full number one digit off", Party{BankCode: "KBANK", AccountNo: "1234567891", Name: "SOMCHAI J"}, ""},
		{"masked as KBank shows it", Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "SOMCHAI J"}, "m1"},
		{"masked, last four", Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, "m1"},
		{"last six only", Party{BankCode: "KBANK", AccountNo: "567890", Name: "SOMCHAI J"}, "m1"},
		{"other bank", Party{BankCode: "BBL", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, ""},
		{"same number at another bank", Party{BankCode: "SCB", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, "m4"},
		{"two members share the digits and the name", Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI"}, "m1"},
		{"thai name picks the thai-registered member", Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "นาย สมชาย ใ"}, "m3"},
		{"shared digits, names tell apart", Party{BankCode: "KBANK", AccountNo: "XXXXXX1234", Name: "SOMCHAI J"}, "m2"},
		{"too few digits", Party{BankCode: "KBANK", AccountNo: "XXXXXXX890", Name: "SOMCHAI J"}, ""},
		{"no bank", Party{AccountNo: "1234567890", Name: "SOMCHAI J"}, ""},
		{"no name", Party{BankCode: "KBANK", AccountNo: "1234567890"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ids []string
			for _, a := range SenderCandidates(tc.sender, accounts) {
				ids = append(ids, a.MemberID)
			}
			if got := strings.Join(ids, ","); got != tc.want {
				t.Fatalf("candidates %q, want %q", got, tc.want)
			}
		})
	}
	t.Run("two members fit: both listed", func(t *testing.T) {
		twins := append(accounts, RegisteredAccount{MemberID: "m6", BankCode: "KBANK", AccountNo: "7770007890", Name: "SOMCHAI JAMES", Active: true})
		got := SenderCandidates(Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, twins)
		if len(got) != 2 || got[0].MemberID != "m1" || got[1].MemberID != "m6" {
			t.Fatal(got)
		}
	})
}

func TestAccountPattern(t *testing.T) {
	for shown, want := range map[string]string{
		"xxx-x-x6789-x": "%_____6789_",
		"XXXXXX7890":    "%______7890",
		"1234567890":    "%1234567890",
		"XXXXXXX890":    "",
		"12ab":          "",
		"":              "",
	} {
		t.Run(shown, func(t *testing.T) {
			if got := AccountPattern(shown); got != want {
				t.Fatalf("%q", got)
			}
		})
	}
}

// memSenders is a SenderStore over a fixed list.
type memSenders []RegisteredAccount

func (m memSenders) RegisteredAccounts(_ context.Context, bank, pattern string, limit int) ([]RegisteredAccount, error) {
	var out []RegisteredAccount
	digits := strings.TrimPrefix(pattern, "%")
	for _, a := range m {
		if a.BankCode != bank || len(a.AccountNo) < len(digits) {
			continue
		}
		tail, ok := a.AccountNo[len(a.AccountNo)-len(digits):], true
		for i := range digits {
			ok = ok && (digits[i] == '_' || digits[i] == tail[i])
		}
		if ok && len(out) < limit {
			out = append(out, a)
		}
	}
	return out, nil
}

func TestSliplessDeposit(t *testing.T) {
	ctx := context.Background()
	members := memSenders{
		{MemberID: "m1", BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI JAIDEE", Active: true},
		{MemberID: "m2", BankCode: "KBANK", AccountNo: "7770007890", Name: "SOMCHAI JAMES", Active: true},
		{MemberID: "m3", BankCode: "SCB", AccountNo: "2223334445", Name: "สมหญิง ดีใจ", Active: true},
		{MemberID: "m4", BankCode: "BBL", AccountNo: "1112223334", Name: "LOCKED PERSON", Active: false},
	}
	fixture := func(t *testing.T) *qrFixture {
		f := newQRFixture(t)
		f.svc.d.Senders = members
		f.svc.d.Receiving = func(context.Context) ([]settings.ReceivingBank, error) {
			return []settings.ReceivingBank{{BankCode: "KBANK", BankAccountNo: "9998887776"}}, nil
		}
		return f
	}
	credit := func(sender Party, at time.Duration, amount money.Satang) BankCredit {
		return BankCredit{Ref: "KB:1", Target: "xxx-x-x8777-x", Amount: amount, At: t0.Add(at), Sender: sender}
	}
	for _, tc := range []struct {
		name       string
		c          BankCredit
		member     string // credited, "" when none
		note       string
		candidates string
	}{
		{"masked english sender credits", credit(Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "SOMCHAI J"}, -time.Minute, 50000), "m1", "", "m1"},
		{"full number credits", credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "MR SOMCHAI JAIDEE"}, 0, 100), "m1", "", "m1"},
		{"truncated thai sender credits", credit(Party{BankCode: "SCB", AccountNo: "XXXXXX4445", Name: "นางสาว สมหญิง ด"}, -time.Hour, 30000), "m3", "", "m3"},
		{"two members fit: review", credit(Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, 0, 50000), "", NoteManySenders, "m1,m2"},
		{"no one fits: review", credit(Party{BankCode: "KBANK", AccountNo: "XXXXXX0000", Name: "SOMCHAI J"}, 0, 50000), "", NoteNoSender, ""},
		{"thai notice of an english-registered member: review", credit(Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "นาย สมชาย ใ"}, 0, 50000), "", NoteNoSender, ""},
		{"older than the window: review", credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, -7*time.Hour, 50000), "", NoteLateNotice, "m1"},
		{"in the future: review", credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 2*time.Minute, 50000), "", NoteLateNotice, "m1"},
		{"just inside the window credits", credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, -6*time.Hour, 50000), "m1", "", "m1"},
		{"locked member: review", credit(Party{BankCode: "BBL", AccountNo: "XXXXXX3334", Name: "LOCKED P"}, 0, 50000), "", NoteSenderLocked, "m4"},
		{"more than a wallet holds: review", credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 0, money.Max+1), "", NoteAmountTooLarge, "m1"},
		{"no sender at all: review", credit(Party{}, 0, 50000), "", NoteNoSender, ""},
		{"digits but no name: review with the members the digits fit", credit(Party{BankCode: "KBANK", AccountNo: "X-567890"}, 0, 50000), "", NoteNoSenderName, "m1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture(t)
			if err := f.svc.BankCredit(ctx, tc.c); err != nil {
				t.Fatal(err)
			}
			p := f.store.payments[TransferProvider+"|"+tc.c.Ref]
			if p.Note != tc.note || strings.Join(p.Candidates, ",") != tc.candidates {
				t.Fatalf("payment %+v", p)
			}
			for _, m := range []string{"m1", "m2", "m3", "m4"} {
				want := money.Satang(0)
				if m == tc.member {
					want = tc.c.Amount
				}
				if got := f.store.balance(m); got != want {
					t.Fatalf("%s has %d, want %d", m, got, want)
				}
			}
		})
	}
	t.Run("told twice credits once", func(t *testing.T) {
		f := fixture(t)
		c := credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 0, 50000)
		for range 3 {
			if err := f.svc.BankCredit(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		if f.store.balance("m1") != 50000 {
			t.Fatal(f.store.balance("m1"))
		}
	})
	t.Run("a transfer its slip credited first is not credited again", func(t *testing.T) {
		f := fixture(t)
		c := credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 0, 50000)
		slip := ledger.Journal{ID: "s1", Kind: JournalKind, Ref: "slip:" + c.Ref, MemberID: "m1",
			Postings: ledger.Move(ledger.Deposits, ledger.Wallet("m1"), 50000)}
		if err := f.store.ledger.post(slip); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.BankCredit(ctx, c); err != nil {
			t.Fatal(err)
		}
		if p := f.store.payments[TransferProvider+"|"+c.Ref]; p.Note != NoteSlipCredited || f.store.balance("m1") != 50000 {
			t.Fatalf("%+v %d", p, f.store.balance("m1"))
		}
	})
	t.Run("another account is not ours", func(t *testing.T) {
		f := fixture(t)
		c := credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 0, 50000)
		c.Target = "1010101010"
		if err := f.svc.BankCredit(ctx, c); err != nil || len(f.store.payments) != 0 {
			t.Fatal(err, f.store.payments)
		}
	})
	t.Run("the PromptPay target keeps QR matching", func(t *testing.T) {
		f := fixture(t)
		c := credit(Party{BankCode: "KBANK", AccountNo: "1234567890", Name: "SOMCHAI J"}, 0, 50000)
		c.Target = "0812345678"
		if err := f.svc.BankCredit(ctx, c); err != nil {
			t.Fatal(err)
		}
		if p := f.store.payments["kbank|"+c.Ref]; p.Note != NoteNoQR || f.store.balance("m1") != 0 {
			t.Fatalf("%+v", p)
		}
	})
	t.Run("an operator credits a candidate under the same ref", func(t *testing.T) {
		f := fixture(t)
		f.svc.d.Members = fakeMembers{"m2": {ID: "m2"}}
		c := credit(Party{BankCode: "KBANK", AccountNo: "XXXXXX7890", Name: "SOMCHAI J"}, 0, 50000)
		if err := f.svc.BankCredit(ctx, c); err != nil {
			t.Fatal(err)
		}
		p, err := f.svc.AssignPayment(ctx, TransferProvider, c.Ref, "m2", "fin")
		if err != nil || p.Status != PaymentCredited || f.store.balance("m2") != 50000 {
			t.Fatal(p, err)
		}
		if _, ok := f.store.ledger.journals["deposit|slip:"+c.Ref]; !ok {
			t.Fatal(fmt.Sprint(f.store.ledger.journals))
		}
	})
}
