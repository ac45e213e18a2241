package settings

import (
	"context"
	"encoding/json"
	"sort"
	"strings"
)

// The languages of the member-facing texts. Thai is the fallback: a text
// the operator has not translated is served in Thai.
const (
	LangTH = "th"
	LangLA = "la"
	LangEN = "en"
)

// Langs lists the languages every operator-editable text is kept in.
var Langs = []string{LangTH, LangLA, LangEN}

// textKeys are the lookups stored per language: each document is
// {"th": <lookup>, "la": <lookup>|null, "en": <lookup>|null}, where
// <lookup> has the shape the apps read (the lookup's default in Thai).
var textKeys = []string{KeySources, KeyInfo, KeyContact, KeyConditions, KeyAgreements, KeyNotice}

// IsText reports whether a stored lookup is kept per language.
func IsText(name string) bool { return contains(textKeys, name) }

// ValidLang reports whether lang is one of Langs.
func ValidLang(lang string) bool { return contains(Langs, lang) }

// DefaultLang is the language a request that names none is answered in:
// Lao in the Laos build, Thai otherwise.
func (s *Service) DefaultLang() string {
	if s.cfg.Laos {
		return LangLA
	}
	return LangTH
}

// perLang splits a stored text document by language; ok is false for a
// document of the old, single-language shape.
func perLang(doc json.RawMessage) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, false
	}
	if _, ok := m[LangTH]; !ok {
		return nil, false
	}
	for k := range m {
		if !ValidLang(k) {
			return nil, false
		}
	}
	return m, true
}

// present reports whether a language's document is there (not absent or null).
func present(doc json.RawMessage) bool {
	return len(doc) > 0 && strings.TrimSpace(string(doc)) != "null"
}

// inLang picks lang's document of a stored text: lang, then the install's
// default language, then Thai.
func (s *Service) inLang(doc json.RawMessage, lang string) json.RawMessage {
	m, ok := perLang(doc)
	if !ok {
		return doc // not upgraded yet: the one language there is
	}
	for _, l := range []string{lang, s.DefaultLang(), LangTH} {
		if present(m[l]) {
			return m[l]
		}
	}
	return m[LangTH]
}

// text returns lang's document of a stored text lookup.
func (s *Service) text(ctx context.Context, name, lang string) (json.RawMessage, error) {
	doc, err := s.store.Setting(ctx, name)
	if err != nil {
		return nil, err
	}
	return s.inLang(doc, lang), nil
}

// MissingLangs lists the languages a stored text has no translation in
// (the console marks them); nil for a setting that is not a text.
func MissingLangs(name string, doc json.RawMessage) []string {
	if !IsText(name) {
		return nil
	}
	m, _ := perLang(doc)
	missing := []string{}
	for _, l := range Langs {
		if !present(m[l]) {
			missing = append(missing, l)
		}
	}
	return missing
}

// checkText validates a per-language text document: Thai is required, the
// other languages may be null (served in Thai), and each language's
// document passes check. Sources must list the same codes in every
// language, since a member's answer is stored by code; the agreements carry
// the same version in every language, since the app asks a member to
// accept again when the version changes (not when the language does).
func checkText(name string, doc json.RawMessage, bad func(string) error, check func(json.RawMessage) (json.RawMessage, error)) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, bad(`must be {"th": …, "la": …, "en": …}`)
	}
	out := map[string]json.RawMessage{}
	for k, v := range m {
		if !ValidLang(k) {
			return nil, bad("unknown language " + k + "; known: " + strings.Join(Langs, ", "))
		}
		if !present(v) {
			continue
		}
		norm, err := check(v)
		if err != nil {
			return nil, err
		}
		out[k] = norm
	}
	if !present(out[LangTH]) {
		return nil, bad("the Thai text (th) is required: other languages fall back to it")
	}
	same := map[string]struct {
		of  func(json.RawMessage) (string, error)
		why string
	}{
		KeySources:    {sourceCodes, "every language must list the same source codes"},
		KeyAgreements: {agreementsVersion, "every language must carry the same version"},
	}
	if rule, ok := same[name]; ok {
		want, err := rule.of(out[LangTH])
		if err != nil {
			return nil, bad(err.Error() + " (" + LangTH + ")")
		}
		for _, l := range Langs {
			if !present(out[l]) {
				continue
			}
			got, err := rule.of(out[l])
			if err != nil {
				return nil, bad(err.Error() + " (" + l + ")")
			}
			if got != want {
				return nil, bad(rule.why + " (" + l + ")")
			}
		}
	}
	for _, l := range Langs {
		if !present(out[l]) {
			out[l] = json.RawMessage("null")
		}
	}
	b, err := json.Marshal(out)
	return b, err
}

func agreementsVersion(doc json.RawMessage) (string, error) {
	var v struct {
		Version any `json:"version"`
	}
	if err := json.Unmarshal(doc, &v); err != nil {
		return "", err
	}
	b, err := json.Marshal(v.Version)
	return string(b), err
}

func sourceCodes(doc json.RawMessage) (string, error) {
	var list []Source
	if err := json.Unmarshal(doc, &list); err != nil {
		return "", err
	}
	codes := make([]string, len(list))
	for i, s := range list {
		codes[i] = s.Code
	}
	sort.Strings(codes)
	return strings.Join(codes, ","), nil
}

// upgradeTexts brings stored texts to today's shape when an install starts
// (Seed): a text of the old single-language shape that was never edited
// (equal to the Thai default or to a retired default) is replaced by the
// default in every language; an edited one is kept as the Thai text, its
// other languages left missing (served in Thai, marked in the console)
// rather than filled with defaults that may contradict the edit; it gains
// the fields added since (withNewFields).
func (s *Service) upgradeTexts(ctx context.Context) error {
	defaults := Defaults()
	for _, key := range textKeys {
		stored, err := s.store.Setting(ctx, key)
		if err != nil {
			return err
		}
		if _, ok := perLang(stored); ok {
			continue
		}
		def := defaults[key].(map[string]any)
		unedited := sameJSON(stored, def[LangTH])
		for _, old := range retiredDefaults()[key] {
			unedited = unedited || sameJSON(stored, old)
		}
		var doc []byte
		if unedited {
			doc, err = json.Marshal(def)
		} else {
			doc, err = json.Marshal(map[string]json.RawMessage{LangTH: withNewFields(stored, def[LangTH]),
				LangLA: json.RawMessage("null"), LangEN: json.RawMessage("null")})
		}
		if err != nil {
			return err
		}
		if err := s.store.PutSetting(ctx, key, doc); err != nil {
			return err
		}
	}
	return nil
}

// withNewFields adds to an edited object the fields today's default has
// and it lacks (the how-to titles of info), so that it has the shape the
// apps read and the operator's next save passes Check.
func withNewFields(doc json.RawMessage, def any) json.RawMessage {
	var m, d map[string]json.RawMessage
	b, _ := json.Marshal(def)
	if json.Unmarshal(doc, &m) != nil || m == nil || json.Unmarshal(b, &d) != nil || d == nil {
		return doc
	}
	for k, v := range d {
		if _, there := m[k]; !there {
			m[k] = v
		}
	}
	out, _ := json.Marshal(m)
	return out
}

// Words the placeholders of the texts write in each language.
var (
	currencyWords = map[bool]map[string]string{ // by Laos
		false: {LangTH: "บาท", LangLA: "ບາດ", LangEN: "baht"},
		true:  {LangTH: "กีบ", LangLA: "ກີບ", LangEN: "kip"},
	}
	methodWords = map[string]map[string]string{
		"bank":   {LangTH: "โอนเข้าบัญชีธนาคารแล้วแนบสลิป", LangLA: "ໂອນເຂົ້າບັນຊີທະນາຄານແລ້ວແນບສະລິບ", LangEN: "bank transfer with a slip"},
		"qr":     {LangTH: "สแกนคิวอาร์โค้ด", LangLA: "ສະແກນຄິວອາໂຄດ", LangEN: "QR code"},
		"wallet": {LangTH: "ลิงก์ซองของขวัญ TrueMoney", LangLA: "ລິ້ງຊອງຂອງຂວັນ TrueMoney", LangEN: "TrueMoney gift link"},
		"none":   {LangTH: "ติดต่อทีมงาน", LangLA: "ຕິດຕໍ່ທີມງານ", LangEN: "contacting our team"},
	}
)

// depositMethods names, in lang, the deposit methods members can use now.
func (s *Service) depositMethods(ctx context.Context, lang string) (string, error) {
	d, err := s.DepositOptions(ctx)
	if err != nil {
		return "", err
	}
	qr, err := s.QRChannels(ctx)
	if err != nil {
		return "", err
	}
	var names []string
	if len(d.Banks) > 0 {
		names = append(names, methodWords["bank"][lang])
	}
	if len(qr) > 0 {
		names = append(names, methodWords["qr"][lang])
	}
	if len(d.Wallets) > 0 && !s.cfg.GiftLinksOff {
		names = append(names, methodWords["wallet"][lang])
	}
	if len(names) == 0 {
		names = append(names, methodWords["none"][lang])
	}
	return joinList(lang, names), nil
}

// listWords are the separators of a list read as a sentence, by language:
// between items, and before the last. English writes "a, b or c"; Thai and
// Lao part items with a space and put "or" (หรือ, ຫຼື) before the last.
var listWords = map[string][2]string{
	LangTH: {" ", " หรือ "},
	LangLA: {" ", " ຫຼື "},
	LangEN: {", ", " or "},
}

// joinList writes items as lang lists alternatives in a sentence: "a",
// "a or b", "a, b or c".
func joinList(lang string, items []string) string {
	w, ok := listWords[lang]
	if !ok {
		w = listWords[LangTH]
	}
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], w[0]) + w[1] + items[len(items)-1]
}
