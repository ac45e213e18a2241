package settings

import "ngern/core/limits"

// Defaults are the lookups a fresh install starts with: sensible values for
// the Thai market that an operator edits later (DefaultsIn gives them in
// an install's currency).
func Defaults() map[string]any { return DefaultsIn(limits.Baht) }

// DefaultsIn are the defaults with the amounts of an install's currency
// (limits.For): the texts are the same, their placeholders are filled
// from the values in force.
func DefaultsIn(a limits.Amounts) map[string]any {
	return map[string]any{
		// The texts are kept per language (texts.go). They name values
		// through placeholders ({{withdrawMin}}, …; rules.go), filled when
		// served, and promise only what the install offers.
		KeySources: inLangs(
			sources("เพื่อนแนะนำ", "อื่น ๆ"),
			sources("ໝູ່ແນະນຳ", "ອື່ນໆ"),
			sources("A friend", "Other"),
		),
		KeyInfo: inLangs(
			info(LangTH, "วิธีใช้งานกระเป๋าเงิน", "วิธีเข้าเล่นเกม", "วิธีตรวจสอบยอดเงิน", "วิธีรับโบนัส", "วิธียกเลิกโบนัส"),
			info(LangLA, "ວິທີໃຊ້ງານກະເປົາເງິນ", "ວິທີເຂົ້າຫຼິ້ນເກມ", "ວິທີກວດສອບຍອດເງິນ", "ວິທີຮັບໂບນັດ", "ວິທີຍົກເລີກໂບນັດ"),
			info(LangEN, "How to use the wallet", "How to play", "How to check your balance", "How to receive a bonus", "How to cancel a bonus"),
		),
		KeyContact: inLangs(
			contact("ติดต่อทีมงานได้ตลอด 24 ชั่วโมงผ่าน LINE"),
			contact("ຕິດຕໍ່ທີມງານໄດ້ຕະຫຼອດ 24 ຊົ່ວໂມງຜ່ານ LINE"),
			contact("Our team answers on LINE 24 hours a day"),
		),
		KeyConditions: inLangs(
			Conditions{Conditions: []string{
				"<p>ฝากเงินได้ด้วย{{depositMethods}} ระบบเติมเครดิตอัตโนมัติภายในประมาณ {{creditWithinMinutes}} นาที</p>",
				"<p>แนบสลิปภายใน {{slipWithinHours}} ชั่วโมงหลังโอน ระบบปิดรับสลิปทุกวันระหว่าง {{slipClosedFrom}} ถึง {{slipClosedTo}} น.</p>",
				"<p>ถอนเงินขั้นต่ำ {{withdrawMin}} {{currency}} สูงสุด {{withdrawMax}} {{currency}}ต่อครั้ง มีรายการรอได้ครั้งละหนึ่งรายการ " +
					"ทีมงานตรวจสอบแล้วโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>",
				"<p>การโอนระหว่างกระเป๋าและเกมขั้นต่ำ {{transferMin}} {{currency}} ต้นทางและปลายทางต้องไม่ใช่ที่เดียวกัน</p>",
			}},
			Conditions{Conditions: []string{
				"<p>ຝາກເງິນໄດ້ດ້ວຍ{{depositMethods}} ລະບົບເຕີມເຄຣດິດອັດຕະໂນມັດພາຍໃນປະມານ {{creditWithinMinutes}} ນາທີ</p>",
				"<p>ແນບສະລິບພາຍໃນ {{slipWithinHours}} ຊົ່ວໂມງຫຼັງໂອນ ລະບົບປິດຮັບສະລິບທຸກມື້ລະຫວ່າງ {{slipClosedFrom}} ຫາ {{slipClosedTo}}</p>",
				"<p>ຖອນເງິນຂັ້ນຕ່ຳ {{withdrawMin}} {{currency}} ສູງສຸດ {{withdrawMax}} {{currency}} ຕໍ່ຄັ້ງ ມີລາຍການລໍຖ້າໄດ້ເທື່ອລະໜຶ່ງລາຍການ " +
					"ທີມງານກວດສອບແລ້ວໂອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ</p>",
				"<p>ການໂອນລະຫວ່າງກະເປົາ ແລະ ເກມຂັ້ນຕ່ຳ {{transferMin}} {{currency}} ຕົ້ນທາງ ແລະ ປາຍທາງຕ້ອງບໍ່ແມ່ນບ່ອນດຽວກັນ</p>",
			}},
			Conditions{Conditions: []string{
				"<p>Deposit by {{depositMethods}}; credit is added automatically within about {{creditWithinMinutes}} min.</p>",
				"<p>Upload the slip within {{slipWithinHours}} h of the transfer. Slips are not accepted between {{slipClosedFrom}} and {{slipClosedTo}} every day.</p>",
				"<p>Withdraw at least {{withdrawMin}} and at most {{withdrawMax}} {{currency}} at a time, one pending request at a time. " +
					"Our team checks each request and pays only to the account you registered.</p>",
				"<p>Transfers between the wallet and a game are at least {{transferMin}} {{currency}}; the source and the destination must differ.</p>",
			}},
		),
		KeyAgreements: inLangs(
			agreements(
				"<p>สมาชิกต้องมีอายุ 18 ปีขึ้นไป และใช้บัญชีธนาคารของตนเองเท่านั้น</p>",
				"<p>หนึ่งคนต่อหนึ่งบัญชี การสมัครซ้ำหรือทุจริตจะถูกระงับบัญชี</p>",
			),
			agreements(
				"<p>ສະມາຊິກຕ້ອງມີອາຍຸ 18 ປີຂຶ້ນໄປ ແລະ ໃຊ້ບັນຊີທະນາຄານຂອງຕົນເອງເທົ່ານັ້ນ</p>",
				"<p>ໜຶ່ງຄົນຕໍ່ໜຶ່ງບັນຊີ ການສະໝັກຊ້ຳ ຫຼື ການສໍ້ໂກງຈະຖືກລະງັບບັນຊີ</p>",
			),
			agreements(
				"<p>Members must be 18 or older and use only a bank account in their own name.</p>",
				"<p>One account per person: duplicate registrations or fraud lead to a suspended account.</p>",
			),
		),
		// The notice the bonus and promotion modals show; %percentFail% is
		// the bonus's percentFail, filled by the app.
		KeyNotice: inLangs(
			Notice{Notice: "หลังรับโบนัสนี้ คุณจะถอนเงินได้เมื่อทำตามเงื่อนไขครบแล้วเท่านั้น หากยอดเงินรวมต่ำกว่า %percentFail%% ของยอดเงินตอนรับโบนัส โบนัสจะสิ้นสุด"},
			Notice{Notice: "ຫຼັງຈາກຮັບໂບນັດນີ້ ທ່ານຈະຖອນເງິນໄດ້ເມື່ອເຮັດຕາມເງື່ອນໄຂຄົບແລ້ວເທົ່ານັ້ນ ຖ້າຍອດເງິນລວມຕ່ຳກວ່າ %percentFail%% ຂອງຍອດເງິນຕອນຮັບໂບນັດ ໂບນັດຈະສິ້ນສຸດ"},
			Notice{Notice: "After receiving this bonus you can withdraw only once its conditions are met. If your total balance falls below %percentFail%% of your balance at receipt, the bonus ends."},
		),
		KeyWithdraw: Withdraw{Min: a.WithdrawMin, Max: a.WithdrawMax},
		KeySlip:     Slip{MaxSizeMB: 10, UploadWithinHours: 1, ClosedFrom: "23:50", ClosedTo: "00:10"},
		KeyDeposit:  Deposit{Banks: []ReceivingBank{}, Wallets: []ReceivingWallet{}},
		KeyChat:     ChatWidget{EnableChatWidget: false},
		KeyActive:   Active{Terminated: false},

		KeyApprovalThreshold: ApprovalThreshold{Amount: a.ApprovalThreshold},
		KeyCoins:             Coins{DepositPerCoin: a.DepositPerCoin},
		KeyAutoWithdraw:      autoWithdrawIn(a),
	}
}

// inLangs is a text's default in Thai, Lao and English.
func inLangs(th, la, en any) map[string]any {
	return map[string]any{LangTH: th, LangLA: la, LangEN: en}
}

func sources(friend, other string) []Source {
	return []Source{
		{"FACEBOOK", "Facebook"}, {"LINE", "LINE"}, {"TIKTOK", "TikTok"}, {"YOUTUBE", "YouTube"},
		{"GOOGLE", "Google"}, {"FRIEND", friend}, {"OTHER", other},
	}
}

// info is the info lookup: the how-to videos (the bundled ones of lang
// until the operator sets others; BundledHowtoVideo) and their titles.
func info(lang, wallet, play, balance, bonus, bonusCancel string) Info {
	videos := map[string]*string{}
	for _, k := range howtos {
		v := BundledHowtoVideo(lang, k)
		videos[k] = &v
	}
	return Info{
		Name:        "Ngern",
		Website:     "https://ngern.example",
		HowtoVideos: videos,
		HowtoTitles: map[string]string{
			"wallet": wallet, "play": play, "balance": balance, "bonus": bonus, "bonusCancel": bonusCancel,
		},
	}
}

func contact(text string) Contact {
	return Contact{ContactText: text, LineLink: "https://line.me/R/ti/p/@ngern", LineName: "@ngern"}
}

func agreements(texts ...string) Agreements {
	return Agreements{Version: "2026-11-01", Agreements: texts}
}

// retiredDefaults are single-language texts earlier versions seeded (in
// Thai): the conditions that wrote limits as fixed numbers, and those that
// said the app takes no deposits while it does; the terse bonus notice the
// apps used to replace with a bundled one. A stored value still equal
// to one of them, or to today's Thai default, was never edited, and Seed
// replaces it with today's default in every language (texts.go).
func retiredDefaults() map[string][]any {
	noVideos := map[string]any{"wallet": nil, "play": nil, "balance": nil, "bonus": nil, "bonusCancel": nil}
	return map[string][]any{
		// The info lookup before the how-to titles were the operator's, and
		// before the server bundled its videos (no video at all).
		KeyInfo: {map[string]any{"name": "Ngern", "website": "https://ngern.example", "howtoVideos": noVideos},
			map[string]any{"name": "Ngern", "website": "https://ngern.example", "howtoVideos": noVideos, "howtoTitles": map[string]any{
				"wallet": "วิธีใช้งานกระเป๋าเงิน", "play": "วิธีเข้าเล่นเกม", "balance": "วิธีตรวจสอบยอดเงิน",
				"bonus": "วิธีรับโบนัส", "bonusCancel": "วิธียกเลิกโบนัส",
			}}},
		KeyNotice: {map[string]any{"notice": "หากรับโบนัส ต้องทำยอดเทิร์นตามเงื่อนไข หากยอดเงินต่ำกว่าเงื่อนไข ระบบจะตัดโบนัส %percentFail% %"}},
		KeyConditions: {map[string]any{"conditions": []string{
			"<p>ยังไม่เปิดรับฝากเงินผ่านแอป ติดต่อทีมงานเพื่อเติมเงินเข้ากระเป๋า</p>",
			"<p>ถอนเงินขั้นต่ำ {{withdrawMin}} บาท สูงสุด {{withdrawMax}} บาทต่อครั้ง มีรายการรอได้ครั้งละหนึ่งรายการ " +
				"ทีมงานตรวจสอบแล้วโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น</p>",
			"<p>การโอนระหว่างกระเป๋าและเกมขั้นต่ำ {{transferMin}} บาท</p>",
		}}, map[string]any{"conditions": []string{
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
