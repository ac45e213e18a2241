package settings

import (
	"context"
	"encoding/json"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"ngern/core/limits"
	"ngern/core/money"
)

// Limits is the limits lookup: every fixed limit of core/limits (amounts
// in the install's currency, by the names of limits.Table), the version
// the apps show, and
// qr[], the QR channels members may use now with the minimums and quick
// amounts the operators set (qrproviders.go). The operator-edited values
// live in the withdraw lookup (withdrawMin, withdrawMax) and the slip
// lookup (uploadWithinHours).
type Limits struct {
	AppVersion string      `json:"appVersion"`
	QR         []QRChannel `json:"qr"`
	// Amounts are the install's (limits.For).
	Amounts limits.Amounts `json:"-"`
}

// MarshalJSON writes the lookup with every limit of core/limits.
func (l Limits) MarshalJSON() ([]byte, error) {
	out := limits.Values(l.Amounts)
	out["appVersion"] = l.AppVersion
	out["qr"] = l.QR
	return json.Marshal(out)
}

// Limits returns the limits lookup.
func (s *Service) Limits(ctx context.Context) (Limits, error) {
	chans, err := s.QRChannels(ctx)
	if err != nil {
		return Limits{}, err
	}
	qr := make([]QRChannel, len(chans))
	for i, c := range chans {
		qr[i] = c.Channel()
	}
	return Limits{AppVersion: s.cfg.AppVersion, QR: qr, Amounts: s.Amounts()}, nil
}

// Amounts are the money limits of this install's currency: kip in the
// Laos build, baht otherwise (core/limits).
func (s *Service) Amounts() limits.Amounts { return limits.For(s.cfg.Laos) }

// Slip is the slip lookup.
type Slip struct {
	MaxSizeMB         int    `json:"maxSizeMB"`
	UploadWithinHours int    `json:"uploadWithinHours"`
	ClosedFrom        string `json:"closedFrom"`
	ClosedTo          string `json:"closedTo"`
}

// placeholder matches {{name}} in a stored text.
var placeholder = regexp.MustCompile(`\{\{\s*([A-Za-z]+)\s*\}\}`)

// placeholderNames are the values a stored text may name.
var placeholderNames = []string{"appVersion", "creditWithinMinutes", "currency", "depositMethods", "giftLinkMin",
	"slipClosedFrom", "slipClosedTo", "slipWithinHours", "transferMin", "withdrawMax", "withdrawMin"}

// Placeholders returns the value of each {{name}} a stored text may hold, as
// the text in lang shows it: amounts without satang when whole, with
// thousands separators ("50,000", "2.50"); the currency's name and the
// deposit methods the install offers now in lang's words (texts.go).
func (s *Service) Placeholders(ctx context.Context, lang string) (map[string]string, error) {
	if !ValidLang(lang) {
		lang = s.DefaultLang()
	}
	methods, err := s.depositMethods(ctx, lang)
	if err != nil {
		return nil, err
	}
	w, err := s.WithdrawLimits(ctx)
	if err != nil {
		return nil, err
	}
	var slip Slip
	if err := s.decode(ctx, KeySlip, &slip); err != nil {
		return nil, err
	}
	return map[string]string{
		"appVersion":          s.cfg.AppVersion,
		"creditWithinMinutes": strconv.Itoa(limits.CreditWithinMinutes),
		"currency":            currencyWords[s.cfg.Laos][lang],
		"depositMethods":      methods,
		"giftLinkMin":         bahtText(limits.GiftLinkMin),
		"slipClosedFrom":      slip.ClosedFrom,
		"slipClosedTo":        slip.ClosedTo,
		"slipWithinHours":     strconv.Itoa(slip.UploadWithinHours),
		"transferMin":         bahtText(s.Amounts().TransferMin),
		"withdrawMax":         bahtText(w.Max),
		"withdrawMin":         bahtText(w.Min),
	}, nil
}

// fill replaces each {{name}} of every string inside doc (a JSON document)
// with its value; a name without a value is left as written.
func fill(doc json.RawMessage, values map[string]string) (json.RawMessage, error) {
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		return nil, err
	}
	v = walkStrings(v, func(s string) string {
		return placeholder.ReplaceAllStringFunc(s, func(m string) string {
			if val, ok := values[placeholder.FindStringSubmatch(m)[1]]; ok {
				return val
			}
			return m
		})
	})
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(strings.TrimSuffix(b.String(), "\n")), nil
}

// unknownPlaceholders lists the {{names}} of doc that no value fills.
func unknownPlaceholders(doc json.RawMessage) []string {
	var unknown []string
	for _, m := range placeholder.FindAllStringSubmatch(string(doc), -1) {
		if !contains(placeholderNames, m[1]) && !contains(unknown, m[1]) {
			unknown = append(unknown, m[1])
		}
	}
	sort.Strings(unknown)
	return unknown
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func walkStrings(v any, f func(string) string) any {
	switch t := v.(type) {
	case string:
		return f(t)
	case []any:
		for i := range t {
			t[i] = walkStrings(t[i], f)
		}
	case map[string]any:
		for k := range t {
			t[k] = walkStrings(t[k], f)
		}
	}
	return v
}

// bahtText writes an amount for a text: "1", "50,000", "2.50".
func bahtText(s money.Satang) string {
	neg := s < 0
	if neg {
		s = -s
	}
	whole := strconv.FormatInt(int64(s/100), 10)
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if cents := s % 100; cents != 0 {
		b.WriteString("." + strconv.FormatInt(int64(cents/10), 10) + strconv.FormatInt(int64(cents%10), 10))
	}
	return b.String()
}

// sameJSON reports whether doc holds the same JSON value as v.
func sameJSON(doc json.RawMessage, v any) bool {
	b, err := json.Marshal(v)
	if err != nil {
		return false
	}
	var x, y any
	return json.Unmarshal(doc, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}
