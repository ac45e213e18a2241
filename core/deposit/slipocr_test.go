package deposit

import (
	"context"
	"errors"
	"testing"
	"time"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// fakeOCR answers a fixed reading or error.
type fakeOCR struct {
	r   SlipReading
	err error
}

func (o fakeOCR) ReadSlip(context.Context, []byte) (SlipReading, error) { return o.r, o.err }

func printed(a money.Satang) SlipReading {
	return SlipReading{Amount: a, Sender: Party{Name: "SOMCHAI J"}, Found: FoundFields{Amount: true, SenderName: true}}
}

// TestSubmitSlipOCR: the OCR pre-fills a slip's review and sends a verified
// slip whose printed amount differs to review; it never credits and never
// stops a credit by failing.
func TestSubmitSlipOCR(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name    string
		ocr     SlipOCR
		upload  func(f *fixture) Upload
		status  Status
		note    errs.Code
		credits money.Satang
		read    bool // the reading is stored with the slip
		differs bool
	}{
		{"SameAmountCredits", fakeOCR{r: printed(50000)}, func(f *fixture) Upload {
			return f.transfer("REF0101", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, Success, "", 50000, true, false},
		{"EditedAmountToReview", fakeOCR{r: printed(500000)}, func(f *fixture) Upload {
			return f.transfer("REF0102", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, Pending, errs.InvalidSlip, 0, true, true},
		{"EditedAndRefusedStaysRefused", fakeOCR{r: printed(500000)}, func(f *fixture) Upload {
			return f.transfer("REF0103", 50000, "xxx-x-x1111-x", t0.Add(-time.Minute))
		}, Failed, errs.NotMatch, 0, true, true},
		{"NoAmountReadCredits", fakeOCR{r: SlipReading{Sender: Party{Name: "SOMCHAI J"}, Found: FoundFields{SenderName: true}}},
			func(f *fixture) Upload { return f.transfer("REF0104", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute)) },
			Success, "", 50000, true, false},
		{"OCRFailsCredits", fakeOCR{err: errors.New("tesseract: signal: killed")}, func(f *fixture) Upload {
			return f.transfer("REF0105", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, Success, "", 50000, false, false},
		{"NothingReadCredits", fakeOCR{err: ErrNoText}, func(f *fixture) Upload {
			return f.transfer("REF0106", 50000, "xxx-x-x4321-x", t0.Add(-time.Minute))
		}, Success, "", 50000, false, false},
		{"NoQRPreFilled", fakeOCR{r: printed(12345)}, func(f *fixture) Upload {
			return Upload{Data: []byte("blank"), ContentType: "image/png", Ext: "png"}
		}, Pending, errs.UnstableRefNo, 0, true, false},
		{"ManualPreFilled", fakeOCR{r: printed(50000)}, func(f *fixture) Upload {
			f.opts.dep.IsManual = true
			return f.transfer("REF0107", 50000, "xxx-x-x4321-x", t0)
		}, Pending, "", 0, true, false},
		{"UnverifiedPreFilled", fakeOCR{r: printed(50000)}, func(f *fixture) Upload {
			f.ver.err = errors.Join(ErrUnavailable)
			return f.transfer("REF0108", 50000, "xxx-x-x4321-x", t0)
		}, Pending, errs.UnstableRefNo, 0, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFixture(t)
			f.svc.d.OCR = c.ocr
			sl, _ := f.svc.SubmitSlip(ctx, "m1", c.upload(f))
			stored, _ := f.store.Slip(ctx, sl.ID)
			if stored.Status != c.status || stored.Note != string(c.note) {
				t.Fatalf("slip %s %q, want %s %q", stored.Status, stored.Note, c.status, c.note)
			}
			if got := wallet(f, "m1"); got != c.credits {
				t.Fatalf("wallet %s, want %s", got, c.credits)
			}
			if (stored.OCR != nil) != c.read {
				t.Fatalf("reading stored: %v, want %v", stored.OCR != nil, c.read)
			}
			if stored.OCR != nil && stored.OCR.AmountDiffers != c.differs {
				t.Fatalf("amountDiffers %v, want %v", stored.OCR.AmountDiffers, c.differs)
			}
		})
	}
}

func TestParseSlipText(t *testing.T) {
	at := func(y int, mo time.Month, d, h, mi, s int) *time.Time {
		v := time.Date(y, mo, d, h, mi, s, 0, limits.Zone).UTC()
		return &v
	}
	cases := []struct {
		name string
		text string
		want SlipReading
	}{
		{"EnglishRendered", "KBANK\n\nTransfer completed\n\n20 Nov 2026 17:00:00\n\nFrom\nSOMCHAI JAIDEE\nSCB xxx-x-x4321-x\n\nTo\nNGERN CO LTD\nKBANK xxx-x-x6789-x\n\nAmount (THB)\n\n1,500.50\n\nRef: 016330123456ABC01234\n\nVerify slip\n",
			SlipReading{Amount: 150050, At: at(2026, 11, 20, 17, 0, 0), Bank: "KBANK",
				Sender:   Party{BankCode: "SCB", AccountNo: "xxx-x-x4321-x", Name: "SOMCHAI JAIDEE"},
				Receiver: Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "NGERN CO LTD"},
				Found:    FoundFields{true, true, true, true, true, true, true, true, true, true}}},
		{"ThaiAsOCRReadsIt", "KBANK\n\nโอนเงินสําเร็จ\n\n20 พ.ย. 69 17:00 น.\n\nจาก\nนาย สมชาย ใจดี\n568 xxx-x-x4321-x\n\nไปยัง\nบจก. เงิน เดโม\nKBANK %๓๐-%-%6789-%\n\nจํานวนเงิน\n\n1,500.50 บาท\n\nเลขที่รายการ: 016330123456ABC01234\n",
			SlipReading{Amount: 150050, At: at(2026, 11, 20, 17, 0, 0), Bank: "KBANK",
				Sender:   Party{AccountNo: "xxx-x-x4321-x", Name: "นาย สมชาย ใจดี"},
				Receiver: Party{BankCode: "KBANK", AccountNo: "xxx-x-x6789-x", Name: "บจก. เงิน เดโม"},
				Found:    FoundFields{Amount: true, Date: true, Time: true, SenderName: true, SenderAccount: true, ReceiverName: true, ReceiverAccount: true, ReceiverBank: true, Bank: true}}},
		{"KPlusStyle", "โอนเงินสำเร็จ\n27 พ.ย. 69 09:41 น.\nนาย สมชาย ใ\nธ.กสิกรไทย\nxxx-x-x1234-x\nไปยัง\nบริษัท เงิน จำกัด\nธ.ไทยพาณิชย์\nxxx-x-x5678-x\nจำนวน: 2,000.00 บาท\nค่าธรรมเนียม: 0.00 บาท\n",
			SlipReading{Amount: 200000, At: at(2026, 11, 27, 9, 41, 0), Bank: "KBANK",
				Receiver: Party{BankCode: "SCB", AccountNo: "xxx-x-x5678-x", Name: "บริษัท เงิน จำกัด"},
				Found:    FoundFields{Amount: true, Date: true, Time: true, ReceiverName: true, ReceiverAccount: true, ReceiverBank: true, Bank: true}}},
		{"SameLineLabelsAndBahtSign", "SCB\nFrom: MR JOHN S\nXXX-X-X9876-X\nTo: NGERN CO\nxxx-x-x6789-x\n฿ 350.00\n5 Jan 2027 - 08:05",
			SlipReading{Amount: 35000, At: at(2027, 1, 5, 8, 5, 0), Bank: "SCB",
				Sender:   Party{AccountNo: "xxx-x-x9876-x", Name: "MR JOHN S"},
				Receiver: Party{AccountNo: "xxx-x-x6789-x", Name: "NGERN CO"},
				Found:    FoundFields{Amount: true, Date: true, Time: true, SenderName: true, SenderAccount: true, ReceiverName: true, ReceiverAccount: true, Bank: true}}},
		{"FourDigitBuddhistYearAndTHB", "วันที่ 1 ม.ค. 2570\nเวลา 23:59:58\nTHB 1,000,000.00",
			SlipReading{Amount: 100000000, At: at(2027, 1, 1, 23, 59, 58),
				Found: FoundFields{Amount: true, Date: true, Time: true}}},
		{"NumericDate", "Date 03/02/2569 12:30\nAmount 99.99", SlipReading{Amount: 9999, At: at(2026, 2, 3, 12, 30, 0),
			Found: FoundFields{Amount: true, Date: true, Time: true}}},
		{"ShortMaskAndNoDate", "To\nNGERN\nxxxxxx6789\nยอดเงิน 10.00", SlipReading{Amount: 1000,
			Receiver: Party{AccountNo: "xxxxxx6789", Name: "NGERN"}, Found: FoundFields{Amount: true, ReceiverName: true, ReceiverAccount: true}}},
		{"NumberWithoutCurrencyIsNoAmount", "Ref 12.50\nTotal 30 items", SlipReading{}},
		{"ImpossibleDate", "31 ก.พ. 69", SlipReading{}},
		{"TooFewDigitsShown", "From\nA B\nxxx-x-xxx12-x", SlipReading{Sender: Party{Name: "A B"}, Found: FoundFields{SenderName: true}}},
		{"DottedThaiTime", "2 ธ.ค. 69 14.05 น.", SlipReading{At: at(2026, 12, 2, 14, 5, 0), Found: FoundFields{Date: true, Time: true}}},
		{"ThaiDigits", "จำนวน ๑,๕๐๐.๕๐ บาท\nไปยัง\nนาย ก\nx๐๐-x-x1234-x", SlipReading{Amount: 150050,
			Receiver: Party{AccountNo: "xxx-x-x1234-x", Name: "นาย ก"}, Found: FoundFields{Amount: true, ReceiverName: true, ReceiverAccount: true}}},
		{"TimeWithoutDate", "17:00", SlipReading{}},
		{"Empty", "", SlipReading{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ParseSlipText(c.text)
			if !sameReading(got, c.want) {
				t.Fatalf("got  %+v\nwant %+v", got, c.want)
			}
		})
	}
}

func sameReading(a, b SlipReading) bool {
	if (a.At == nil) != (b.At == nil) || a.At != nil && !a.At.Equal(*b.At) {
		return false
	}
	a.At, b.At = nil, nil
	return a == b
}
