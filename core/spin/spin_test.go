package spin

import (
	"context"
	"fmt"
	"testing"

	"ngern/core/errs"
)

func TestValidate(t *testing.T) {
	edit := func(f func(w *Wheel)) Wheel {
		w := DemoWheel(false)
		f(&w)
		return w
	}
	cases := []struct {
		name string
		w    Wheel
		ok   bool
	}{
		{"OKDemo", DemoWheel(false), true},
		{"OKDefaults", edit(func(w *Wheel) { w.Cost, w.CouponDays = 0, 0 }), true},
		{"ErrNoName", edit(func(w *Wheel) { w.Name = "" }), false},
		{"ErrOneSlice", edit(func(w *Wheel) { w.Slices = w.Slices[:1] }), false},
		{"ErrDuplicateCode", edit(func(w *Wheel) { w.Slices[1].Code = w.Slices[0].Code }), false},
		{"ErrLowercaseCode", edit(func(w *Wheel) { w.Slices[0].Code = "cash" }), false},
		{"ErrNoLaoLabel", edit(func(w *Wheel) { w.Slices[0].Label.LA = "" }), false},
		{"ErrColour", edit(func(w *Wheel) { w.Slices[0].BgColor = "red" }), false},
		{"ErrNegativeWeight", edit(func(w *Wheel) { w.Slices[0].Weight = -1 }), false},
		{"ErrAllWeightsZero", edit(func(w *Wheel) {
			for i := range w.Slices {
				w.Slices[i].Weight = 0
			}
		}), false},
		{"ErrNoNothingSlice", edit(func(w *Wheel) {
			for i := range w.Slices {
				if w.Slices[i].Prize.Type == PrizeNothing {
					w.Slices[i].Prize = Prize{Type: PrizeCoins, Coins: 1}
				}
			}
		}), false},
		{"ErrCashWithoutAmount", edit(func(w *Wheel) { w.Slices[0].Prize.Amount = 0 }), false},
		{"ErrCoinsWithoutCoins", edit(func(w *Wheel) { w.Slices[3].Prize.Coins = 0 }), false},
		{"ErrBonusFailAboveSuccess", edit(func(w *Wheel) { w.Slices[2].Prize.PercentFail = 300 }), false},
		{"ErrUnknownPrize", edit(func(w *Wheel) { w.Slices[0].Prize.Type = "car" }), false},
		{"ErrNegativeBudget", edit(func(w *Wheel) { w.DailyBudget = -1 }), false},
		{"ErrCostTooHigh", edit(func(w *Wheel) { w.Cost = MaxCost + 1 }), false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.w.Validate()
			if (err == nil) != tc.ok {
				t.Fatalf("Validate() = %v", err)
			}
			if err != nil && !errs.HasCode(err, errs.InvalidRequest) {
				t.Fatalf("code: %v", err)
			}
		})
	}
}

// drawStore records nothing: it answers a spin with the slice drawn, so
// that the draws counted are exactly what Service.Spin drew.
type drawStore struct {
	Store
	w Wheel
}

func (s drawStore) ActiveWheel(context.Context) (Wheel, bool, error) { return s.w, true, nil }
func (s drawStore) Spin(_ context.Context, r SpinRecord) (Outcome, error) {
	return Outcome{Slice: r.Drawn}, nil
}

// chiSquareCritical holds the chi-square critical values at significance
// 0.001 by degrees of freedom (1 to 10).
var chiSquareCritical = []float64{0, 10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588}

// chiSquare is Pearson's statistic of counts against the weights.
func chiSquare(counts map[string]int, slices []Slice, n int) float64 {
	var total int
	for _, s := range slices {
		total += s.Weight
	}
	var x float64
	for _, s := range slices {
		want := float64(n) * float64(s.Weight) / float64(total)
		d := float64(counts[s.Code]) - want
		x += d * d / want
	}
	return x
}

// TestDistribution spins 20,000 times through Service.Spin (the code path of
// POST /api/spinwheel/spin) with the real random source, and checks the
// outcomes against the weights with a chi-square test at significance
// 0.001 (a fair wheel fails it once in a thousand runs). The same counts
// checked against other weights must fail it, which shows that the test
// can.
func TestDistribution(t *testing.T) {
	w := DemoWheel(false)
	if err := w.Validate(); err != nil {
		t.Fatal(err)
	}
	s := NewService(Deps{Store: drawStore{w: w}, IDs: func() string { return "x" }})
	const n = 20_000
	counts := map[string]int{}
	for range n {
		out, err := s.Spin(context.Background(), "m1")
		if err != nil {
			t.Fatal(err)
		}
		counts[out.Slice.Code]++
	}
	df := len(w.Slices) - 1
	if x := chiSquare(counts, w.Slices, n); x > chiSquareCritical[df] {
		t.Fatalf("chi-square %.2f > %.3f (df %d): draws %v do not follow the weights", x, chiSquareCritical[df], df, counts)
	}
	skewed := append([]Slice(nil), w.Slices...)
	skewed[0].Weight, skewed[1].Weight = skewed[1].Weight, skewed[0].Weight
	if x := chiSquare(counts, skewed, n); x <= chiSquareCritical[df] {
		t.Fatalf("chi-square %.2f does not reject the wrong weights: the test could not fail", x)
	}
}

func TestDrawZeroWeightNeverLands(t *testing.T) {
	slices := []Slice{{Code: "A", Weight: 0}, {Code: "B", Weight: 1}, {Code: "C", Weight: 0}}
	for range 1000 {
		i, err := Draw(randReader{}, slices)
		if err != nil || slices[i].Code != "B" {
			t.Fatalf("Draw = %d, %v", i, err)
		}
	}
	if _, err := Draw(randReader{}, []Slice{{Code: "A"}}); err == nil {
		t.Fatal("a wheel without weights drew")
	}
}

type randReader struct{}

func (randReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(i * 37)
	}
	return len(p), nil
}

func TestExpectedPayout(t *testing.T) {
	slices := []Slice{
		{Code: "A", Weight: 1, Prize: Prize{Type: PrizeCash, Amount: 100_00}},
		{Code: "B", Weight: 2, Prize: Prize{Type: PrizeCoins, Coins: 3}},
		{Code: "C", Weight: 1, Prize: Prize{Type: PrizeNothing}},
	}
	p := Expected(Wheel{Slices: slices})
	if p.Baht != 25_00 || fmt.Sprintf("%.2f", p.Coins) != "1.50" {
		t.Fatalf("expected payout %+v", p)
	}
}

func TestBudgetExhausted(t *testing.T) {
	w := DemoWheel(false) // smallest prize 50.00
	for _, tc := range []struct {
		name  string
		b     Budget
		empty bool
	}{
		{"NoBudget", Budget{Budget: 0, Spent: 1_000_000_00}, false},
		{"RoomForOne", Budget{Budget: 100_00, Spent: 50_00}, false},
		{"Spent", Budget{Budget: 100_00, Spent: 60_00}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.b.Exhausted(w); got != tc.empty {
				t.Fatalf("Exhausted = %v", got)
			}
		})
	}
}
