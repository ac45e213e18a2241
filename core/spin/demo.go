package spin

import (
	"strconv"
	"strings"

	"ngern/core/limits"
	"ngern/core/money"
)

// demoTexts are the demo wheel's prize texts in the install's language:
// Thai in Thailand, Lao in the Laos build; {amount} is an amount in whole
// units.
type demoTexts struct {
	cash, bonus, coins string // the slices' descriptions (HTML)
}

var (
	demoThai = demoTexts{cash: "<p>{amount} บาทเข้ากระเป๋า</p>", bonus: "<p>โบนัส {amount} บาท ทำยอดตามเงื่อนไขก่อนถอน</p>",
		coins: "<p>หมุนได้อีก 2 ครั้ง</p>"}
	demoLao = demoTexts{cash: "<p>{amount} ກີບເຂົ້າກະເປົາ</p>", bonus: "<p>ໂບນັດ {amount} ກີບ ທຳຍອດຕາມເງື່ອນໄຂກ່ອນຖອນ</p>",
		coins: "<p>ໝູນໄດ້ອີກ 2 ຄັ້ງ</p>"}
)

// DemoWheel is the wheel `ngern demo` makes active: cash, bonus and coins
// prizes and two "nothing" slices, costing one coin a spin, with a daily
// budget of 5,000 baht. Its amounts are written in baht and scaled to the
// install's currency (limits.Amounts.PerBaht: 25,000 kip for 50 baht in
// the Laos build), and the labels and descriptions name them so.
func DemoWheel(laos bool) Wheel {
	k := limits.For(laos).PerBaht()
	texts := demoThai
	if laos {
		texts = demoLao
	}
	slice := func(code, th, la, en, bg, fg string, weight int, p Prize, html string) Slice {
		return Slice{Code: code, Label: Labels{TH: th, LA: la, EN: en}, BgColor: bg, TextColor: fg, Weight: weight, Prize: p,
			HTMLDescription: html}
	}
	cash := func(code string, baht int64, bg, fg string, weight int) Slice {
		amount := money.FromBaht(baht) * k
		n := whole(amount)
		return slice(code, "เงินสด "+n, "ເງິນສົດ "+n, "Cash "+n, bg, fg, weight, Prize{Type: PrizeCash, Amount: amount},
			fill(texts.cash, amount))
	}
	bonus := money.FromBaht(100) * k
	return Wheel{Name: "Demo wheel", Active: true, Cost: 1, DailyLimit: 20, DailyBudget: money.FromBaht(5000) * k, CouponDays: 7,
		Slices: []Slice{
			cash("CASH50", 50, "#F2C94C", "#1A1A1A", 20),
			slice("NONE1", "เสียใจด้วย", "ເສຍໃຈນຳ", "No prize", "#2D3A8C", "#FFFFFF", 30,
				Prize{Type: PrizeNothing}, ""),
			slice("BONUS100", "โบนัส "+whole(bonus), "ໂບນັດ "+whole(bonus), "Bonus "+whole(bonus), "#27AE60", "#FFFFFF", 10,
				Prize{Type: PrizeBonus, Amount: bonus, SuccessPercent: 200, PercentFail: 10}, fill(texts.bonus, bonus)),
			slice("COIN2", "2 เหรียญ", "2 ຫຼຽນ", "2 coins", "#EB5757", "#FFFFFF", 15,
				Prize{Type: PrizeCoins, Coins: 2}, texts.coins),
			slice("NONE2", "ลองใหม่", "ລອງໃໝ່", "Try again", "#4F4F4F", "#FFFFFF", 20,
				Prize{Type: PrizeNothing}, ""),
			cash("CASH500", 500, "#9B51E0", "#FFFFFF", 5),
		}}
}

// fill puts an amount, in whole units, into a demo text.
func fill(text string, amount money.Satang) string {
	return strings.ReplaceAll(text, "{amount}", whole(amount))
}

// whole writes an amount of whole units with thousands separators:
// "50", "25,000".
func whole(s money.Satang) string {
	digits := strconv.FormatInt(int64(s)/100, 10)
	for i := len(digits) - 3; i > 0; i -= 3 {
		digits = digits[:i] + "," + digits[i:]
	}
	return digits
}
