package settings

//go:generate go run ./gen ../..

import (
	"context"
	"encoding/json"
	"sort"
	"strings"

	"ngern/core/errs"
	"ngern/core/limits"
	"ngern/core/money"
)

// The typed settings: one struct and one definition per stored key. The
// definition's schema is the one check of a document's fields, run by the
// server (Check) and, generated from the same definition, by the console
// (ui/src/features/operator/settings-schema.generated.ts); finish holds
// what a schema cannot say (rules against the bank directory, the texts'
// placeholders) and writes the document as it is stored. The defaults
// (defaults.go) are values of the same structs.

// Contact is the contact lookup (a text: one per language).
type Contact struct {
	ContactText string `json:"contactText"`
	LineLink    string `json:"lineLink"` // opened by the app: https or empty
	LineName    string `json:"lineName"`
	LineQR      string `json:"lineQR"` // an https link, a path of this server, or empty
}

// Info is the info lookup (a text): the how-to videos (an https link or a
// path of this server; null or empty serves the bundled video,
// howto.go) and their titles.
type Info struct {
	Name        string             `json:"name"`
	Website     string             `json:"website"`
	HowtoVideos map[string]*string `json:"howtoVideos"`
	HowtoTitles map[string]string  `json:"howtoTitles"`
}

// Conditions is the conditions lookup (a text, with placeholders).
type Conditions struct {
	Conditions []string `json:"conditions"`
}

// Agreements is the agreements lookup (a text, with placeholders); every
// language carries the same version.
type Agreements struct {
	Version    string   `json:"version"`
	Agreements []string `json:"agreements"`
}

// Notice is the bonus notice (a text).
type Notice struct {
	Notice string `json:"notice"`
}

// ChatWidget is the enableChatWidget lookup.
type ChatWidget struct {
	EnableChatWidget bool `json:"enableChatWidget"`
}

// setting defines one stored key.
type setting struct {
	// schema is of one document: one language's for a text (IsText).
	schema Schema
	// finish checks what the schema cannot say and answers the document
	// to store, or why it is refused; nil keeps the document as sent.
	finish func(ctx context.Context, s *Service, doc json.RawMessage) (json.RawMessage, string)
}

// maxBaht is money.Max as a schema's number.
var maxBaht = json.Number(money.Max.String())

var howtos = []string{"wallet", "play", "balance", "bonus", "bonusCancel"}

func each(names []string, s Schema) Schema {
	out := Schema{}
	for _, n := range names {
		out[n] = s
	}
	return out
}

// definitions is the table of stored keys.
func definitions() map[string]setting {
	return map[string]setting{
		KeySources: {schema: listOf(Schema{"type": "object", "required": []string{"code"}, "properties": Schema{
			"code": Schema{"type": "string", "minLength": 1, "maxLength": limits.CodeMax}, "description": text(),
		}})},
		KeyInfo: {schema: object(Schema{
			"name": text(), "website": link(false, false),
			"howtoVideos": object(each(howtos, link(true, true))),
			"howtoTitles": object(each(howtos, text())),
		})},
		KeyContact: {schema: object(Schema{
			"contactText": text(), "lineLink": link(true, false), "lineName": text(), "lineQR": link(true, true),
		})},
		KeyConditions: {schema: object(Schema{"conditions": listOf(text())}), finish: knownPlaceholders},
		KeyAgreements: {schema: object(Schema{"version": text(), "agreements": listOf(text())}), finish: knownPlaceholders},
		KeyNotice:     {schema: object(Schema{"notice": text()})},
		KeyWithdraw: {schema: object(Schema{
			"withdrawMin": withNotAbove(amount(), "withdrawMax"), "withdrawMax": amount(),
		}), finish: normalised[Withdraw]},
		KeySlip: {schema: object(Schema{
			"maxSizeMB": wholeFrom(1, limits.SlipMB), "uploadWithinHours": wholeFrom(1, 0),
			"closedFrom": clock(), "closedTo": clock(),
		}), finish: normalised[Slip]},
		KeyDeposit: {schema: object(Schema{
			"banks": listOf(Schema{"type": "object", "required": []string{"bankCode", "bankAccountNo", "bankAccountName"},
				"properties": Schema{"bankCode": text(), "bankAccountNo": textUpTo(30), "bankAccountName": textUpTo(100)}}),
			"wallets": listOf(Schema{"type": "object", "required": []string{"walletAccountName", "walletAccountNo"},
				"properties": Schema{"mode": text(), "walletAccountName": textUpTo(100), "walletAccountNo": textUpTo(20)}}),
			"isManual": boolean(),
		}), finish: func(ctx context.Context, s *Service, doc json.RawMessage) (json.RawMessage, string) {
			return s.checkDeposit(ctx, doc)
		}},
		KeyChat:              {schema: object(Schema{"enableChatWidget": boolean()}), finish: normalised[ChatWidget]},
		KeyActive:            {schema: object(Schema{"terminated": boolean()}), finish: normalised[Active]},
		KeyApprovalThreshold: {schema: object(Schema{"amount": amount()}), finish: normalised[ApprovalThreshold]},
		KeyCoins:             {schema: object(Schema{"depositPerCoin": amount()}), finish: normalised[Coins]},
		KeyAutoWithdraw: {schema: autoWithdrawSchema(), finish: func(ctx context.Context, s *Service, doc json.RawMessage) (json.RawMessage, string) {
			return s.checkAutoWithdraw(ctx, doc)
		}},
	}
}

func withNotAbove(s Schema, other string) Schema {
	s["x-notAbove"] = other
	return s
}

// clock is a time of day, 00:00 to 23:59, or empty.
func clock() Schema {
	return Schema{"type": "string", "pattern": `^(([01][0-9]|2[0-3]):[0-5][0-9])?$`}
}

// normalised stores the document as its struct writes it (amounts with
// two decimals, without fields the setting does not have).
func normalised[T any](_ context.Context, _ *Service, doc json.RawMessage) (json.RawMessage, string) {
	var v T
	if err := json.Unmarshal(doc, &v); err != nil {
		return nil, err.Error()
	}
	out, _ := json.Marshal(v)
	return out, ""
}

// knownPlaceholders refuses a text naming a value no placeholder fills.
func knownPlaceholders(_ context.Context, _ *Service, doc json.RawMessage) (json.RawMessage, string) {
	if unknown := unknownPlaceholders(doc); len(unknown) > 0 {
		return nil, "unknown placeholder {{" + strings.Join(unknown, "}}, {{") + "}}; known: {{" +
			strings.Join(placeholderNames, "}}, {{") + "}}"
	}
	return doc, ""
}

// Schemas returns the JSON Schema of every stored setting's document, by
// key: for a text, the object of its languages (Thai required, the others
// a document or null).
func Schemas() map[string]Schema {
	out := map[string]Schema{}
	for key, def := range definitions() {
		out[key] = storedSchema(key, def.schema)
	}
	return out
}

func storedSchema(key string, one Schema) Schema {
	if !IsText(key) {
		return one
	}
	props := Schema{}
	for _, l := range Langs {
		props[l] = Schema{"anyOf": []any{one, Schema{"type": "null"}}}
	}
	props[LangTH] = one
	return Schema{"type": "object", "properties": props, "required": []string{LangTH}, "x-perLanguage": true}
}

// checkOne validates one document (one language's, for a text) of a key.
func (s *Service) checkOne(ctx context.Context, name string, doc json.RawMessage) (json.RawMessage, error) {
	def := definitions()[name]
	v, err := decodeDoc(doc)
	if err != nil {
		return nil, errs.Newf(errs.InvalidRequest, "%s: not JSON", name)
	}
	if bad := validate(def.schema, v, ""); bad != nil {
		return nil, bad.err(name)
	}
	if def.finish == nil {
		return doc, nil
	}
	out, why := def.finish(ctx, s, doc)
	if why != "" {
		e := errs.Newf(errs.InvalidRequest, "%s: %s", name, why)
		// A reason that starts with a field's name and a colon names it.
		if field, _, ok := strings.Cut(why, ":"); ok {
			if props, _ := def.schema["properties"].(Schema); props[field] != nil {
				e.Field = field
			}
		}
		return nil, e
	}
	return out, nil
}

// sortedNames lists the defined keys, sorted.
func sortedNames() []string {
	names := make([]string, 0, len(definitions()))
	for k := range definitions() {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}
