package settings

import (
	"context"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"ngern/core/errs"
	"ngern/core/limits"
)

// TestTextLocaleParity: every seeded text is there in every language, with
// the Thai default's shape (the same fields, as many entries in a list, the
// same source codes).
func TestTextLocaleParity(t *testing.T) {
	for _, key := range textKeys {
		def, ok := Defaults()[key].(map[string]any)
		if !ok {
			t.Fatalf("%s: the default is not per language", key)
		}
		th, _ := json.Marshal(def[LangTH])
		for _, lang := range Langs {
			t.Run(key+"/"+lang, func(t *testing.T) {
				doc, _ := json.Marshal(def[lang])
				if !present(doc) {
					t.Fatalf("no %s text", lang)
				}
				if got, want := skeleton(t, doc), skeleton(t, th); !reflect.DeepEqual(got, want) {
					t.Fatalf("shape %v, Thai has %v", got, want)
				}
				same := map[string]func(json.RawMessage) (string, error){KeySources: sourceCodes, KeyAgreements: agreementsVersion}
				if of, ok := same[key]; ok {
					got, err := of(doc)
					if err != nil {
						t.Fatal(err)
					}
					want, err := of(th)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Fatalf("%s: %s, Thai has %s", key, got, want)
					}
				}
			})
		}
	}
}

// skeleton is a document with every string blanked: the shape texts of two
// languages share.
func skeleton(t *testing.T, doc json.RawMessage) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	return walkStrings(v, func(string) string { return "" })
}

func TestTextServedInLanguage(t *testing.T) {
	s, _ := newSeeded(t, nil)
	ctx := context.Background()
	cases := []struct {
		name, key, lang, want string
	}{
		{"ThaiConditions", KeyConditions, LangTH, "ถอนเงินขั้นต่ำ 100 บาท สูงสุด 50,000 บาทต่อครั้ง"},
		{"LaoConditions", KeyConditions, LangLA, "ຖອນເງິນຂັ້ນຕ່ຳ 100 ບາດ ສູງສຸດ 50,000 ບາດ"},
		{"EnglishConditions", KeyConditions, LangEN, "at least 100 and at most 50,000 baht"},
		{"EnglishSlipWindow", KeyConditions, LangEN, "within 1 h of the transfer. Slips are not accepted between 23:50 and 00:10"},
		{"EnglishDepositMethods", KeyConditions, LangEN, "Deposit by QR code; credit is added automatically within about 1 min"},
		{"EnglishTransfer", KeyConditions, LangEN, "at least 1 baht; the source and the destination must differ"},
		{"EnglishAgreements", KeyAgreements, LangEN, "18 or older"},
		{"LaoNotice", KeyNotice, LangLA, "ຕ່ຳກວ່າ %percentFail%%"},
		{"EnglishContact", KeyContact, LangEN, "Our team answers"},
		{"EnglishSources", KeySources, LangEN, `"A friend"`},
		{"NoLanguageIsThai", KeyConditions, "", "ถอนเงินขั้นต่ำ"},
		{"UnknownLanguageIsThai", KeyNotice, "fr", "หลังรับโบนัสนี้"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := textsIn(t, s, c.key, c.lang); !strings.Contains(got, c.want) {
				t.Fatalf("%s in %q lacks %q: %s", c.key, c.lang, c.want, got)
			}
		})
	}
	t.Run("OKMissingTranslationFallsBackToThai", func(t *testing.T) {
		if err := s.Put(ctx, KeyNotice, json.RawMessage(`{"th":{"notice":"ไทย %percentFail%"},"la":null}`)); err != nil {
			t.Fatal(err)
		}
		for _, lang := range []string{LangLA, LangEN} {
			if got := textsIn(t, s, KeyNotice, lang); got != `{"notice":"ไทย %percentFail%"}` {
				t.Errorf("%s: %s", lang, got)
			}
		}
		stored, _ := s.Value(ctx, KeyNotice)
		if got := MissingLangs(KeyNotice, stored); !reflect.DeepEqual(got, []string{LangLA, LangEN}) {
			t.Fatalf("missing %v in %s", got, stored)
		}
	})
	t.Run("OKDepositMethodsFollowTheSetting", func(t *testing.T) {
		s.store.PutSetting(ctx, KeyDeposit, json.RawMessage(`{"banks":[{"bankCode":"KBANK"}],"wallets":[{"mode":"truemoney"}],"isManual":false}`))
		if got := textsIn(t, s, KeyConditions, LangEN); !strings.Contains(got, "Deposit by bank transfer with a slip, QR code or TrueMoney gift link;") {
			t.Fatalf("conditions: %s", got)
		}
	})
}

func TestTextJoinList(t *testing.T) {
	bank, qr, gift := methodWords["bank"], methodWords["qr"], methodWords["wallet"]
	cases := []struct {
		name, lang string
		items      []string
		want       string
	}{
		{"EnglishOne", LangEN, []string{qr[LangEN]}, "QR code"},
		{"EnglishTwo", LangEN, []string{bank[LangEN], qr[LangEN]}, "bank transfer with a slip or QR code"},
		{"EnglishThree", LangEN, []string{bank[LangEN], qr[LangEN], gift[LangEN]}, "bank transfer with a slip, QR code or TrueMoney gift link"},
		{"EnglishFour", LangEN, []string{"a", "b", "c", "d"}, "a, b, c or d"},
		{"ThaiOne", LangTH, []string{bank[LangTH]}, "โอนเข้าบัญชีธนาคารแล้วแนบสลิป"},
		{"ThaiTwo", LangTH, []string{bank[LangTH], qr[LangTH]}, "โอนเข้าบัญชีธนาคารแล้วแนบสลิป หรือ สแกนคิวอาร์โค้ด"},
		{"ThaiThree", LangTH, []string{bank[LangTH], qr[LangTH], gift[LangTH]}, "โอนเข้าบัญชีธนาคารแล้วแนบสลิป สแกนคิวอาร์โค้ด หรือ ลิงก์ซองของขวัญ TrueMoney"},
		{"LaoOne", LangLA, []string{qr[LangLA]}, "ສະແກນຄິວອາໂຄດ"},
		{"LaoTwo", LangLA, []string{bank[LangLA], qr[LangLA]}, "ໂອນເຂົ້າບັນຊີທະນາຄານແລ້ວແນບສະລິບ ຫຼື ສະແກນຄິວອາໂຄດ"},
		{"LaoThree", LangLA, []string{bank[LangLA], qr[LangLA], gift[LangLA]}, "ໂອນເຂົ້າບັນຊີທະນາຄານແລ້ວແນບສະລິບ ສະແກນຄິວອາໂຄດ ຫຼື ລິ້ງຊອງຂອງຂວັນ TrueMoney"},
		{"None", LangEN, nil, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := joinList(c.lang, c.items); got != c.want {
				t.Fatalf("joinList(%s, %q) = %q, want %q", c.lang, c.items, got, c.want)
			}
		})
	}
}

func TestTextLaosBuild(t *testing.T) {
	store := &memStore{values: map[string]json.RawMessage{}}
	s := NewService(store, Config{Laos: true, QR: QRDeployment{}, Sealer: testSealer{}}, nil)
	if err := s.Seed(context.Background()); err != nil {
		t.Fatal(err)
	}
	// The seeded limits are kip-sized (limits.Kip), and the texts name them.
	cases := []struct{ name, lang, want string }{
		{"LaoWithdraw", "", "ຖອນເງິນຂັ້ນຕ່ຳ 50,000 ກີບ ສູງສຸດ 10,000,000 ກີບ ຕໍ່ຄັ້ງ"},
		{"LaoTransfer", LangLA, "ເກມຂັ້ນຕ່ຳ 1,000 ກີບ"},
		{"ThaiWithdraw", LangTH, "ถอนเงินขั้นต่ำ 50,000 กีบ สูงสุด 10,000,000 กีบต่อครั้ง"},
		{"ThaiTransfer", LangTH, "ขั้นต่ำ 1,000 กีบ"},
		{"EnglishWithdraw", LangEN, "Withdraw at least 50,000 and at most 10,000,000 kip at a time"},
		{"EnglishTransfer", LangEN, "at least 1,000 kip; the source"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := textsIn(t, s, KeyConditions, c.lang); !strings.Contains(got, c.want) {
				t.Errorf("%q: lacks %q: %s", c.lang, c.want, got)
			}
		})
	}
	t.Run("OKLimitsLookupInKip", func(t *testing.T) {
		l, err := s.Limits(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(l)
		if !strings.Contains(string(b), `"transferMin":1000.00`) {
			t.Fatalf("limits lookup: %s", b)
		}
	})
	t.Run("OKSeededSettingsInKip", func(t *testing.T) {
		ctx := context.Background()
		w, err := s.WithdrawLimits(ctx)
		if err != nil || w != (Withdraw{Min: limits.Kip.WithdrawMin, Max: limits.Kip.WithdrawMax}) {
			t.Errorf("withdraw %+v, %v", w, err)
		}
		if th, err := s.WithdrawApprovalThreshold(ctx); err != nil || th != limits.Kip.ApprovalThreshold {
			t.Errorf("approval threshold %s, %v", th, err)
		}
		if c, err := s.Coins(ctx); err != nil || c.DepositPerCoin != limits.Kip.DepositPerCoin {
			t.Errorf("coins %+v, %v", c, err)
		}
	})
}

func TestTextCheck(t *testing.T) {
	s, _ := newSeeded(t, nil)
	ctx := context.Background()
	cases := []struct {
		name, key, doc, why string
	}{
		{"ErrNoThai", KeyNotice, `{"la":{"notice":"x"},"en":{"notice":"x"}}`, "Thai text (th) is required"},
		{"ErrThaiNull", KeyNotice, `{"th":null,"en":{"notice":"x"}}`, "Thai text (th) is required"},
		{"ErrUnknownLanguage", KeyNotice, `{"th":{"notice":"x"},"fr":{"notice":"x"}}`, "unknown language fr"},
		{"ErrOldShape", KeyNotice, `{"notice":"x"}`, "unknown language notice"},
		{"ErrLanguageMissingField", KeyContact, `{"th":{"contactText":"","lineLink":"","lineName":"","lineQR":""},"en":{"contactText":""}}`, "lineLink: is missing"},
		{"ErrSourceCodesDiffer", KeySources, `{"th":[{"code":"A","description":"a"}],"en":[{"code":"B","description":"b"}]}`, "same source codes"},
		{"ErrAgreementVersionsDiffer", KeyAgreements, `{"th":{"version":"2","agreements":[]},"en":{"version":"1","agreements":[]}}`, "same version (en)"},
		{"ErrUnknownPlaceholderInLao", KeyConditions, `{"th":{"conditions":[]},"la":{"conditions":["{{depositMin}}"]}}`, "{{depositMin}}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := s.Put(ctx, c.key, json.RawMessage(c.doc))
			if !errs.HasCode(err, errs.InvalidRequest) || !strings.Contains(errs.As(err).Detail, c.why) {
				t.Fatalf("Put = %v", err)
			}
		})
	}
	t.Run("OKStoredWithEveryLanguage", func(t *testing.T) {
		if err := s.Put(ctx, KeyNotice, json.RawMessage(`{"th":{"notice":"a"},"en":{"notice":"b"}}`)); err != nil {
			t.Fatal(err)
		}
		stored, _ := s.Value(ctx, KeyNotice)
		if !sameJSON(stored, map[string]any{"th": map[string]any{"notice": "a"}, "la": nil, "en": map[string]any{"notice": "b"}}) {
			t.Fatalf("stored %s", stored)
		}
	})
}

// TestTextUpgrade: an install of the single-language version keeps what
// its operator wrote.
func TestTextUpgrade(t *testing.T) {
	thai := func(key string) json.RawMessage {
		b, _ := json.Marshal(Defaults()[key].(map[string]any)[LangTH])
		return b
	}
	t.Run("OKEditedTextKeptAsThai", func(t *testing.T) {
		edited := json.RawMessage(`{"contactText":"โทรหาเรา","lineLink":"https://line.me/x","lineName":"@x","lineQR":""}`)
		s, store := newSeeded(t, map[string]json.RawMessage{KeyContact: edited})
		want := map[string]any{"th": map[string]any{"contactText": "โทรหาเรา", "lineLink": "https://line.me/x", "lineName": "@x", "lineQR": ""}, "la": nil, "en": nil}
		if !sameJSON(store.values[KeyContact], want) {
			t.Fatalf("stored %s", store.values[KeyContact])
		}
		if got := textsIn(t, s, KeyContact, LangEN); !strings.Contains(got, "โทรหาเรา") {
			t.Fatalf("English asks get %s", got)
		}
		if got := MissingLangs(KeyContact, store.values[KeyContact]); !reflect.DeepEqual(got, []string{LangLA, LangEN}) {
			t.Fatalf("missing %v", got)
		}
	})
	t.Run("OKEditedInfoGainsTheHowtoTitles", func(t *testing.T) {
		edited := json.RawMessage(`{"name":"Ours","website":"https://ours.example","howtoVideos":{"wallet":"https://v.example/w.mp4","play":null,"balance":null,"bonus":null,"bonusCancel":null}}`)
		s, _ := newSeeded(t, map[string]json.RawMessage{KeyInfo: edited})
		got := textsIn(t, s, KeyInfo, LangEN)
		for _, want := range []string{`"name":"Ours"`, `"wallet":"https://v.example/w.mp4"`, `"wallet":"วิธีใช้งานกระเป๋าเงิน"`} {
			if !strings.Contains(got, want) {
				t.Errorf("info lacks %s: %s", want, got)
			}
		}
		if _, err := s.Check(context.Background(), KeyInfo, json.RawMessage(`{"th":`+textsIn(t, s, KeyInfo, LangTH)+`}`)); err != nil {
			t.Fatalf("the upgraded info does not pass Check: %v", err)
		}
	})
	t.Run("OKUneditedTextGetsEveryLanguage", func(t *testing.T) {
		for _, key := range textKeys {
			if key == KeyConditions || key == KeyInfo {
				continue // the old default is retired (TestSeedRenewsRetiredTexts)
			}
			_, store := newSeeded(t, map[string]json.RawMessage{key: thai(key)})
			if !sameJSON(store.values[key], Defaults()[key]) {
				t.Errorf("%s stored %s", key, store.values[key])
			}
		}
	})
	t.Run("OKUpgradedTextLeftAlone", func(t *testing.T) {
		doc := json.RawMessage(`{"th":{"notice":"ก"},"la":null,"en":{"notice":"e"}}`)
		_, store := newSeeded(t, map[string]json.RawMessage{KeyNotice: doc})
		if string(store.values[KeyNotice]) != string(doc) {
			t.Fatalf("stored %s", store.values[KeyNotice])
		}
	})
}
