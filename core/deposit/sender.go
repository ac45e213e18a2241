package deposit

import (
	"strings"
	"unicode"
)

// Slipless deposits match the sender a bank names in its notification of
// an incoming transfer with the member whose registered bank account it
// is. Banks give the sender as they please: the account number masked
// (only its last 4–6 digits shown: "xxx-x-x1234-x", "XXXXXX1234") and the
// holder's name truncated ("SOMCHAI J", "นาย สมชาย ใ"). The rules here
// are pure and table-tested (sender_test.go); never credit on a guess.

// RegisteredAccount is a member's registered bank account, a candidate
// sender of a transfer.
type RegisteredAccount struct {
	MemberID  string
	BankCode  string
	AccountNo string // full, digits only
	Name      string // the holder's name as registered (Thai or English)
	Active    bool
}

// SenderCandidates are the members among accounts the sender of a bank
// notification may be: the same bank, every shown digit of the account
// number agreeing (AccountMatches: a full number must be equal, a masked
// one must show at least four digits), and the holder's name agreeing
// under NameMatches. An empty bank code, or an account number showing
// too little, fits no one.
func SenderCandidates(sender Party, accounts []RegisteredAccount) []RegisteredAccount {
	var out []RegisteredAccount
	if strings.TrimSpace(sender.BankCode) == "" {
		return nil
	}
	for _, a := range accounts {
		if !strings.EqualFold(a.BankCode, sender.BankCode) || AccountMatches(sender.AccountNo, a.AccountNo) != Match {
			continue
		}
		if !NameMatches(sender.Name, a.Name) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// titles are the forms of address banks put before a name; they are
// dropped before names are compared.
var titles = map[string]bool{
	"นาย": true, "นาง": true, "นางสาว": true, "น.ส.": true, "น.ส": true,
	"MR": true, "MRS": true, "MS": true, "MISS": true, "MR.": true, "MRS.": true, "MS.": true,
}

// NameMatches is the tolerant rule comparing a name as a bank shows it
// (shown) with the registered holder's name: case, spaces and a leading
// title (นาย, นาง, นางสาว, น.ส., MR, MRS, MS, MISS — as a word of its own)
// do not count; the first names must be equal; the shown surname, often
// truncated to a few letters (a final dot dropped), must begin the
// registered surname; a shown name without a surname agrees with any.
// Names are compared within one script: a Thai name never agrees with an
// English one (a bank that shows the sender in Thai does not match a
// member registered in English — that transfer goes to review). An empty
// shown name agrees with nothing.
func NameMatches(shown, registered string) bool {
	s, r := nameWords(shown), nameWords(registered)
	if len(s) == 0 || len(r) == 0 || thai(shown) != thai(registered) {
		return false
	}
	if s[0] != r[0] {
		return false
	}
	sur := strings.TrimSuffix(strings.Join(s[1:], " "), ".")
	return strings.HasPrefix(strings.Join(r[1:], " "), sur)
}

// nameWords are a name's words, upper-cased, its leading title dropped.
func nameWords(name string) []string {
	w := strings.Fields(strings.ToUpper(name))
	for len(w) > 0 && titles[w[0]] {
		w = w[1:]
	}
	return w
}

// thai reports whether a name is written in Thai letters.
func thai(name string) bool {
	for _, r := range name {
		if unicode.Is(unicode.Thai, r) {
			return true
		}
	}
	return false
}
