package xendit

// Channels maps our bank codes (settings.DefaultBanks, Thailand) to
// Xendit's payout channel codes (channel_code of POST /v2/payouts; the list
// is Xendit's "Payout Channels" page and GET /payouts_channels?currency=THB).
// A bank that is not here is never guessed: Submit answers FAILED naming it,
// before anything is sent. CheckChannels tells which of these the
// account cannot pay to. docs/adapters.md ("Xendit") has the table.
var Channels = map[string]string{
	"BBL":   "TH_BBL",
	"KBANK": "TH_KBANK",
	"KTB":   "TH_KTB",
	"TMB":   "TH_TTB", // TMBThanachart Bank, "ttb" since the merger
	"TTB":   "TH_TTB",
	"SCB":   "TH_SCB",
	"BAY":   "TH_BAY",
	"GSB":   "TH_GSB",
	"BAAC":  "TH_BAAC",
}

// Channel returns Xendit's channel code of our bank code.
func Channel(bankCode string) (string, bool) {
	c, ok := Channels[bankCode]
	return c, ok
}
