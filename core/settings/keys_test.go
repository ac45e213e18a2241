package settings

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"ngern/core/errs"
)

// TestSettingKeys: every key's definition accepts its default and refuses
// what the server cannot use, with the code the console shows too.
func TestSettingKeys(t *testing.T) {
	s, _ := newSeeded(t, nil)
	ctx := context.Background()
	ok := errs.Code("")
	th := func(doc string) string { return `{"th":` + doc + `}` }
	contact := func(link, qr string) string {
		return th(`{"contactText":"x","lineLink":` + link + `,"lineName":"@x","lineQR":` + qr + `}`)
	}
	info := func(website, video string) string {
		return th(`{"name":"N","website":` + website + `,"howtoVideos":{"wallet":` + video +
			`,"play":null,"balance":"","bonus":null,"bonusCancel":null},"howtoTitles":{"wallet":"a","play":"b","balance":"c","bonus":"d","bonusCancel":"e"}}`)
	}
	slip := func(size, hours, from string) string {
		return `{"maxSizeMB":` + size + `,"uploadWithinHours":` + hours + `,"closedFrom":` + from + `,"closedTo":"00:10"}`
	}
	auto := func(max, dayTotal, count, pct string) string {
		return `{"enabled":true,"maxAmount":` + max + `,"maxDayTotal":` + dayTotal + `,"maxDayCount":` + count +
			`,"minAccountAgeDays":0,"requireNoBonus":true,"minDepositPercent":` + pct + `}`
	}
	cases := []struct {
		key, name, doc string
		want           errs.Code
	}{
		{KeySources, "OK", th(`[{"code":"LINE","description":"LINE"}]`), ok},
		{KeySources, "ErrNoCode", th(`[{"code":"","description":"x"}]`), errs.InvalidRequest},
		{KeySources, "ErrNotAList", th(`{"code":"A"}`), errs.InvalidRequest},
		{KeyInfo, "OK", info(`"https://ngern.example"`, `"https://v.example/1"`), ok},
		{KeyInfo, "OKVideoOfThisServer", info(`"https://ngern.example"`, `"/media/howto/th/wallet.mp4"`), ok},
		{KeyInfo, "ErrHTTPVideo", info(`"https://ngern.example"`, `"http://v.example/1.mp4"`), errs.SettingURLInvalid},
		{KeyInfo, "ErrHTTPWebsite", info(`"http://ngern.example"`, `null`), errs.SettingURLInvalid},
		{KeyInfo, "ErrScriptVideo", info(`"https://ngern.example"`, `"javascript:alert(1)"`), errs.SettingURLInvalid},
		{KeyInfo, "ErrTitlesMissing", th(`{"name":"N","website":"https://a.example","howtoVideos":{}}`), errs.InvalidRequest},
		{KeyContact, "OK", contact(`"https://line.me/R/ti/p/@x"`, `"/api/objects/qr.png"`), ok},
		{KeyContact, "OKNoLink", contact(`""`, `""`), ok},
		{KeyContact, "ErrLinkNotURL", contact(`"call us"`, `""`), errs.SettingURLInvalid},
		{KeyContact, "ErrLinkJavascript", contact(`"javascript:alert(1)"`, `""`), errs.SettingURLInvalid},
		{KeyContact, "ErrLinkHTTP", contact(`"http://line.me/x"`, `""`), errs.SettingURLInvalid},
		{KeyContact, "ErrQRData", contact(`""`, `"data:image/png;base64,AAAA"`), errs.SettingURLInvalid},
		{KeyContact, "ErrLinkNumber", contact(`5`, `""`), errs.InvalidRequest},
		{KeyConditions, "OK", th(`{"conditions":["<p>{{transferMin}}</p>"]}`), ok},
		{KeyConditions, "ErrNotText", th(`{"conditions":[1]}`), errs.InvalidRequest},
		{KeyConditions, "ErrUnknownPlaceholder", th(`{"conditions":["{{nope}}"]}`), errs.InvalidRequest},
		{KeyAgreements, "OK", th(`{"version":"2","agreements":["<p>a</p>"]}`), ok},
		{KeyAgreements, "ErrNoVersion", th(`{"agreements":[]}`), errs.InvalidRequest},
		{KeyNotice, "OK", th(`{"notice":"%percentFail%"}`), ok},
		{KeyNotice, "ErrNotText", th(`{"notice":true}`), errs.InvalidRequest},
		{KeyWithdraw, "OK", `{"withdrawMin":100,"withdrawMax":50000.5}`, ok},
		{KeyWithdraw, "ErrMinAboveMax", `{"withdrawMin":500,"withdrawMax":100}`, errs.InvalidRequest},
		{KeyWithdraw, "ErrZero", `{"withdrawMin":0,"withdrawMax":100}`, errs.InvalidRequest},
		{KeyWithdraw, "ErrThreeDecimals", `{"withdrawMin":1.005,"withdrawMax":100}`, errs.InvalidRequest},
		{KeyWithdraw, "ErrAboveLedger", `{"withdrawMin":1,"withdrawMax":10000000.01}`, errs.SettingNotHonoured},
		{KeySlip, "OK", slip("5", "2", `"23:50"`), ok},
		{KeySlip, "OKAtHardCap", slip("10", "1", `""`), ok},
		{KeySlip, "ErrAboveHardCap", slip("11", "1", `""`), errs.SettingNotHonoured},
		{KeySlip, "ErrZeroHours", slip("5", "0", `""`), errs.InvalidRequest},
		{KeySlip, "ErrFractionalHours", slip("5", "1.5", `""`), errs.InvalidRequest},
		{KeySlip, "ErrClock", slip("5", "1", `"25:00"`), errs.InvalidRequest},
		{KeyDeposit, "OK", `{"banks":[{"bankCode":"KBANK","bankAccountNo":"123-456-7890","bankAccountName":"Ngern"}],"wallets":[],"isManual":false}`, ok},
		{KeyDeposit, "ErrUnknownBank", `{"banks":[{"bankCode":"NOPE","bankAccountNo":"1234567890","bankAccountName":"N"}],"wallets":[],"isManual":false}`, errs.InvalidRequest},
		{KeyDeposit, "ErrWalletPhone", `{"banks":[],"wallets":[{"walletAccountName":"N","walletAccountNo":"12"}],"isManual":false}`, errs.InvalidRequest},
		{KeyDeposit, "ErrManualNotBool", `{"banks":[],"wallets":[],"isManual":"no"}`, errs.InvalidRequest},
		{KeyChat, "OK", `{"enableChatWidget":true}`, ok},
		{KeyChat, "ErrNotBool", `{"enableChatWidget":1}`, errs.InvalidRequest},
		{KeyActive, "OK", `{"terminated":false}`, ok},
		{KeyActive, "ErrMissing", `{}`, errs.InvalidRequest},
		{KeyApprovalThreshold, "OK", `{"amount":20000}`, ok},
		{KeyApprovalThreshold, "ErrNegative", `{"amount":-1}`, errs.InvalidRequest},
		{KeyApprovalThreshold, "ErrAboveLedger", `{"amount":99999999}`, errs.SettingNotHonoured},
		{KeyCoins, "OK", `{"depositPerCoin":100}`, ok},
		{KeyCoins, "ErrZero", `{"depositPerCoin":0}`, errs.InvalidRequest},
		{KeyCoins, "ErrNotJSON", `{"depositPerCoin":`, errs.InvalidRequest},
		{KeyAutoWithdraw, "OK", auto("1000", "5000", "3", "50"), ok},
		{KeyAutoWithdraw, "OKAtFourEyesThreshold", auto("20000", "20000", "1", "0"), ok},
		{KeyAutoWithdraw, "ErrAboveFourEyesThreshold", auto("20000.01", "50000", "1", "0"), errs.InvalidRequest},
		{KeyAutoWithdraw, "ErrMaxAboveDayTotal", auto("1000", "999.99", "3", "0"), errs.InvalidRequest},
		{KeyAutoWithdraw, "ErrZeroCount", auto("1000", "5000", "0", "0"), errs.InvalidRequest},
		{KeyAutoWithdraw, "ErrNegativePercent", auto("1000", "5000", "1", "-1"), errs.InvalidRequest},
		{KeyAutoWithdraw, "ErrFractionalPercent", auto("1000", "5000", "1", "0.5"), errs.InvalidRequest},
		{KeyAutoWithdraw, "ErrMissing", `{"enabled":true}`, errs.InvalidRequest},
	}
	tested := map[string]bool{}
	for _, c := range cases {
		tested[c.key] = true
		t.Run(c.key+"/"+c.name, func(t *testing.T) {
			_, err := s.Check(ctx, c.key, json.RawMessage(c.doc))
			if c.want == ok {
				if err != nil {
					t.Fatalf("Check = %v", err)
				}
				return
			}
			if !errs.HasCode(err, c.want) {
				t.Fatalf("Check = %v, want %s", err, c.want)
			}
			if c.name == "ErrAboveFourEyesThreshold" && errs.As(err).Field != "maxAmount" {
				t.Fatalf("field %q, want maxAmount", errs.As(err).Field)
			}
		})
	}
	for _, key := range sortedNames() {
		if !tested[key] {
			t.Errorf("%s has no case", key)
		}
	}
}

// TestSettingDefaultsPass: every default passes its own schema, in the
// Thai install and with the kip amounts of the Laos one.
func TestSettingDefaultsPass(t *testing.T) {
	thai, _ := newSeeded(t, nil)
	laos := NewService(&memStore{values: map[string]json.RawMessage{}}, Config{Laos: true, Sealer: testSealer{}}, nil)
	if err := laos.Seed(context.Background()); err != nil {
		t.Fatal(err)
	}
	for name, s := range map[string]*Service{"Thailand": thai, "Laos": laos} {
		t.Run(name, func(t *testing.T) {
			for _, key := range sortedNames() {
				doc, err := s.Value(context.Background(), key)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Check(context.Background(), key, doc); err != nil {
					t.Errorf("default %s: %v", key, err)
				}
			}
		})
	}
	if len(Schemas()) != len(Defaults()) {
		t.Errorf("%d schemas for %d settings", len(Schemas()), len(Defaults()))
	}
}

// TestSchemaPatternsCompile: the schemas are served to the console, whose
// JavaScript reads the same patterns.
func TestSchemaPatternsCompile(t *testing.T) {
	raw, err := json.Marshal(Schemas())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`"pattern":"((?:[^"\\]|\\.)*)"`).FindAllStringSubmatch(string(raw), -1) {
		var p string
		if err := json.Unmarshal([]byte(`"`+m[1]+`"`), &p); err != nil {
			t.Fatal(err)
		}
		if _, err := regexp.Compile(p); err != nil || strings.Contains(p, "(?") {
			t.Errorf("pattern %s: %v (keep to the syntax both Go and JavaScript read)", p, err)
		}
	}
}
