package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"time"

	"go.uber.org/fx"

	"ngern/adapters/sqlstore"
	"ngern/core/account"
	"ngern/core/chat"
	"ngern/core/deposit"
	"ngern/core/ledger"
	"ngern/core/wallet"
)

// volumeMaxMembers bounds -members: a seed's members take the phone numbers
// 09SS000000 to 09SS999999 (SS: the seed's last two digits).
const volumeMaxMembers = 1_000_000

// volumeDays is how far back the generated history reaches.
const volumeDays = 365

// volumeOperator is who decides the generated withdrawals.
const volumeOperator = "volume-finance"

// volumePlan is what ngern seed-volume is asked to make.
type volumePlan struct {
	members, postings int
	seed              uint64
	force             bool
}

// parseVolumeFlags reads ngern seed-volume's flags.
func parseVolumeFlags(args []string, out io.Writer) (volumePlan, error) {
	fs := flagSet("seed-volume", out)
	var p volumePlan
	fs.IntVar(&p.members, "members", 0, fmt.Sprintf("members to add (1 to %d)", volumeMaxMembers))
	fs.IntVar(&p.postings, "postings", 0, "postings to write, spread over the members (at least 2 per member)")
	fs.Uint64Var(&p.seed, "seed", 1, "the random seed: the same seed and sizes make the same rows (times are relative to now)")
	fs.BoolVar(&p.force, "force", false, "run in production mode on a database that already holds members")
	if err := fs.Parse(args); err != nil {
		return p, err
	}
	switch {
	case fs.NArg() > 0:
		return p, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case p.members < 1 || p.members > volumeMaxMembers:
		return p, fmt.Errorf("-members %d: must be 1 to %d", p.members, volumeMaxMembers)
	case p.postings < 2*p.members:
		return p, fmt.Errorf("-postings %d: must be at least 2 per member (%d)", p.postings, 2*p.members)
	}
	return p, nil
}

// runSeedVolume fills the configured database with a year of generated
// history: ngern seed-volume -members N -postings M [-seed S] [-force].
func runSeedVolume(cfg Config, args []string, stdout, stderr io.Writer) int {
	p, err := parseVolumeFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "seed-volume:", err)
		return 2
	}
	var db *sqlstore.DB
	var w *wallet.Service
	app := fx.New(fx.NopLogger, Core(cfg, stderr), Offline(), fx.Populate(&db, &w))
	if err := app.Err(); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	ctx := context.Background()
	if err := app.Start(ctx); err != nil {
		fmt.Fprintln(stderr, "start:", err)
		return 1
	}
	defer func() { _ = app.Stop(context.Background()) }() // the outcome is already decided
	if err := seedVolume(ctx, cfg, sqlstore.NewVolume(db), w, p, time.Now(), stdout); err != nil {
		fmt.Fprintln(stderr, "seed-volume:", err)
		return 1
	}
	return 0
}

// seedVolume generates and loads the plan's history, then prints what it
// made.
func seedVolume(ctx context.Context, cfg Config, v *sqlstore.Volume, w *wallet.Service, p volumePlan, now time.Time, stdout io.Writer) error {
	have, err := v.Members(ctx)
	if err != nil {
		return err
	}
	if have > 0 && cfg.Mode != ModeDemo && !p.force {
		return fmt.Errorf("the database holds %d members and NGERN_MODE is production: add -force to add generated members to it", have)
	}
	games, err := v.Games(ctx)
	if err != nil {
		return err
	}
	if len(games) == 0 {
		if _, err := w.SeedDemoGames(ctx); err != nil {
			return err
		}
		if games, err = v.Games(ctx); err != nil {
			return err
		}
	}
	hash, err := account.NewHasher(1).Hash(account.NewID()) // a password nobody is told
	if err != nil {
		return err
	}
	g := volumeGen{plan: p, games: games, hash: hash, now: now.UTC(), room: cfg.Chat.Prefix, laos: cfg.Laos}
	before, err := v.Postings(ctx)
	if err != nil {
		return err
	}
	start := time.Now()
	// Indexes built after the rows are cheaper than the rows inserted
	// into them, unless the install is already bigger than the load.
	counts, err := v.Load(ctx, p.postings >= before, func(l *sqlstore.VolumeLoad) error {
		for _, sys := range []string{ledger.Deposits.ID, ledger.WithdrawalsPending.ID, ledger.WithdrawalsOut.ID} {
			if err := l.EnsureAccount(sys, string(ledger.KindSystem), nil); err != nil {
				return err
			}
		}
		for _, game := range games {
			if err := l.EnsureAccount(ledger.Clearing(game).ID, string(ledger.KindSystem), game); err != nil {
				return err
			}
		}
		for i := range p.members {
			g.member(l, i)
			if err := l.Next(); err != nil {
				return err
			}
			if (i+1)%10000 == 0 {
				fmt.Fprintf(stdout, "%d members, %s\n", i+1, time.Since(start).Round(time.Second))
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	loaded := time.Since(start)
	if err := v.Analyze(ctx); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seed-volume: made in %s, of which %s the vacuum and statistics (seed %d, %d days):\n",
		time.Since(start).Round(time.Millisecond), (time.Since(start) - loaded).Round(time.Millisecond), p.seed, volumeDays)
	for _, t := range sqlstore.VolumeTables() {
		fmt.Fprintf(stdout, "  %-20s %d\n", t, counts[t])
	}
	return nil
}

// volumeRand is a member's random source: seeded by the plan's seed and the
// member's number, so a member's history does not depend on the others'.
type volumeRand struct{ *rand.Rand }

func newVolumeRand(seed uint64, member int) volumeRand {
	return volumeRand{rand.New(rand.NewPCG(seed, uint64(member)))}
}

// hex returns a 24-hex-digit identifier, the form of account.NewID.
func (r volumeRand) hex() string {
	return fmt.Sprintf("%016x%08x", r.Uint64(), r.Uint32())
}

// baht returns whole baht between lo and hi, in satang.
func (r volumeRand) baht(lo, hi int64) int64 { return (lo + r.Int64N(hi-lo+1)) * 100 }

// volumeGen writes one member's history at a time.
type volumeGen struct {
	plan  volumePlan
	games []string
	hash  string
	now   time.Time
	room  string
	laos  bool
}

// memberLife is the state of the member being generated.
type memberLife struct {
	l      *sqlstore.VolumeLoad
	r      volumeRand
	id     string
	phone  string
	at     time.Time
	step   time.Duration
	budget int   // postings left to write
	wallet int64 // the wallet's balance
	game   string
	inGame int64 // the game account's balance
}

// tick moves the member's clock on, never past now.
func (m *memberLife) tick(now time.Time) time.Time {
	m.at = m.at.Add(time.Duration(m.r.Int64N(int64(2*m.step) + 1)))
	if m.at.After(now) {
		m.at = now.Add(-time.Second)
	}
	return m.at
}

// journal adds a two-posting journal moving amount from one account to
// another.
func (m *memberLife) journal(kind ledger.JournalKind, ref, from, to string, amount int64, at time.Time) string {
	id := m.r.hex()
	m.l.Add("journals", id, string(kind), ref, m.id, "", "", at)
	m.l.Add("postings", id, from, -amount, at)
	m.l.Add("postings", id, to, amount, at)
	m.budget -= 2
	return id
}

func (g *volumeGen) member(l *sqlstore.VolumeLoad, i int) {
	r := newVolumeRand(g.plan.seed, i+1)
	budget := g.plan.postings / g.plan.members
	if i < g.plan.postings%g.plan.members {
		budget++
	}
	created := g.now.Add(-volumeDays * 24 * time.Hour).Add(time.Duration(r.Int64N(int64(300 * 24 * time.Hour))))
	m := &memberLife{l: l, r: r, id: r.hex(), phone: fmt.Sprintf("09%02d%06d", g.plan.seed%100, i), at: created,
		budget: budget, game: g.games[r.IntN(len(g.games))]}
	m.step = g.now.Sub(created) / time.Duration(budget/2+1)
	bank, currency := []string{"KBANK", "SCB", "BBL"}[i%3], "BAHT"
	if g.laos {
		bank, currency = []string{"BCEL", "LDB"}[i%2], "LAK"
	}
	l.Add("members", m.id, m.phone, fmt.Sprintf("Volume Member %d", i), g.hash, "", "", nil, bank,
		fmt.Sprintf("VOLUME MEMBER %d", i), fmt.Sprintf("9%02d%07d", g.plan.seed%100, i), currency, true, created, created,
		volumeCode(g.plan.seed, i))
	username := "v" + m.phone
	l.Add("game_accounts", m.id, m.game, username, "", 0, created, created)
	l.Add("ledger_accounts", ledger.Wallet(m.id).ID, string(ledger.KindWallet), m.id, nil, 0, created)
	l.Add("ledger_accounts", ledger.Game(m.id, m.game).ID, string(ledger.KindGame), m.id, m.game, 0, created)
	for m.budget >= 2 {
		x := r.Float64()
		switch {
		case m.wallet == 0 && m.inGame == 0, x < 0.10:
			g.deposit(m)
		case x >= 0.97 && m.wallet > 0:
			g.withdraw(m)
		case m.budget >= 4 && m.wallet > 0 && (x < 0.30 || m.inGame == 0 && x < 0.80):
			g.transfer(m, "in")
		case m.budget >= 4 && m.inGame > 0 && x < 0.45:
			g.transfer(m, "out")
		case m.inGame > 0:
			g.bet(m, username)
		default:
			g.deposit(m)
		}
	}
	if r.IntN(4) == 0 {
		g.chat(m)
	}
}

// deposit credits a verified slip or a paid QR code; now and then a slip
// fails verification first.
func (g *volumeGen) deposit(m *memberLife) {
	at := m.tick(g.now)
	amount := m.r.baht(100, 5000)
	if m.r.IntN(20) == 0 {
		m.l.Add("slips", m.r.hex(), m.id, "slips/"+m.r.hex(), "image/jpeg", "FAILED", int64(0), "", "", "", "", nil, nil,
			"", nil, at.Add(-time.Minute))
	}
	id := m.r.hex()
	j := m.journal(deposit.JournalKind, id, ledger.Deposits.ID, ledger.Wallet(m.id).ID, amount, at)
	if m.r.IntN(10) < 7 {
		m.l.Add("slips", id, m.id, "slips/"+id, "image/jpeg", "SUCCESS", amount, "004", m.r.hex(), "014", "1234567890",
			at.Add(-2*time.Minute), j, "", at, at)
	} else {
		m.l.Add("qr_codes", id, m.id, "promptpay", "0812345678", amount, "PAID", at.Add(-3*time.Minute), at.Add(12*time.Minute), at)
		m.l.Add("qr_payments", "promptpay", m.r.hex(), id, m.id, amount, at, "CREDITED", j, at)
	}
	m.wallet += amount
}

// transfer moves credit between the wallet and the game, reserved and
// settled as a provider transfer that succeeded.
func (g *volumeGen) transfer(m *memberLife, direction string) {
	at := m.tick(g.now)
	from, to, have := ledger.Wallet(m.id).ID, ledger.Game(m.id, m.game).ID, m.wallet
	if direction == "out" {
		from, to, have = to, from, m.inGame
	}
	amount := min(have, m.r.baht(50, 3000))
	id := m.r.hex()
	clearing := ledger.Clearing(m.game).ID
	m.journal(ledger.TransferReserve, id, from, clearing, amount, at)
	m.journal(ledger.TransferSettle, id, clearing, to, amount, at.Add(time.Second))
	m.l.Add("transfers", id, m.id, m.game, "v"+m.phone, direction, amount, "DONE", 1, at, at.Add(time.Second), at)
	if direction == "in" {
		m.wallet, m.inGame = m.wallet-amount, m.inGame+amount
	} else {
		m.wallet, m.inGame = m.wallet+amount, m.inGame-amount
	}
}

// bet books a collected bet and its result on the game account.
func (g *volumeGen) bet(m *memberLife, username string) {
	at := m.tick(g.now)
	stake := min(m.inGame, m.r.baht(10, 500))
	var payout int64
	if m.r.IntN(100) >= 55 {
		payout = stake * int64(50+m.r.IntN(250)) / 100
	}
	if payout == stake {
		payout += 100
	}
	id := m.r.hex()
	m.l.Add("game_bets", m.game, id, username, m.id, stake, payout, at, at.Add(time.Minute))
	delta := payout - stake
	from, to := ledger.Clearing(m.game).ID, ledger.Game(m.id, m.game).ID
	if delta < 0 {
		from, to, delta = to, from, -delta
	}
	m.journal(ledger.GameResult, id, from, to, delta, at.Add(time.Minute))
	m.inGame += payout - stake
}

// withdraw holds a withdrawal and pays or returns it with an operator's
// decision in the audit log; the member's last one may still wait.
func (g *volumeGen) withdraw(m *memberLife) {
	at := m.tick(g.now)
	amount := min(m.wallet, m.r.baht(100, 10000))
	id := m.r.hex()
	m.journal(ledger.WithdrawHold, id, ledger.Wallet(m.id).ID, ledger.WithdrawalsPending.ID, amount, at)
	m.wallet -= amount
	if m.budget < 2 {
		m.l.Add("withdrawals", id, m.id, amount, "PENDING", "", "", at, nil)
		return
	}
	decided := at.Add(time.Duration(5+m.r.IntN(120)) * time.Minute)
	if decided.After(g.now) {
		decided = g.now
	}
	status, action, reason := "APPROVED", "withdrawal.approve", ""
	if m.r.IntN(10) == 0 {
		status, action, reason = "REJECTED", "withdrawal.reject", "bank account name does not match"
		m.journal(ledger.WithdrawReturn, id, ledger.WithdrawalsPending.ID, ledger.Wallet(m.id).ID, amount, decided)
		m.wallet += amount
	} else {
		m.journal(ledger.WithdrawPay, id, ledger.WithdrawalsPending.ID, ledger.WithdrawalsOut.ID, amount, decided)
	}
	m.l.Add("withdrawals", id, m.id, amount, status, reason, volumeOperator, at, decided)
	m.l.Add("audit_log", decided, volumeOperator, "finance", action, id, `{"status":"PENDING"}`,
		fmt.Sprintf(`{"status":%q,"reason":%q}`, status, reason))
}

// chat adds a closed support conversation of a few messages.
func (g *volumeGen) chat(m *memberLife) {
	room := g.room + "-" + m.id
	at := m.at.Add(-time.Duration(m.r.Int64N(int64(24 * time.Hour))))
	n := 2 + m.r.IntN(4)
	last := at
	for k := range n {
		last = at.Add(time.Duration(k) * time.Minute)
		sender, op, text := string(chat.Customer), "", "สวัสดีครับ ฝากเงินแล้วยังไม่เข้า"
		if k%2 == 1 {
			sender, op, text = string(chat.Agent), volumeOperator, "ตรวจสอบให้แล้วค่ะ ยอดเข้าเรียบร้อย"
		}
		m.l.Add("chat_messages", m.r.hex(), room, sender, op, text, last)
	}
	m.l.Add("chat_conversations", room, m.id, "closed", last, last, last, at)
}

// volumeCode is generated member i's member code, written with the member
// so that the next start has none to give (account.Service.BackfillCodes
// takes about 1.5 ms a member: 88 s for 60,000). Codes are unique by
// construction, not by luck: the member's number within its seed's phone
// range (SS·1,000,000 + i, as its phone) is spread over the 31^8 codes by
// a multiplication modulo 31^8 (a bijection: the factor is prime to 31)
// and written in the codes' alphabet, so that they do not read in order.
func volumeCode(seed uint64, i int) string {
	const space = 31 * 31 * 31 * 31 * 31 * 31 * 31 * 31 // len(alphabet)^account.CodeLength
	n := ((seed%100)*volumeMaxMembers + uint64(i)) * 387_420_489 % space
	return account.CodeOf(n)
}
