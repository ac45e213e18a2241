package spin

import "ngern/core/money"

// DemoWheel is the wheel `ngern demo` makes active: cash, bonus and coins
// prizes and two "nothing" slices, costing one coin a spin, with a daily
// budget of 5,000.00 baht.
func DemoWheel() Wheel {
	slice := func(code, th, la, en, bg, fg string, weight int, p Prize, html string) Slice {
		return Slice{Code: code, Label: Labels{TH: th, LA: la, EN: en}, BgColor: bg, TextColor: fg, Weight: weight, Prize: p,
			HTMLDescription: html}
	}
	return Wheel{Name: "Demo wheel", Active: true, Cost: 1, DailyLimit: 20, DailyBudget: money.FromBaht(5000), CouponDays: 7,
		Slices: []Slice{
			slice("CASH50", "เงินสด 50", "ເງິນສົດ 50", "Cash 50", "#F2C94C", "#1A1A1A", 20,
				Prize{Type: PrizeCash, Amount: money.FromBaht(50)}, "<p>50.00 บาทเข้ากระเป๋า</p>"),
			slice("NONE1", "เสียใจด้วย", "ເສຍໃຈນຳ", "No prize", "#2D3A8C", "#FFFFFF", 30,
				Prize{Type: PrizeNothing}, ""),
			slice("BONUS100", "โบนัส 100", "ໂບນັດ 100", "Bonus 100", "#27AE60", "#FFFFFF", 10,
				Prize{Type: PrizeBonus, Amount: money.FromBaht(100), SuccessPercent: 200, PercentFail: 10},
				"<p>โบนัส 100.00 บาท ทำยอดตามเงื่อนไขก่อนถอน</p>"),
			slice("COIN2", "2 เหรียญ", "2 ຫຼຽນ", "2 coins", "#EB5757", "#FFFFFF", 15,
				Prize{Type: PrizeCoins, Coins: 2}, "<p>หมุนได้อีก 2 ครั้ง</p>"),
			slice("NONE2", "ลองใหม่", "ລອງໃໝ່", "Try again", "#4F4F4F", "#FFFFFF", 20,
				Prize{Type: PrizeNothing}, ""),
			slice("CASH500", "เงินสด 500", "ເງິນສົດ 500", "Cash 500", "#9B51E0", "#FFFFFF", 5,
				Prize{Type: PrizeCash, Amount: money.FromBaht(500)}, "<p>500.00 บาทเข้ากระเป๋า</p>"),
		}}
}
