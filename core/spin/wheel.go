package spin

import (
	"crypto/rand"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// PrizeType is what a slice pays.
type PrizeType string

// Prize types.
const (
	PrizeCash    PrizeType = "cash"    // baht to the wallet, from sys:prizes
	PrizeBonus   PrizeType = "bonus"   // baht with a condition (core/promo)
	PrizeCoins   PrizeType = "coins"   // coins to the coin account
	PrizeNothing PrizeType = "nothing" // no coupon
)

// Prize is what a slice pays.
type Prize struct {
	Type   PrizeType    `json:"type"`
	Amount money.Satang `json:"amount"` // cash and bonus
	Coins  int64        `json:"coins"`  // coins
	// The bonus's condition (docs/promotions.md); 0: the promotions'
	// defaults.
	SuccessPercent int `json:"successPercent"`
	PercentFail    int `json:"percentFail"`
}

// Money reports the baht the prize pays (what counts against the budget).
func (p Prize) Money() money.Satang {
	if p.Type == PrizeCash || p.Type == PrizeBonus {
		return p.Amount
	}
	return 0
}

// Labels is a text in each language of the apps.
type Labels struct {
	TH string `json:"th"`
	LA string `json:"la"`
	EN string `json:"en"`
}

// In returns the text in lang (th, la or en), Thai when unknown or empty.
func (l Labels) In(lang string) string {
	switch {
	case lang == "la" && l.LA != "":
		return l.LA
	case lang == "en" && l.EN != "":
		return l.EN
	}
	return l.TH
}

// Slice is one slice of a wheel.
type Slice struct {
	Code            string `json:"code"`
	Label           Labels `json:"label"`
	BgColor         string `json:"bgColor"`
	TextColor       string `json:"textColor"`
	HTMLDescription string `json:"htmlDescription"`
	Weight          int    `json:"weight"`
	Prize           Prize  `json:"prize"`
}

// Wheel is an operator-defined wheel.
type Wheel struct {
	ID     string
	Name   string
	Active bool
	// Cost is the coins one spin takes.
	Cost int64
	// DailyLimit is the spins a member may make per Bangkok day (0: no
	// limit).
	DailyLimit int
	// DailyBudget is the baht the wheel may give away (cash and bonus
	// prizes) per Bangkok day; 0: no budget. When a prize would go over
	// it, the spin lands on a "nothing" slice instead.
	DailyBudget money.Satang
	// CouponDays is how long a coupon can be claimed.
	CouponDays int
	Slices     []Slice
	UpdatedAt  time.Time
	UpdatedBy  string
}

// Defaults of a wheel saved without them.
const (
	DefaultCost       = 1
	DefaultCouponDays = 7
)

// Limits of a wheel.
const (
	MinSlices    = 2
	MaxSlices    = 24
	MaxWeight    = 1_000_000
	MaxCost      = 1_000
	MaxPrizeCoin = 1_000_000
	MaxGrant     = 1_000_000 // coins one operator grant may move
)

var (
	codeRE  = regexp.MustCompile(`^[A-Z0-9_-]{1,32}$`)
	colorRE = regexp.MustCompile(`^#[0-9A-Fa-f]{6}$`)
)

// Validate checks a wheel an operator saves and fills its defaults
// (INVALID_REQUEST with what is wrong).
func (w *Wheel) Validate() error {
	if w.Cost == 0 {
		w.Cost = DefaultCost
	}
	if w.CouponDays == 0 {
		w.CouponDays = DefaultCouponDays
	}
	switch {
	case len([]rune(w.Name)) < 1 || len([]rune(w.Name)) > 64:
		return badWheel("name must have 1 to 64 characters")
	case w.Cost < 1 || w.Cost > MaxCost:
		return badWheel("cost must be 1 to %d coins", MaxCost)
	case w.DailyLimit < 0 || w.DailyLimit > 10_000:
		return badWheel("dailyLimit must be 0 (none) to 10000")
	case w.DailyBudget < 0 || w.DailyBudget > money.Max:
		return badWheel("dailyBudget must be 0 (none) or a positive amount")
	case w.CouponDays < 1 || w.CouponDays > 90:
		return badWheel("couponDays must be 1 to 90")
	case len(w.Slices) < MinSlices || len(w.Slices) > MaxSlices:
		return badWheel("a wheel has %d to %d slices", MinSlices, MaxSlices)
	}
	seen := map[string]bool{}
	var total, nothing int
	for i := range w.Slices {
		s := &w.Slices[i]
		if !codeRE.MatchString(s.Code) || seen[s.Code] {
			return badWheel("slice %d: code must be unique, A-Z 0-9 _ - and at most 32 characters", i+1)
		}
		seen[s.Code] = true
		if err := s.validate(); err != nil {
			return err
		}
		total += s.Weight
		if s.Prize.Type == PrizeNothing && s.Weight > 0 {
			nothing++
		}
	}
	if total <= 0 {
		return badWheel("the weights must not all be 0")
	}
	if nothing == 0 {
		return badWheel("a wheel needs a \"nothing\" slice with a weight, where prizes land once the budget is spent")
	}
	return nil
}

// badWheel is a wheel the console may not save.
func badWheel(format string, args ...any) error {
	return errs.Newf(errs.InvalidRequest, "wheel: "+format, args...)
}

// validate checks one slice's label, colours and weight, then its prize.
func (s *Slice) validate() error {
	for _, l := range []string{s.Label.TH, s.Label.LA, s.Label.EN} {
		if n := len([]rune(l)); n < 1 || n > limits.Label {
			return badWheel("slice %s: a label in th, la and en of 1 to %d characters", s.Code, limits.Label)
		}
	}
	if !colorRE.MatchString(s.BgColor) || !colorRE.MatchString(s.TextColor) {
		return badWheel("slice %s: colours are #RRGGBB", s.Code)
	}
	if len(s.HTMLDescription) > limits.Note {
		return badWheel("slice %s: htmlDescription over %d characters", s.Code, limits.Note)
	}
	if s.Weight < 0 || s.Weight > MaxWeight {
		return badWheel("slice %s: weight must be 0 to %d", s.Code, MaxWeight)
	}
	return s.Prize.normalize(s.Code)
}

// normalize checks a prize, fills the bonus defaults and clears the fields
// its type does not use.
func (p *Prize) normalize(code string) error {
	switch p.Type {
	case PrizeCash, PrizeBonus:
		if p.Amount <= 0 || p.Amount > money.Max {
			return badWheel("slice %s: a %s prize needs a positive amount", code, p.Type)
		}
		p.Coins = 0
		if p.Type != PrizeBonus {
			p.SuccessPercent, p.PercentFail = 0, 0
			return nil
		}
		if p.SuccessPercent == 0 {
			p.SuccessPercent = 200
		}
		if p.PercentFail == 0 {
			p.PercentFail = 10
		}
		if p.SuccessPercent < 100 || p.SuccessPercent > 10_000 || p.PercentFail < 0 || p.PercentFail >= p.SuccessPercent {
			return badWheel("slice %s: successPercent 100 to 10000 and percentFail below it", code)
		}
	case PrizeCoins:
		if p.Coins < 1 || p.Coins > MaxPrizeCoin {
			return badWheel("slice %s: a coins prize needs 1 to %d coins", code, MaxPrizeCoin)
		}
		p.Amount, p.SuccessPercent, p.PercentFail = 0, 0, 0
	case PrizeNothing:
		*p = Prize{Type: PrizeNothing}
	default:
		return badWheel("slice %s: prize type is cash, bonus, coins or nothing", code)
	}
	return nil
}

// Draw picks a slice with probability weight / total weight, with r as
// the random source (crypto/rand.Reader in production): one uniform
// integer below the total, so no slice is favoured by rounding.
func Draw(r io.Reader, slices []Slice) (int, error) {
	var total int64
	for _, s := range slices {
		total += int64(s.Weight)
	}
	if total <= 0 {
		return 0, fmt.Errorf("spin: a wheel without weights")
	}
	n, err := rand.Int(r, big.NewInt(total))
	if err != nil {
		return 0, err
	}
	x := n.Int64()
	for i, s := range slices {
		if x < int64(s.Weight) {
			return i, nil
		}
		x -= int64(s.Weight)
	}
	return 0, fmt.Errorf("spin: draw out of range")
}

// ExpectedPayout is what one spin pays on average, from the weights alone
// (the budget can only lower it): baht (cash and bonus) and coins.
func ExpectedPayout(slices []Slice) (baht float64, coins float64) {
	var total int64
	for _, s := range slices {
		total += int64(s.Weight)
	}
	if total == 0 {
		return 0, 0
	}
	for _, s := range slices {
		p := float64(s.Weight) / float64(total)
		baht += p * float64(s.Prize.Money()) / 100
		coins += p * float64(s.Prize.Coins)
	}
	return baht, coins
}
