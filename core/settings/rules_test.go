package settings

import (
	"context"
	"encoding/json"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// memStore is an in-memory Store.
type memStore struct {
	values map[string]json.RawMessage
	banks  []Bank
	qr     map[string]QRProviderRow
}

func (m *memStore) Setting(_ context.Context, key string) (json.RawMessage, error) {
	v, ok := m.values[key]
	if !ok {
		return nil, errs.New(errs.NoData)
	}
	return v, nil
}

func (m *memStore) PutSetting(_ context.Context, key string, value json.RawMessage) error {
	m.values[key] = value
	return nil
}

func (m *memStore) SeedSettings(_ context.Context, values map[string]json.RawMessage) error {
	for k, v := range values {
		if _, ok := m.values[k]; !ok {
			m.values[k] = v
		}
	}
	return nil
}

func (m *memStore) Banks(_ context.Context, country string) ([]Bank, error) {
	var out []Bank
	for _, b := range m.banks {
		if b.Country == country && b.Active {
			out = append(out, b)
		}
	}
	sortBanks(out)
	return out, nil
}

func (m *memStore) AllBanks(_ context.Context, country string) ([]Bank, error) {
	var out []Bank
	for _, b := range m.banks {
		if b.Country == country {
			out = append(out, b)
		}
	}
	sortBanks(out)
	return out, nil
}

// sortBanks orders banks as the store does: by sort, then code.
func sortBanks(b []Bank) {
	sort.Slice(b, func(i, j int) bool {
		if b[i].Sort != b[j].Sort {
			return b[i].Sort < b[j].Sort
		}
		return b[i].Code < b[j].Code
	})
}

func (m *memStore) UpdateBank(_ context.Context, code string, f BankFlags) (Bank, error) {
	for i, b := range m.banks {
		if b.Code == code {
			b.EnglishOnly, b.Active, b.Sort = f.EnglishOnly, f.Active, f.Sort
			m.banks[i] = b
			return b, nil
		}
	}
	return Bank{}, errs.New(errs.NotFoundCode)
}

func (m *memStore) Bank(_ context.Context, code string) (Bank, error) {
	for _, b := range m.banks {
		if b.Code == code {
			return b, nil
		}
	}
	return Bank{}, errs.New(errs.InvalidBank)
}

func (m *memStore) SeedBanks(_ context.Context, banks []Bank) error {
	if len(m.banks) == 0 {
		m.banks = banks
	}
	return nil
}

func newSeeded(t *testing.T, stored map[string]json.RawMessage) (*Service, *memStore) {
	t.Helper()
	if stored == nil {
		stored = map[string]json.RawMessage{}
	}
	store := &memStore{values: stored}
	ready := map[string]bool{}
	for _, c := range QRProviderCodes() {
		ready[c] = true
	}
	s := NewService(store, Config{AppVersion: "1.1.14", QR: QRDeployment{Ready: ready}, Sealer: testSealer{}}, nil)
	if err := s.Seed(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := s.SeedQRProviders(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	return s, store
}

// texts returns a text lookup as served in Thai.
func texts(t *testing.T, s *Service, name string) string {
	t.Helper()
	return textsIn(t, s, name, LangTH)
}

// textsIn returns a text lookup as served in lang.
func textsIn(t *testing.T, s *Service, name, lang string) string {
	t.Helper()
	v, err := s.Lookup(context.Background(), name, lang)
	if err != nil {
		t.Fatal(err)
	}
	raw, ok := v.(json.RawMessage)
	if !ok {
		t.Fatalf("%s is a %T", name, v)
	}
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s: %v in %s", name, err, raw)
	}
	return string(raw)
}

// TestLimitsLookup: the lookup serves every limit of core/limits with the
// value the apps' generated table holds (core/limits/gen writes the same
// table), and the QR channels.
func TestLimitsLookup(t *testing.T) {
	s, _ := newSeeded(t, nil)
	v, err := s.Lookup(context.Background(), KeyLimits, "")
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(v)
	var got map[string]json.RawMessage
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatal(err)
	}
	for _, l := range limits.Table() {
		want, _ := json.Marshal(l.Value)
		if string(got[l.Name]) != string(want) {
			t.Errorf("%s served %s, want %s", l.Name, got[l.Name], want)
		}
	}
	if len(got) != len(limits.Table())+2 {
		t.Errorf("served %d fields, want the %d limits, appVersion and qr", len(got), len(limits.Table()))
	}
	if string(got["appVersion"]) != `"1.1.14"` || string(got["transferMin"]) != "1.00" {
		t.Errorf("limits %s", raw)
	}
	wantQR := `[{"code":"kbank","min":0.01,"quickAmounts":[10.00,20.00,50.00,100.00,500.00,1000.00]},` +
		`{"code":"WW","min":100.00,"quickAmounts":[100.00,200.00,300.00,500.00,1000.00]},` +
		`{"code":"PAYTIMZ","min":10.00,"quickAmounts":[10.00,50.00,100.00,500.00,1000.00]},` +
		`{"code":"PAYONEX","min":100.00,"quickAmounts":[100.00,200.00,300.00,500.00,1000.00]},` +
		`{"code":"FP","min":10.00,"quickAmounts":[10.00,50.00,100.00,500.00,1000.00]}]`
	if string(got["qr"]) != wantQR {
		t.Fatalf("qr\n got %s\nwant %s", got["qr"], wantQR)
	}
}

func TestTextsFilledFromValues(t *testing.T) {
	ctx := context.Background()
	s, _ := newSeeded(t, nil)
	conditions := texts(t, s, KeyConditions)
	for _, want := range []string{"ขั้นต่ำ 100 บาท สูงสุด 50,000 บาท", "ขั้นต่ำ 1 บาท"} {
		if !strings.Contains(conditions, want) {
			t.Errorf("conditions lack %q: %s", want, conditions)
		}
	}
	if strings.Contains(conditions, "{{") || strings.Contains(conditions, `\u003c`) {
		t.Fatalf("conditions not filled, or HTML escaped: %s", conditions)
	}

	t.Run("OKEditedLimitShowsAtOnce", func(t *testing.T) {
		if err := s.Put(ctx, KeyWithdraw, json.RawMessage(`{"withdrawMin":250.5,"withdrawMax":1234567}`)); err != nil {
			t.Fatal(err)
		}
		if c := texts(t, s, KeyConditions); !strings.Contains(c, "ขั้นต่ำ 250.50 บาท สูงสุด 1,234,567 บาท") {
			t.Fatalf("conditions after the edit: %s", c)
		}
	})
	t.Run("OKOperatorTextWithPlaceholders", func(t *testing.T) {
		doc := `{"th":{"version":"2","agreements":["<p>v{{ appVersion }}, slips within {{slipWithinHours}} h, gift links from {{giftLinkMin}}</p>"]}}`
		if err := s.Put(ctx, KeyAgreements, json.RawMessage(doc)); err != nil {
			t.Fatal(err)
		}
		if a := texts(t, s, KeyAgreements); !strings.Contains(a, "<p>v1.1.14, slips within 1 h, gift links from 2</p>") {
			t.Fatalf("agreements: %s", a)
		}
		stored, _ := s.store.Setting(ctx, KeyAgreements)
		if !strings.Contains(string(stored), "{{slipWithinHours}}") {
			t.Fatalf("the placeholder is not kept in store: %s", stored)
		}
	})
	t.Run("ErrUnknownPlaceholder", func(t *testing.T) {
		err := s.Put(ctx, KeyConditions, json.RawMessage(`{"th":{"conditions":["min {{depositMin}} and {{transferMin}}"]}}`))
		if !errs.HasCode(err, errs.InvalidRequest) || !strings.Contains(errs.As(err).Detail, "{{depositMin}}") {
			t.Fatalf("Put = %v", err)
		}
	})
}

// TestDefaultTextsNameNoNumber: a number written into a seeded text would
// lie once the operator edits the value; every value comes through a
// placeholder, and every placeholder is known. The one number left is the
// legal age, a condition on the member rather than a value of the product.
func TestDefaultTextsNameNoNumber(t *testing.T) {
	number := regexp.MustCompile(`[0-9๐-๙][0-9๐-๙,.]*`)
	for _, key := range []string{KeyConditions, KeyAgreements} {
		for _, lang := range Langs {
			t.Run(key+"/"+lang, func(t *testing.T) { defaultNamesNoNumber(t, key, Defaults()[key].(map[string]any)[lang], number) })
		}
	}
}

func defaultNamesNoNumber(t *testing.T, key string, def any, number *regexp.Regexp) {
	{
		doc, _ := json.Marshal(def)
		if unknown := unknownPlaceholders(doc); len(unknown) > 0 {
			t.Errorf("%s: unknown placeholders %v", key, unknown)
		}
		var v map[string][]string
		json.Unmarshal(doc, &v)
		for _, text := range v[key] {
			for _, n := range number.FindAllString(placeholder.ReplaceAllString(text, ""), -1) {
				if n != "18" {
					t.Errorf("%s names %s outside a placeholder: %s", key, n, text)
				}
			}
		}
		if len(v[key]) == 0 {
			t.Fatalf("%s: no texts in %s", key, doc)
		}
	}
}

func TestSeedRenewsRetiredTexts(t *testing.T) {
	for key, list := range retiredDefaults() {
		for i, old := range list {
			retired, _ := json.Marshal(old)
			t.Run("OKUneditedRetiredTextReplaced/"+key+"/"+strconv.Itoa(i), func(t *testing.T) {
				s, store := newSeeded(t, map[string]json.RawMessage{key: retired})
				if !sameJSON(store.values[key], Defaults()[key]) {
					t.Fatalf("stored %s", store.values[key])
				}
				if c := texts(t, s, key); strings.Contains(c, "ยังไม่เปิดรับฝาก") || strings.Contains(c, "ระบบจะตัดโบนัส") {
					t.Fatalf("still the retired text: %s", c)
				}
			})
		}
	}
}

func TestSlipSetting(t *testing.T) {
	s, _ := newSeeded(t, nil)
	ctx := context.Background()
	for _, doc := range []string{
		`{"maxSizeMB":10,"uploadWithinHours":0,"closedFrom":"23:50","closedTo":"00:10"}`,
		`{"maxSizeMB":0,"uploadWithinHours":1,"closedFrom":"23:50","closedTo":"00:10"}`,
		`{"maxSizeMB":10,"uploadWithinHours":1.5,"closedFrom":"23:50","closedTo":"00:10"}`,
	} {
		if err := s.Put(ctx, KeySlip, json.RawMessage(doc)); !errs.HasCode(err, errs.InvalidRequest) {
			t.Errorf("Put %s = %v", doc, err)
		}
	}
	if err := s.Put(ctx, KeySlip, json.RawMessage(`{"maxSizeMB":5,"uploadWithinHours":2,"closedFrom":"","closedTo":""}`)); err != nil {
		t.Fatal(err)
	}
	values, err := s.Placeholders(ctx, LangTH)
	if err != nil || values["slipWithinHours"] != "2" {
		t.Fatalf("Placeholders = %v, %v", values, err)
	}
}

func TestBahtText(t *testing.T) {
	cases := map[money.Satang]string{
		0: "0", 1: "0.01", 100: "1", 250: "2.50", 99999: "999.99", 100000: "1,000", 5000000: "50,000",
		123456789: "1,234,567.89", -150: "-1.50",
	}
	for in, want := range cases {
		if got := bahtText(in); got != want {
			t.Errorf("bahtText(%d) = %q, want %q", in, got, want)
		}
	}
}
