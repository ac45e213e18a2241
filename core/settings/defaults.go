package settings

import "ngern/core/money"

// Defaults are the lookups a fresh install starts with: sensible values for
// the Thai market that an operator edits later.
func Defaults() map[string]any {
	return map[string]any{
		KeySources: []Source{
			{"FACEBOOK", "Facebook"}, {"LINE", "LINE"}, {"TIKTOK", "TikTok"}, {"YOUTUBE", "YouTube"},
			{"GOOGLE", "Google"}, {"FRIEND", "เพื่อนแนะนำ"}, {"OTHER", "อื่น ๆ"},
		},
		KeyInfo: map[string]any{
			"name":    "Ngern",
			"website": "https://ngern.example",
			"howtoVideos": map[string]any{
				"wallet": nil, "play": nil, "balance": nil, "bonus": nil, "bonusCancel": nil,
			},
		},
		KeyContact: map[string]any{
			"contactText": "ติดต่อทีมงานได้ตลอด 24 ชั่วโมงผ่าน LINE",
			"lineLink":    "https://line.me/R/ti/p/@ngern",
			"lineName":    "@ngern",
			"lineQR":      "",
		},
		// The texts name values through placeholders ({{withdrawMin}}, …;
		// rules.go), filled when served, and promise only what is built.
		KeyConditions: map[string]any{"conditions": []string{
			"<p>ยังไม่เปิดรับฝากเงินผ่านแอป ติดต่อทีมงานเพื่อเติมเงินเข้ากระเป๋า</p>",
			"<p>ถอนเงินขั้นต่ำ {{withdrawMin}} บาท สูงสุด {{withdrawMax}} บาทต่อครั้ง มีรายการรอได้ครั้งละหนึ่งรายการ " +
				"ทีมงานตรวจสอบแล้วโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>",
			"<p>การโอนระหว่างกระเป๋าและเกมขั้นต่ำ {{transferMin}} บาท</p>",
		}},
		KeyAgreements: map[string]any{
			"version": "2026-11-01",
			"agreements": []string{
				"<p>สมาชิกต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารของตนเองเท่านั้น</p>",
				"<p>หนึ่งคนต่อหนึ่งบัญชี การสมัครซ้ำหรือทุจริตจะถูกระงับบัญชี</p>",
			},
		},
		KeyNotice:   map[string]any{"notice": "หากรับโบนัส ต้องทำยอดเทิร์นตามเงื่อนไข หากยอดเงินต่ำกว่าเงื่อนไข ระบบจะตัดโบนัส %percentFail% %"},
		KeyWithdraw: Withdraw{Min: money.FromBaht(100), Max: money.FromBaht(50000)},
		KeySlip:     Slip{MaxSizeMB: 10, UploadWithinHours: 1, ClosedFrom: "23:50", ClosedTo: "00:10"},
		KeyDeposit:  map[string]any{"banks": []any{}, "wallets": []any{}, "isManual": false},
		KeyChat:     map[string]any{"enableChatWidget": false},
		KeyActive:   Active{Terminated: false},

		KeyApprovalThreshold: ApprovalThreshold{Amount: money.FromBaht(20000)},
		KeyCoins:             DefaultCoins,
	}
}

// retiredDefaults are texts earlier versions seeded that were wrong: they
// wrote limits as fixed numbers, and promised deposits credited within a
// minute while the app takes no deposits. A stored value still equal to one
// of them was never edited, and Seed replaces it with today's default.
func retiredDefaults() map[string][]any {
	return map[string][]any{
		KeyConditions: {map[string]any{"conditions": []string{
			"<p>ฝากเงินขั้นต่ำ 1 บาท ระบบเติมเครดิตอัตโนมัติภายในประมาณ 1 นาที</p>",
			"<p>ถอนเงินขั้นต่ำ 100 บาท สูงสุด 50,000 บาทต่อครั้ง โอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>",
			"<p>การโอนระหว่างกระเป๋าและเกมขั้นต่ำ 1 บาท</p>",
		}}},
	}
}

// DefaultBanks is the bank directory: Thai banks with their Bank of Thailand
// codes, and Lao banks for the Laos build.
func DefaultBanks() []Bank {
	th := []Bank{
		{Code: "BBL", BOTCode: "002", NameTH: "ธนาคารกรุงเทพ", NameEN: "Bangkok Bank", EnglishOnly: true},
		{Code: "KBANK", BOTCode: "004", NameTH: "ธนาคารกสิกรไทย", NameEN: "Kasikornbank"},
		{Code: "KTB", BOTCode: "006", NameTH: "ธนาคารกรุงไทย", NameEN: "Krungthai Bank", EnglishOnly: true},
		{Code: "TMB", BOTCode: "011", NameTH: "ธนาคารทหารไทยธนชาต", NameEN: "TMBThanachart Bank (ttb)", EnglishOnly: true},
		{Code: "SCB", BOTCode: "014", NameTH: "ธนาคารไทยพาณิชย์", NameEN: "Siam Commercial Bank"},
		{Code: "CIMBT", BOTCode: "022", NameTH: "ธนาคารซีไอเอ็มบี ไทย", NameEN: "CIMB Thai Bank"},
		{Code: "UOBT", BOTCode: "024", NameTH: "ธนาคารยูโอบี", NameEN: "United Overseas Bank (Thai)"},
		{Code: "BAY", BOTCode: "025", NameTH: "ธนาคารกรุงศรีอยุธยา", NameEN: "Bank of Ayudhya (Krungsri)"},
		{Code: "GSB", BOTCode: "030", NameTH: "ธนาคารออมสิน", NameEN: "Government Savings Bank"},
		{Code: "GHB", BOTCode: "033", NameTH: "ธนาคารอาคารสงเคราะห์", NameEN: "Government Housing Bank"},
		{Code: "BAAC", BOTCode: "034", NameTH: "ธนาคารเพื่อการเกษตรและสหกรณ์การเกษตร", NameEN: "Bank for Agriculture and Agricultural Cooperatives"},
		{Code: "IBANK", BOTCode: "066", NameTH: "ธนาคารอิสลามแห่งประเทศไทย", NameEN: "Islamic Bank of Thailand"},
		{Code: "TISCO", BOTCode: "067", NameTH: "ธนาคารทิสโก้", NameEN: "TISCO Bank"},
		{Code: "KKP", BOTCode: "069", NameTH: "ธนาคารเกียรตินาคินภัทร", NameEN: "Kiatnakin Phatra Bank"},
		{Code: "ICBCT", BOTCode: "070", NameTH: "ธนาคารไอซีบีซี (ไทย)", NameEN: "ICBC (Thai)"},
		{Code: "LHB", BOTCode: "073", NameTH: "ธนาคารแลนด์ แอนด์ เฮ้าส์", NameEN: "Land and Houses Bank"},
	}
	la := []Bank{
		{Code: "BCEL", NameTH: "ທະນາຄານການຄ້າຕ່າງປະເທດລາວ", NameEN: "Banque pour le Commerce Exterieur Lao"},
		{Code: "LDB", NameTH: "ທະນາຄານພັດທະນາລາວ", NameEN: "Lao Development Bank"},
		{Code: "APB", NameTH: "ທະນາຄານສົ່ງເສີມກະສິກຳ", NameEN: "Agricultural Promotion Bank"},
		{Code: "JDB", NameTH: "ທະນາຄານຮ່ວມພັດທະນາ", NameEN: "Joint Development Bank"},
		{Code: "LVB", NameTH: "ທະນາຄານຮ່ວມທຸລະກິດລາວ-ຫວຽດ", NameEN: "Lao-Viet Bank"},
		{Code: "BFL", NameTH: "ທະນາຄານ ລາວ-ຝຣັ່ງ", NameEN: "Banque Franco-Lao"},
		{Code: "IDCB", NameTH: "ທະນາຄານອິນດົດຈີນ", NameEN: "Indochina Bank"},
		{Code: "STB", NameTH: "ທະນາຄານ ເອັສທີ", NameEN: "ST Bank"},
	}
	var out []Bank
	for i, b := range th {
		b.Country, b.Active, b.Sort = "TH", true, i+1
		out = append(out, b)
	}
	for i, b := range la {
		b.Country, b.Active, b.Sort = "LA", true, i+1
		out = append(out, b)
	}
	return out
}
