package seamless

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"sync"
	"time"

	"ngern/core/account"
	"ngern/core/errs"
	"ngern/core/money"
)

// DefaultSessionTTL is how long a game session's token opens bets when the
// configuration names no TTL: a long evening of play. Wins and rollbacks
// are accepted after it too (the aggregators settle rounds late).
const DefaultSessionTTL = 12 * time.Hour

// DefaultCurrency is the currency of the callbacks when neither the
// configuration nor the member names one.
const DefaultCurrency = "THB"

// Config is the Service's configuration.
type Config struct {
	// Currency is the install's currency code as the aggregators write it
	// (THB, LAK); a member's own currency (Member.Currency) wins over it.
	Currency string
	// SessionTTL is how long a launched game's token opens bets
	// (DefaultSessionTTL when zero).
	SessionTTL time.Duration
	// Now tells the time (time.Now when nil).
	Now func() time.Time
	// Observe, when set, is told of every money callback answered: its
	// kind, outcome (Outcome) and duration (the metrics, counted across
	// nodes; Stats keeps this node's figures for the console).
	Observe func(provider, kind, outcome string, took time.Duration)
}

// Member is what the wallet needs to know of a member.
type Member struct {
	ID       string
	Name     string
	Currency string // the aggregators' code of the member's wallet currency (THB, LAK); empty: Config.Currency
	Country  string // ISO 3166 alpha-2: TH, LA
	Lang     string // th, lo or en
	// Blocked is set when the member is locked or terminated, or the
	// service is: bets and launches are refused, wins and rollbacks are not.
	Blocked bool
}

// Members is the port to the member accounts.
type Members interface {
	// Member returns a member by id (errs NO_USER or NO_DATA when none).
	Member(ctx context.Context, id string) (Member, error)
}

// Service is the seamless wallet: it implements Wallet over a Store.
type Service struct {
	store    Store
	members  Members
	currency string
	ttl      time.Duration
	now      func() time.Time
	stats    *Stats
	observer func(provider, kind, outcome string, took time.Duration)
	sessions sessionCache
}

// maxCachedSessions bounds the sessions a Service keeps: more than the
// games played at once on a node; when full, it starts again empty.
const maxCachedSessions = 10_000

// sessionCache keeps the sessions the callbacks found, by provider and
// token hash: a stored session never changes (Store.CreateSession), so a
// round's callbacks read it once per node. An unknown token is not kept:
// it is asked of the store every time.
type sessionCache struct {
	mu sync.Mutex
	m  map[[2]string]Session
}

func (c *sessionCache) get(provider, hash string) (Session, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ses, ok := c.m[[2]string{provider, hash}]
	return ses, ok
}

func (c *sessionCache) put(provider, hash string, ses Session) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= maxCachedSessions {
		c.m = make(map[[2]string]Session)
	}
	c.m[[2]string{provider, hash}] = ses
}

var _ Wallet = (*Service)(nil)

// NewService returns the seamless wallet over store and members.
func NewService(store Store, members Members, cfg Config) *Service {
	s := &Service{store: store, members: members, currency: cfg.Currency, ttl: cfg.SessionTTL, now: cfg.Now, stats: NewStats(), observer: cfg.Observe}
	if s.currency == "" {
		s.currency = DefaultCurrency
	}
	if s.ttl <= 0 {
		s.ttl = DefaultSessionTTL
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

// Fingerprint is the digest of a callback's content: every field but the
// token, which a retry may present renewed, and the player, which a
// protocol may leave out and which the record keeps as its member (a
// repeated id must come from the same member too). Two deliveries of one
// transaction id with other fingerprints are two different transactions.
func Fingerprint(c Callback) string {
	h := sha256.New()
	for _, f := range []string{c.Provider, string(c.Kind), c.TxID, c.RoundID, c.Game,
		strconv.FormatInt(int64(c.Amount), 10), strings.ToUpper(c.Currency), c.RefTxID, strconv.FormatBool(c.RoundClosed)} {
		// Length-prefixed, so that no two field lists digest alike.
		h.Write([]byte(strconv.Itoa(len(f)) + ":" + f + ";"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// session returns the session of a callback's token, checking that player,
// when set, is the token's member; live also refuses an expired token.
func (s *Service) session(ctx context.Context, provider, token, player string, live bool) (Session, error) {
	if provider == "" || token == "" {
		return Session{}, ErrToken
	}
	hash := account.HashToken(token)
	ses, ok := s.sessions.get(provider, hash)
	if !ok {
		var err error
		ses, err = s.store.Session(ctx, provider, hash)
		if errors.Is(err, errs.New(errs.NoData)) {
			return Session{}, ErrToken
		}
		if err != nil {
			return Session{}, err
		}
		s.sessions.put(provider, hash, ses)
	}
	if player != "" && player != ses.MemberID {
		return Session{}, ErrToken
	}
	if live && !s.now().Before(ses.ExpiresAt) {
		return Session{}, ErrTokenExpired
	}
	return ses, nil
}

// lookup returns a member with the currency of its callbacks filled in.
func (s *Service) lookup(ctx context.Context, id string) (Member, error) {
	m, err := s.members.Member(ctx, id)
	if err != nil {
		return Member{}, err
	}
	m.ID = id
	if m.Currency == "" {
		m.Currency = s.currency
	}
	return m, nil
}

// member returns the member, refusing a blocked one.
func (s *Service) member(ctx context.Context, id string) (Member, error) {
	m, err := s.lookup(ctx, id)
	if err != nil {
		return Member{}, err
	}
	if m.Blocked {
		return m, ErrBlocked
	}
	return m, nil
}

// moneyCall checks what every bet and win carries: an id, an amount of
// at least min and the currency of the member's wallet.
func moneyCall(c Callback, min money.Satang, currency string) error {
	if c.TxID == "" || c.Amount < min || c.Currency == "" {
		return ErrInvalid
	}
	if !strings.EqualFold(c.Currency, currency) {
		return ErrCurrency
	}
	return nil
}

// answer returns the answer of a recorded transaction.
func answer(r Record, duplicate bool, currency string) Answer {
	ref := r.JournalID
	if ref == "" {
		// A record that posted nothing (a win of 0, a rollback of a bet
		// never seen) is known by its own key.
		ref = r.Provider + ":" + r.TxID
	}
	return Answer{Balance: r.Balance, Currency: currency, Ref: ref, Duplicate: duplicate}
}

// repeated answers a delivery of an id already recorded: the original
// answer when it is the same call, else a refusal. A bet whose id was
// rolled back (before or after it) is refused whatever its content, with
// the current balance: it must never debit.
func (s *Service) repeated(ctx context.Context, c Callback, r Record, m Member) (Answer, error) {
	rolledBack := r.State == Tombstone || (r.Kind == Bet && r.State == RolledBack)
	switch {
	case r.Kind != c.Kind:
		return Answer{}, ErrMismatch
	case rolledBack && c.Kind == Bet:
		bal, err := s.store.Balance(ctx, m.ID)
		if err != nil {
			return Answer{}, err
		}
		return Answer{Balance: bal, Currency: m.Currency}, ErrRolledBack
	case r.MemberID != m.ID || r.Fingerprint != Fingerprint(c):
		return Answer{}, ErrMismatch
	}
	return answer(r, true, m.Currency), nil
}

// caller returns the session and member of a money callback: the token
// must exist and name the player, expired or not (the caller decides).
func (s *Service) caller(ctx context.Context, c Callback) (Session, Member, error) {
	ses, err := s.session(ctx, c.Provider, c.Token, c.Player, false)
	if err != nil {
		return Session{}, Member{}, err
	}
	m, err := s.lookup(ctx, ses.MemberID)
	return ses, m, err
}

// apply records a bet or a win and answers it. A debit below zero is
// refused with the current balance, as the protocols ask.
func (s *Service) apply(ctx context.Context, c Callback, m Member) (Answer, error) {
	cur := m.Currency
	rec, existed, err := s.store.Apply(ctx, s.record(c, m.ID))
	if errs.CodeOf(err) == errs.MoneyNotEnough {
		return s.insufficient(ctx, m)
	}
	if err != nil {
		return Answer{}, err
	}
	if existed {
		// Another delivery of the same id won the race.
		return s.repeated(ctx, c, rec, m)
	}
	return answer(rec, false, cur), nil
}

// insufficient answers a debit below zero: refused with the current
// balance, as the protocols ask.
func (s *Service) insufficient(ctx context.Context, m Member) (Answer, error) {
	bal, err := s.store.Balance(ctx, m.ID)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Balance: bal, Currency: m.Currency}, ErrInsufficient
}

// record returns the record a callback makes.
func (s *Service) record(c Callback, memberID string) Record {
	return Record{Provider: c.Provider, TxID: c.TxID, Kind: c.Kind, State: Applied, MemberID: memberID,
		RoundID: c.RoundID, Game: c.Game, Amount: c.Amount, RefTxID: c.RefTxID, Fingerprint: Fingerprint(c),
		CreatedAt: s.now().UTC()}
}

// Stats returns this node's figures of the callbacks it answered.
func (s *Service) Stats() *Stats { return s.stats }

// observe counts a money callback when it returns: its outcome and how
// long it took since start (the monotonic clock, not Now).
func (s *Service) observe(c Callback, start time.Time, a *Answer, err *error) {
	took, outcome := time.Since(start), Outcome(*a, *err)
	s.stats.Observe(c.Provider, c.Kind, outcome, s.now(), took)
	if s.observer != nil {
		s.observer(c.Provider, string(c.Kind), outcome, took)
	}
}

// Figures returns this node's figures as of the Service's clock.
func (s *Service) Figures() []Figures { return s.stats.Figures(s.now()) }
