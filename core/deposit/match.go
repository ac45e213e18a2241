package deposit

import "strings"

// Matching is the outcome of comparing a bank's shown account number with
// a full one.
type Matching int

// Outcomes of AccountMatches.
const (
	Mismatch  Matching = iota
	Match              // every digit shown equals the account's digit there
	Undecided          // too few digits shown to tell
)

// minShown is how many digits a masked number must show to decide.
const minShown = 4

// AccountMatches compares an account number as a bank shows it on a slip
// (digits with x, X or * for hidden ones, and dashes: "xxx-x-x1234-x") with
// the full number registered. Banks hide some digits but keep each shown
// digit in its place, so the two are aligned digit by digit when they have
// the same length; a shorter shown number (some banks show only the last
// digits) is aligned on the right. At least four digits must show.
func AccountMatches(shown, full string) Matching {
	s := clean(shown)
	f := clean(full)
	if f == "" || s == "" {
		return Undecided
	}
	if len(s) > len(f) {
		return Mismatch
	}
	f = f[len(f)-len(s):] // right-aligned (the same when the lengths agree)
	visible := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == 'x' || c == 'X' || c == '*' {
			continue
		}
		if c != f[i] {
			return Mismatch
		}
		visible++
	}
	if visible < minShown {
		return Undecided
	}
	return Match
}

func clean(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9', r == 'x', r == 'X', r == '*':
			b.WriteRune(r)
		case r == '-' || r == ' ' || r == '.':
		default:
			return "" // not an account number
		}
	}
	return b.String()
}

// shownDigits is the longest run of digits a masked number shows
// ("xxx-x-x1234-x": "1234"), the part a store can look for.
func shownDigits(shown string) string {
	s := clean(shown)
	best, run := "", ""
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run += s[i : i+1]
			if len(run) > len(best) {
				best = run
			}
		} else {
			run = ""
		}
	}
	return best
}
