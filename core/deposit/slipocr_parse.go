package deposit

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"

	"ngern/core/limits"
	"ngern/core/money"
)

// ParseSlipText reads the printed fields of a Thai bank e-slip out of the
// text an OCR engine read from it, line by line: the amount (with ฿, บาท or
// THB, or under an "Amount"/"จำนวน" label), the date (English months, Thai
// month abbreviations, Buddhist-era years of two or four digits) and time,
// the parties after จาก/From and ไปยัง/To (a name, a masked account number,
// a bank) and the issuing bank (the first bank named before the parties).
// It guesses nothing it cannot see: a field it does not find stays unset,
// with its Found flag false.
func ParseSlipText(text string) SlipReading {
	var r SlipReading
	lines := slipLines(text)
	section := 0 // 0: heading, 1: sender, 2: receiver, 3: after the parties
	var amountLabel bool
	var day time.Time
	var clock time.Duration
	for _, raw := range lines {
		line := arabicDigits(raw)
		lower := strings.ToLower(line)
		if sec, rest, ok := partyLabel(line); ok {
			section = sec
			line, lower = rest, strings.ToLower(rest)
			if line == "" {
				continue
			}
		}
		if hasAmountLabel(lower) {
			amountLabel, section = true, max(section, 3)
		}
		if !r.Found.Amount {
			if a, ok := amountIn(line, lower, amountLabel); ok {
				r.Amount, r.Found.Amount = a, true
				continue
			}
		}
		if !r.Found.Date {
			if d, ok := dateIn(line); ok {
				day, r.Found.Date = d, true
			}
		}
		if !r.Found.Time {
			if c, ok := timeIn(line); ok {
				clock, r.Found.Time = c, true
			}
		}
		bank := bankIn(line)
		account := accountIn(raw)
		switch section {
		case 0:
			if bank != "" && !r.Found.Bank {
				r.Bank, r.Found.Bank = bank, true
			}
		case 1, 2:
			p, f := &r.Sender, [3]*bool{&r.Found.SenderName, &r.Found.SenderAccount, &r.Found.SenderBank}
			if section == 2 {
				p, f = &r.Receiver, [3]*bool{&r.Found.ReceiverName, &r.Found.ReceiverAccount, &r.Found.ReceiverBank}
			}
			if account != "" && !*f[1] {
				p.AccountNo, *f[1] = account, true
			}
			if bank != "" && !*f[2] {
				p.BankCode, *f[2] = bank, true
			}
			if account == "" && !*f[0] && !*f[1] {
				if name := nameIn(line); name != "" {
					p.Name, *f[0] = name, true
				}
			}
		}
	}
	if r.Found.Date {
		at := day.Add(clock).UTC()
		r.At = &at
	} else {
		r.Found.Time = false // a time of no known day is no reading
	}
	return r
}

// slipLines splits the text into trimmed, non-empty lines, with the sara am
// that OCR reads as nikhahit + sara aa joined again.
func slipLines(text string) []string {
	text = strings.ReplaceAll(text, "\u0e4d\u0e32", "\u0e33")
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if l = strings.Join(strings.Fields(l), " "); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// arabicDigits writes Thai digits as ASCII ones (amounts and dates).
func arabicDigits(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '๐' && r <= '๙' {
			return '0' + (r - '๐')
		}
		return r
	}, s)
}

// partyLabel recognises a line that starts a party's block: "จาก", "From"
// (the sender), "ไปยัง", "ถึง", "To" (the receiver); rest is what follows
// the label on the same line.
func partyLabel(line string) (section int, rest string, ok bool) {
	for _, l := range []struct {
		word string
		sec  int
	}{{"จาก", 1}, {"from", 1}, {"ไปยัง", 2}, {"ถึง", 2}, {"to", 2}} {
		head := line
		if len(head) > len(l.word) {
			head = head[:len(l.word)]
		}
		if !strings.EqualFold(head, l.word) {
			continue
		}
		rest := line[len(head):]
		if rest != "" && rest[0] != ' ' && rest[0] != ':' {
			continue // a word of its own: "To" but not "Total", "จาก" but not "จากบัญชี"
		}
		return l.sec, strings.TrimLeft(rest, " :"), true
	}
	return 0, "", false
}

func hasAmountLabel(lower string) bool {
	return strings.Contains(lower, "amount") || strings.Contains(lower, "จำนวน") || strings.Contains(lower, "ยอดเงิน")
}

// moneyRe is an amount as slips print it: thousands grouped by commas (or
// not) and two decimals.
var moneyRe = regexp.MustCompile(`(?:^|[^\d.,])(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})(?:[^\d]|$)`)

// amountIn finds an amount on a line that names a currency (฿, บาท, THB)
// or follows an amount label.
func amountIn(line, lower string, labelled bool) (money.Satang, bool) {
	currency := strings.Contains(line, "฿") || strings.Contains(line, "บาท") || strings.Contains(lower, "thb")
	if !currency && !labelled {
		return 0, false
	}
	m := moneyRe.FindStringSubmatch(line)
	if m == nil {
		return 0, false
	}
	a, err := money.Parse(strings.ReplaceAll(m[1], ",", "") + "." + m[2])
	if err != nil || a <= 0 || a > money.Max {
		return 0, false
	}
	return a, true
}

// The months slips print: English (Jan, January) and Thai abbreviations
// (ม.ค. … ธ.ค., read with or without their dots).
var (
	enMonths = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}
	thMonths = []string{"มค", "กพ", "มีค", "เมย", "พค", "มิย", "กค", "สค", "กย", "ตค", "พย", "ธค"}
	dateRe   = regexp.MustCompile(`(\d{1,2})\s*([A-Za-z]{3,9}\.?|[\x{0e00}-\x{0e7f}.]{2,8})\s*(\d{4}|\d{2})(?:\D|$)`)
	numDate  = regexp.MustCompile(`(?:^|\D)(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?:\D|$)`)
	timeRe   = regexp.MustCompile(`(?:^|\D)([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?:\D|$)|(?:^|\D)([01]?\d|2[0-3])\.([0-5]\d)\s*น\.`)
)

// dateIn finds a printed date, as midnight Thai time.
func dateIn(line string) (time.Time, bool) {
	if m := dateRe.FindStringSubmatch(line); m != nil {
		day, _ := strconv.Atoi(m[1])
		word := strings.ToLower(strings.NewReplacer(".", "", " ", "").Replace(m[2]))
		month, thai := 0, false
		for i, name := range enMonths {
			if len(word) >= 3 && strings.HasPrefix(word, name) {
				month = i + 1
			}
		}
		for i, name := range thMonths {
			if word == name {
				month, thai = i+1, true
			}
		}
		if month > 0 {
			return slipDay(day, month, m[3], thai)
		}
	}
	if m := numDate.FindStringSubmatch(line); m != nil {
		day, _ := strconv.Atoi(m[1])
		month, _ := strconv.Atoi(m[2])
		return slipDay(day, month, m[3], false)
	}
	return time.Time{}, false
}

// slipDay builds a date from a day, a month and a printed year: four digits
// over 2400 are Buddhist era (2569 = 2026); two digits are Buddhist era on
// a Thai-month date (69 = 2569 = 2026) and Christian era otherwise.
func slipDay(day, month int, year string, thai bool) (time.Time, bool) {
	y, _ := strconv.Atoi(year)
	switch {
	case len(year) == 2 && thai:
		y = 2500 + y - 543
	case len(year) == 2:
		y += 2000
	case y > 2400:
		y -= 543
	}
	if month < 1 || month > 12 || day < 1 || day > 31 || y < 2000 || y > 2100 {
		return time.Time{}, false
	}
	t := time.Date(y, time.Month(month), day, 0, 0, 0, 0, limits.Zone)
	if t.Day() != day {
		return time.Time{}, false // 31 Feb
	}
	return t, true
}

// timeIn finds a printed time of day ("14:05", "14:05:09", "14.05 น.").
func timeIn(line string) (time.Duration, bool) {
	m := timeRe.FindStringSubmatch(line)
	if m == nil {
		return 0, false
	}
	if m[1] == "" { // "14.05 น."
		m[1], m[2] = m[4], m[5]
	}
	h, _ := strconv.Atoi(m[1])
	mi, _ := strconv.Atoi(m[2])
	s, _ := strconv.Atoi(m[3])
	return time.Duration(h)*time.Hour + time.Duration(mi)*time.Minute + time.Duration(s)*time.Second, true
}

// accountRe is a masked account number: groups of digits and mask
// characters joined by dashes ("xxx-x-x1234-x", "XXX-X-X1234-X"), or a run
// of mask characters and digits ("xxxxxx1234"). OCR reads the x of a mask
// as x, X, ×, %, * or ж, and, reading Thai, as a Thai digit (๐, ๓): banks
// print account digits in Arabic numerals, so a Thai digit there is a mask.
var accountRe = regexp.MustCompile(`[0-9๐-๙xX×%*ж]{1,4}(?:-[0-9๐-๙xX×%*ж]{1,6}){2,4}|[xX×%*ж]{2,}[0-9]{4,6}`)

// accountIn finds a masked account number with at least four digits shown,
// written with x for the hidden digits.
func accountIn(line string) string {
	for _, m := range accountRe.FindAllString(line, -1) {
		acc := strings.Map(func(r rune) rune {
			switch {
			case r == 'X', r == '×', r == '%', r == '*', r == 'ж', r >= '๐' && r <= '๙':
				return 'x'
			}
			return r
		}, m)
		if n := strings.Count(acc, "x"); n > 0 && len(shownDigits(acc)) >= minShown {
			return acc
		}
	}
	return ""
}

// slipBanks are the names slips print of each bank (our codes), checked in
// order: short codes as whole words, Thai and English names as parts.
var slipBanks = []struct {
	code  string
	names []string
}{
	{"KBANK", []string{"kbank", "k plus", "กสิกร", "kasikorn"}},
	{"SCB", []string{"scb", "ไทยพาณิชย์", "siam commercial"}},
	{"BBL", []string{"bbl", "กรุงเทพ", "bangkok bank", "bualuang"}},
	{"KTB", []string{"ktb", "กรุงไทย", "krungthai", "krung thai"}},
	{"BAY", []string{"bay", "กรุงศรี", "krungsri", "ayudhya"}},
	{"TMB", []string{"ttb", "tmb", "ทหารไทย", "ทีทีบี", "thanachart"}},
	{"GSB", []string{"gsb", "ออมสิน", "savings bank", "mymo"}},
	{"KKP", []string{"kkp", "เกียรตินาคิน", "kiatnakin"}},
	{"CIMBT", []string{"cimb", "ซีไอเอ็มบี"}},
	{"UOBT", []string{"uob", "ยูโอบี"}},
	{"BAAC", []string{"baac", "ธ.ก.ส.", "ธกส"}},
	{"GHB", []string{"ghb", "อาคารสงเคราะห์"}},
}

// bankIn finds the bank a line names.
func bankIn(line string) string {
	lower := strings.ToLower(line)
	words := strings.FieldsFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) && r != ' ' })
	for _, b := range slipBanks {
		for _, n := range b.names {
			if isASCIIWord(n) {
				for _, w := range words {
					for _, f := range strings.Fields(w) {
						if f == n {
							return b.code
						}
					}
				}
				if strings.Contains(n, " ") && strings.Contains(lower, n) {
					return b.code
				}
				continue
			}
			if strings.Contains(lower, n) {
				return b.code
			}
		}
	}
	return ""
}

func isASCIIWord(s string) bool {
	for _, r := range s {
		if r > unicode.MaxASCII {
			return false
		}
	}
	return true
}

// nameIn answers the line as a party's name when it reads as one: letters
// (Thai or Latin), spaces and the dots of titles, with at least two letters
// and no digit.
func nameIn(line string) string {
	letters := 0
	for _, r := range line {
		switch {
		case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
			letters++
		case r == ' ' || r == '.' || r == '-' || r == '(' || r == ')' || r == '\'':
		default:
			return ""
		}
	}
	if letters < 2 {
		return ""
	}
	return line
}
