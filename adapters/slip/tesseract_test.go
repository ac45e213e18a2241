package slip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"ngern/adapters/slip/sliptest"
	"ngern/core/deposit"
	"ngern/core/limits"
	"ngern/core/money"
)

// needTesseract answers the adapter on the installed engine; the test is
// skipped without one, except under CI, where the engine is installed
// (.ci/run) and its absence fails.
func needTesseract(t *testing.T) *Tesseract {
	t.Helper()
	tess, err := NewTesseract(context.Background(), TesseractConfig{})
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("CI runs the OCR tests: %v", err)
		}
		t.Skipf("no OCR engine: %v", err)
	}
	return tess
}

// accuracySlips are slips the simulated bank renders, in Thai and English.
func accuracySlips() []SlipImage {
	type party struct{ bank, no, th, en string }
	senders := []party{
		{"SCB", "xxx-x-x4321-x", "นาย สมชาย ใจดี", "MR SOMCHAI JAIDEE"},
		{"KBANK", "xxx-x-x8765-x", "นางสาว สุดา รักไทย", "MS SUDA RAKTHAI"},
		{"BBL", "xxx-x-x1029-x", "นาย ประเสริฐ ม", "MR PRASERT M"},
		{"KTB", "xxx-x-x5566-x", "นาง วิไล ศรีสุข", "MRS WILAI SRISUK"},
		{"BAY", "xxx-x-x7410-x", "นาย ธนา ก", "MR THANA K"},
		{"TMB", "xxx-x-x3690-x", "นางสาว พิมพ์ชนก ส", "MS PIMCHANOK S"},
	}
	amounts := []money.Satang{50000, 150050, 99, 2500000, 123456789, 30075}
	out := []SlipImage{}
	for _, lang := range []string{"th", "en"} {
		for i, s := range senders {
			from := deposit.Party{BankCode: s.bank, AccountNo: s.no, Name: s.en}
			to := deposit.Party{BankCode: "KBANK", AccountNo: "xxx-x-x2333-x", Name: "NGERN DEMO CO LTD"}
			if lang == "th" {
				from.Name, to.Name = s.th, "บจก. เงิน เดโม"
			}
			out = append(out, SlipImage{BankCode: s.bank, BOTCode: "004", TransRef: fmt.Sprintf("0163301234%02dABC01234", i),
				Amount: amounts[i], From: from, To: to, Lang: lang,
				TransferredAt: time.Date(2026, time.Month(1+i*2), 3+i*4, 1+i*3, 7*i, 0, 0, limits.Zone)})
		}
	}
	return out
}

// TestTesseractAccuracy reads the simulated bank's Thai and English slips,
// each as rendered (PNG) and as a phone passes a screenshot on (scaled to
// three quarters, JPEG at quality 70), and prints how many of each field
// it read right per kind (run it with -v; docs/adapters.md records the
// figures). It fails on any wrong amount read, and when a field falls
// under the floor it is held to.
func TestTesseractAccuracy(t *testing.T) {
	tess := needTesseract(t)
	fields := []string{"amount", "date+time", "sender name", "sender account", "sender bank", "receiver name",
		"receiver account", "receiver bank", "bank"}
	kinds := []string{"th png", "th jpeg", "en png", "en jpeg"}
	right := map[string]map[string]int{}
	for _, k := range kinds {
		right[k] = map[string]int{}
	}
	total := map[string]int{}
	var mu sync.Mutex
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for _, s := range accuracySlips() {
		img, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, form := range []string{"png", "jpeg"} {
			kind := s.Lang + " " + form
			data := img
			if form == "jpeg" {
				data = screenshot(t, img)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				r, err := tess.ReadSlip(context.Background(), data)
				if err != nil {
					t.Errorf("%s slip %s: %v", kind, s.TransRef, err)
				}
				ok := map[string]bool{
					"amount":           r.Found.Amount && r.Amount == s.Amount,
					"date+time":        r.At != nil && r.Found.Time && r.At.Equal(s.TransferredAt.Truncate(time.Minute)),
					"sender name":      r.Found.SenderName && r.Sender.Name == s.From.Name,
					"sender account":   r.Found.SenderAccount && sameDigits(r.Sender.AccountNo, s.From.AccountNo),
					"sender bank":      r.Found.SenderBank && r.Sender.BankCode == s.From.BankCode,
					"receiver name":    r.Found.ReceiverName && r.Receiver.Name == s.To.Name,
					"receiver account": r.Found.ReceiverAccount && sameDigits(r.Receiver.AccountNo, s.To.AccountNo),
					"receiver bank":    r.Found.ReceiverBank && r.Receiver.BankCode == s.To.BankCode,
					"bank":             r.Found.Bank && r.Bank == s.BankCode,
				}
				mu.Lock()
				defer mu.Unlock()
				total[kind]++
				for f, good := range ok {
					switch {
					case good:
						right[kind][f]++
					case f == "amount" && r.Found.Amount:
						t.Errorf("%s slip %s: read the amount %s, printed %s", kind, s.TransRef, r.Amount, s.Amount)
					default:
						t.Logf("%s slip %s: %s not read right", kind, s.TransRef, f)
					}
				}
			}()
		}
	}
	wg.Wait()
	var b strings.Builder
	fmt.Fprintf(&b, "\n%-18s", "field")
	for _, k := range kinds {
		fmt.Fprintf(&b, " %9s", k)
	}
	for _, f := range fields {
		fmt.Fprintf(&b, "\n%-18s", f)
		for _, k := range kinds {
			fmt.Fprintf(&b, " %6d/%-2d", right[k][f], total[k])
		}
	}
	t.Log(b.String())
	// The floors, a little under what the engine reads today (Debian
	// bookworm's Tesseract 5.3 and its tha model), for the fields the
	// review pre-fills. Thai names lose a space or a mark now and then.
	floors := map[string]map[string]int{
		"th png":  {"amount": 6, "date+time": 4, "sender name": 3, "sender account": 4},
		"th jpeg": {"amount": 6, "date+time": 4, "sender name": 3, "sender account": 4},
		"en png":  {"amount": 6, "date+time": 5, "sender name": 5, "sender account": 5},
		"en jpeg": {"amount": 6, "date+time": 5, "sender name": 5, "sender account": 5},
	}
	for kind, fs := range floors {
		for f, floor := range fs {
			if right[kind][f] < floor {
				t.Errorf("%s %s: %d of %d read right, under %d", kind, f, right[kind][f], total[kind], floor)
			}
		}
	}
}

// screenshot is a slip as a phone passes it on: scaled to three quarters
// and saved as JPEG at quality 70.
func screenshot(t *testing.T, pngData []byte) []byte {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		t.Fatal(err)
	}
	b := src.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx()*3/4, b.Dy()*3/4))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, b, xdraw.Over, nil)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: 70}); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// sameDigits compares masked numbers as the core does, digit by digit:
// a dash lost by the OCR changes nothing.
func sameDigits(a, b string) bool {
	return strings.ReplaceAll(a, "-", "") == strings.ReplaceAll(b, "-", "")
}

// TestTesseractConformance runs the port's kit on a Thai and an English
// slip of the simulated bank.
func TestTesseractConformance(t *testing.T) {
	tess := needTesseract(t)
	all := accuracySlips()
	var slips []sliptest.OCRSlip
	for _, s := range []SlipImage{all[1], all[len(all)-1]} {
		img, err := Render(s)
		if err != nil {
			t.Fatal(err)
		}
		slips = append(slips, sliptest.OCRSlip{Name: s.Lang, Image: img, Amount: s.Amount, At: s.TransferredAt.Truncate(time.Minute)})
	}
	sliptest.RunOCR(t, tess, slips)
}

// fakeEngine writes a shell script standing for the engine.
func fakeEngine(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "tesseract")
	script := "#!/bin/sh\nif [ \"$1\" = --list-langs ]; then printf 'List of available languages (3):\\neng\\nosd\\ntha\\n'; exit 0; fi\n" + body
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestTesseractCommand drives the adapter with a fake engine: what it
// passes, what it reads back, and how it fails.
func TestTesseractCommand(t *testing.T) {
	slip, err := Render(accuracySlips()[0])
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	cases := []struct {
		name   string
		body   string
		image  []byte
		amount money.Satang
		err    error // nil: read; ErrNoText; errAny: another error
	}{
		{"Reads", `[ "$1 $2 $3 $4 $5 $6" = "stdin stdout -l tha+eng --psm 4" ] || exit 9
[ "$OMP_THREAD_LIMIT" = 1 ] || exit 8
cat >/dev/null; printf 'จำนวนเงิน\n1,500.50 บาท\n'`, slip, 150050, nil},
		{"NothingRead", "cat >/dev/null; printf '\\n'", slip, 0, deposit.ErrNoText},
		{"NotAnImage", "printf 'THB 1.00'", []byte("GIF89a not a slip"), 0, deposit.ErrNoText},
		{"EngineFails", "echo 'Error in pixReadStream' >&2; exit 1", slip, 0, errAny},
		{"Timeout", "sleep 5", slip, 0, context.DeadlineExceeded},
		{"EndlessOutput", "cat >/dev/null; printf 'THB 7.00\\n'; yes 'x' | head -c 1000000", slip, 700, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tess, err := NewTesseract(ctx, TesseractConfig{Command: fakeEngine(t, c.body), Timeout: 300 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			r, err := tess.ReadSlip(ctx, c.image)
			switch {
			case c.err == nil && err != nil, c.err == errAny && err == nil,
				c.err != nil && c.err != errAny && !errors.Is(err, c.err):
				t.Fatalf("err = %v, want %v", err, c.err)
			}
			if r.Amount != c.amount {
				t.Fatalf("amount %s, want %s", r.Amount, c.amount)
			}
			if time.Since(start) > 3*time.Second {
				t.Fatal("the timeout did not stop the engine")
			}
		})
	}
}

var errAny = errors.New("any error")

// TestNewTesseract: OCR is off, with the reason, when the engine or a
// model is missing.
func TestNewTesseract(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	noThai := filepath.Join(dir, "tesseract")
	if err := os.WriteFile(noThai, []byte("#!/bin/sh\nprintf 'List of available languages (1):\\neng\\n'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ name, cmd, want string }{
		{"Absent", filepath.Join(dir, "none"), "not installed"},
		{"NoThaiModel", noThai, "tesseract-ocr-tha"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := NewTesseract(ctx, TesseractConfig{Command: c.cmd}); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
