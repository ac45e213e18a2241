package errs

//go:generate go run ./gen ../../ui/src/lib/error-codes.generated.ts

// The codes. Codes of the spec (part 8) keep their spelling; codes marked
// "Ngern" are documented additions (docs/errors.md). Every code here has a
// row in the catalogue table below (a test checks), and a translation in the
// UI's errorMsg table in th, la and en (the UI's locale test checks).
const (
	// Navigation codes the client acts on.
	InvalidToken Code = "invalid-token"
	ServiceGone  Code = "gone"

	// Auth.
	Unauthorised     Code = "UNAUTHORIZED"
	ExpiredAuthToken Code = "EXPIRED_AUTH_TOKEN"
	InvalidUser1     Code = "INVALID_USER_1"
	InvalidUser2     Code = "INVALID_USER_2"
	InvalidUser3     Code = "INVALID_USER_3"
	InvalidUser4     Code = "INVALID_USER_4"
	InvalidIP        Code = "INVALID_IP"

	// OTP.
	OTPBlock        Code = "OTP_BLOCK"
	RequestLimit    Code = "REQUEST_LIMIT"
	OTPTokenInvalid Code = "OTP_TOKEN_INVALID"
	OTPNotExist     Code = "OTP_NOT_EXIST"
	OTPVerified     Code = "OTP_VERIFIED"
	OTPExpired      Code = "OTP_EXPIRED"
	OTPCodeInvalid  Code = "OTP_CODE_INVALID"
	OTPCodeValid    Code = "OTP_CODE_VALID"
	OTPSendFail     Code = "OTP_SEND_FAIL"
	OTPVerifyFail   Code = "OTP_VERIFY_FAIL"
	UnverifiedOTP   Code = "UNVERIFIED_OTP"

	// Registration.
	ExistingUser        Code = "EXISTING_USER"
	ExistingBank        Code = "EXISTING_BANK"
	InvalidUserInfo     Code = "INVALID_USER_INFO"
	InvalidBank         Code = "INVALID_BANK"
	BankAccountNameEng  Code = "BANK_ACCOUNT_NAME_ENG"
	RegisterFail        Code = "REGISTER_FAIL"
	PhoneRequire10Digit Code = "PHONE_NUMBER_REQUIRE_10_DIGIT"
	// UseDepositMethod (a Ngern addition): POST /api/wallet/add asked for
	// money without a deposit; money comes in only through a deposit method.
	UseDepositMethod Code = "USE_DEPOSIT_METHOD"
	// PasswordTooShort (a Ngern addition): the password has fewer than the
	// limits lookup's passwordMin characters.
	PasswordTooShort Code = "PASSWORD_TOO_SHORT"

	// Login.
	NoUser          Code = "NO_USER"
	WrongPassword   Code = "WRONG_PASSWORD"
	WrongCredential Code = "WRONG_CREDENTIAL"
	InactiveUser    Code = "INACTIVE_USER"
	LoginFail       Code = "LOGIN_FAIL"

	// Bonus and promotion.
	BonusRemaining     Code = "BONUS_REMAINING"
	BonusAlreadyActive Code = "BONUS_ALREADY_ACTIVE"
	BonusMaxClaimed    Code = "BONUS_MAX_CLAIMED"
	BonusCondition     Code = "BONUS_CONDITION"
	BonusClear         Code = "BONUS_CLEAR"
	BonusFull          Code = "BONUS_FULL"
	NoPromotion        Code = "NO_PROMOTION"
	PromotionReceived  Code = "PROMOTION_RECEIVED"

	// Invite.
	InviteCollect      Code = "INVITE_COLLECT"
	InviteInactive     Code = "INVITE_INACTIVE"
	NoInviteBonus      Code = "NO_INVITE_BONUS"
	NoInviteePlayInfo  Code = "NO_INVITEE_PLAY_INFO"
	InviteBonusSuccess Code = "INVITE_BONUS_SUCCESS"
	InviteBonusFail    Code = "INVITE_BONUS_FAIL"

	// Refund.
	NoRefund        Code = "NO_REFUND"
	RefundCondition Code = "REFUND_CONDITION"
	RefundSuccess   Code = "REFUND_SUCCESS"
	RefundInactive  Code = "REFUND_INACTIVE"
	RefundMinimum   Code = "REFUND_MINIMUM"

	// Slot and game.
	SlotAlreadyActive     Code = "SLOT_ALREADY_ACTIVE"
	SlotActivateFail      Code = "SLOT_ACTIVATE_FAIL"
	SlotNoAccount         Code = "SLOT_NO_ACCOUNT"
	SlotResetPasswordFail Code = "SLOT_RESET_PASSWORD_FAIL"
	GameActivationFail    Code = "GAME_ACTIVATION_FAIL"
	NoGame                Code = "NO_GAME"
	NotAreaslot           Code = "NOT_AREASLOT"
	NotUfabet             Code = "NOT_UFABET"
	// UseGameAccount (a Ngern addition): POST /api/games/{provider}/{code}/launch
	// named a transfer-wallet game, which is played through its game
	// account (activate, transfer, log in), not launched from the wallet.
	UseGameAccount Code = "USE_GAME_ACCOUNT"

	// Transfer.
	TransferMinimum Code = "TRANSFER_MINIMUM"
	MoneyNotEnough  Code = "MONEY_NOT_ENOUGH"
	TransferFail    Code = "TRANSFER_FAIL"

	// Deposit and slip.
	SlipUploadFail   Code = "SLIP_UPLOAD_FAIL"
	RequestLimit1Min Code = "REQUEST_LIMIT_1MIN"
	SlipNoFile       Code = "SLIP_NO_FILE"
	SlipInvalidFile  Code = "SLIP_INVALID_FILE"
	TruelinkDup      Code = "TRUELINK_DUPLICATE"
	TruelinkInvalid  Code = "TRUELINK_INVALID"
	QRFail           Code = "QR_FAIL"

	// Misc.
	NoBank              Code = "NO_BANK"
	NoWallet            Code = "NO_WALLET"
	NoData              Code = "NO_DATA"
	KeyMissing          Code = "KEY_MISSING"
	KeyInvalid          Code = "KEY_INVALID"
	InternalServerError Code = "INTERNAL_SERVER_ERROR"
	OK                  Code = "OK"
	Success             Code = "SUCCESS"

	// Spin coupon.
	NoClaimableCoupon Code = "NO_CLAIMABLE_COUPON"
	InvalidPrizeCode  Code = "INVALID_PRIZE_CODE"
	InvalidCode       Code = "INVALID_CODE"
	InvalidCouponType Code = "INVALID_COUPON_TYPE"
	CouponExpired     Code = "COUPON_EXPIRED"

	// Ngern additions (documented in docs/errors.md).
	InvalidRequest      Code = "INVALID_REQUEST"      // malformed JSON or wrong types
	PayloadTooLarge     Code = "PAYLOAD_TOO_LARGE"    // body over the size limit
	NotFoundCode        Code = "NOT_FOUND"            // no such route or resource
	IdempotencyConflict Code = "IDEMPOTENCY_CONFLICT" // same Idempotency-Key, other body
	InvalidAmount       Code = "INVALID_AMOUNT"       // not a positive amount with ≤2 decimals
	SameAccount         Code = "SAME_ACCOUNT"         // transfer source equals destination
	WithdrawMinimum     Code = "WITHDRAW_MINIMUM"     // below withdrawMin
	WithdrawMaximum     Code = "WITHDRAW_MAXIMUM"     // above withdrawMax
	WithdrawPending     Code = "WITHDRAW_PENDING"     // a withdrawal is already waiting
	TransferPending     Code = "TRANSFER_PENDING"     // provider outcome unknown; reconciling
	InvalidCharacters   Code = "INVALID_CHARACTERS"   // invalid UTF-8, NUL, control or format characters in input
	ServiceUnavailable  Code = "SERVICE_UNAVAILABLE"  // the database cannot be reached; retry after Retry-After
	ProviderUnavailable Code = "PROVIDER_UNAVAILABLE" // a game provider failed or did not answer a read (bet history); what was read is kept
	ImageBusy           Code = "IMAGE_BUSY"           // too many images being read at once; nothing was stored, retry after Retry-After

	// Operator console (Ngern).
	ForbiddenRole          Code = "FORBIDDEN_ROLE"           // the operator's role lacks the endpoint
	TOTPRequired           Code = "TOTP_REQUIRED"            // password right; the TOTP code is missing
	TOTPInvalid            Code = "TOTP_INVALID"             // wrong or already used TOTP code
	SameApprover           Code = "SAME_APPROVER"            // the operator approved this withdrawal already
	SecondApprovalRequired Code = "SECOND_APPROVAL_REQUIRED" // first of two approvals recorded: a withdrawal, or a change proposed (an answer's message, not an error)

	// Changes that need two owners (Ngern, docs/operations.md).
	ChangePending Code = "CHANGE_PENDING" // the target already has a change awaiting a second owner
	ChangeStale   Code = "CHANGE_STALE"   // the target changed since the proposal; the change is closed, propose again
	ChangeDecided Code = "CHANGE_DECIDED" // the change was already approved, rejected or closed
	OwnChange     Code = "OWN_CHANGE"     // an owner cannot approve a change they proposed

	// Seamless rounds resolved by an operator (Ngern, docs/operations.md).
	RoundNotStuck Code = "ROUND_NOT_STUCK" // the round has its win or rollback, no bet to settle, or is too recent
	RoundResolved Code = "ROUND_RESOLVED"  // the round was resolved the other way already

	// Settings (Ngern, docs/configuration.md#settings).
	SettingURLInvalid  Code = "SETTING_URL_INVALID"  // a link of a setting that is not an https link
	SettingNotHonoured Code = "SETTING_NOT_HONOURED" // a setting above what the code can honour (e.g. slip maxSizeMB over limits.SlipMB)

	// Slip reasons (spec part 8's slip table): a slip's note, and the error
	// of an upload the rules refuse.
	UploadedFileNotExist Code = "UPLOADED_FILE_NOT_EXIST"
	ImgSizeUnable        Code = "IMG_SIZE_UNABLE_TO_PROCESS"
	CannotReadCropped    Code = "CANNOT_READ_CROPPED_IMAGE"
	DestAccInvalid       Code = "DEST_ACC_INVALID"
	SlipRefNoDuplicated  Code = "SLIP_REFNO_DUPLICATED"
	UnstableRefNo        Code = "UNSTABLE_REFNO_ON_SLIP"
	TrippleWrongCaptcha  Code = "TRIPPLE_WRONG_CAPTCHA"
	InvalidSlip          Code = "INVALID_SLIP"
	NotMatch             Code = "NOT_MATCH"
	ExpiredSlip          Code = "EXPIRED_SLIP"
	UnknowError          Code = "UNKNOW_ERROR"

	// Gift links (Ngern).
	TruelinkExpired     Code = "TRUELINK_EXPIRED"     // the voucher has expired
	TruelinkEmpty       Code = "TRUELINK_EMPTY"       // the voucher is fully redeemed (out of stock)
	TruelinkOwn         Code = "TRUELINK_OWN"         // the operator's own voucher
	TruelinkMinimum     Code = "TRUELINK_MINIMUM"     // under limits.GiftLinkMin
	TruelinkUnconfirmed Code = "TRUELINK_UNCONFIRMED" // TrueMoney did not answer; an operator checks, never redeemed twice

	// QR deposits (Ngern).
	QRMinimum Code = "QR_MINIMUM" // under the QR channel's minimum; the provider is not asked

	// Support chat (Ngern).
	ChatMessageInvalid   Code = "CHAT_MESSAGE_INVALID"    // unknown type, blank or over limits.ChatText characters, not allowed for the sender
	ChatFileNotSupported Code = "CHAT_FILE_NOT_SUPPORTED" // not a PNG, JPEG, GIF, MP4 or QuickTime file (by content)
	ChatFileTooLarge     Code = "CHAT_FILE_TOO_LARGE"     // image over limits.ChatImageMB or video over limits.ChatVideoMB
	ChatTicketInvalid    Code = "CHAT_TICKET_INVALID"     // websocket ticket forged, used or expired
	GuestTokenInvalid    Code = "GUEST_TOKEN_INVALID"     // unknown guest token, or the guest became a member
	OriginNotAllowed     Code = "ORIGIN_NOT_ALLOWED"      // websocket from an origin that is not a configured web origin
	ChatRoomForbidden    Code = "CHAT_ROOM_FORBIDDEN"     // a socket asked to join a room that is not its own
	ChatCannedInvalid    Code = "CHAT_CANNED_INVALID"     // Ngern: a canned reply without a title or text, too long, or over 50 in a language

	// QR deposits (Ngern).
	BadSignature Code = "INVALID_SIGNATURE" // a payment webhook's signature, timestamp or delivery id is refused

	// Seamless aggregators' keys (Ngern, docs/adapters.md#hub88).
	RSAKeyInvalid      Code = "RSA_KEY_INVALID"           // a pasted key that is not a PEM RSA key of at least 2048 bits
	PrivateKeyAsPublic Code = "RSA_PRIVATE_KEY_AS_PUBLIC" // a private key pasted where the other party's public key goes

	// Spin wheel and coins (Ngern).
	NotEnoughCoin  Code = "NOT_ENOUGH_COIN"  // fewer coins than a spin costs (or than an operator takes back)
	SpinInactive   Code = "SPIN_INACTIVE"    // no wheel is active
	SpinDailyLimit Code = "SPIN_DAILY_LIMIT" // the member has spun the wheel's daily limit today
)

// Entry is one row of the catalogue: a code and the kind of error it is.
// The HTTP status follows from the kind (Kind.Status).
type Entry struct {
	Code Code
	Kind Kind
}

// catalogue is the one table of error codes, in the spec's order: every code
// once, with its kind. All, KindOf and the HTTP status come from it, and
// `go generate ./core/errs` writes the apps' list of codes from it
// (ui/src/lib/error-codes.generated.ts; a test fails when that file is not
// current). A constant above without a row here fails a test too.
var catalogue = []Entry{
	// Navigation codes the client acts on.
	{InvalidToken, Unauthorized},
	{ServiceGone, Gone},

	// Auth.
	{Unauthorised, Unauthorized},
	{ExpiredAuthToken, Unauthorized},
	{InvalidUser1, Forbidden},
	{InvalidUser2, Forbidden},
	{InvalidUser3, Forbidden},
	{InvalidUser4, Forbidden},
	{InvalidIP, Forbidden},

	// OTP.
	{OTPBlock, RateLimited},
	{RequestLimit, RateLimited},
	{OTPTokenInvalid, Invalid},
	{OTPNotExist, Invalid},
	{OTPVerified, Conflict},
	{OTPExpired, Invalid},
	{OTPCodeInvalid, Invalid},
	{OTPCodeValid, Invalid},
	{OTPSendFail, Unavailable},
	{OTPVerifyFail, Invalid},
	{UnverifiedOTP, Invalid},

	// Registration.
	{ExistingUser, Conflict},
	{ExistingBank, Conflict},
	{InvalidUserInfo, Invalid},
	{InvalidBank, Invalid},
	{BankAccountNameEng, Invalid},
	{RegisterFail, Invalid},
	{PhoneRequire10Digit, Invalid},
	{PasswordTooShort, Invalid},
	{UseDepositMethod, Invalid},

	// Login.
	{NoUser, NotFound},
	{WrongPassword, Unauthorized},
	{WrongCredential, Unauthorized},
	{InactiveUser, Forbidden},
	{LoginFail, Invalid},

	// Bonus and promotion.
	{BonusRemaining, Invalid},
	{BonusAlreadyActive, Conflict},
	{BonusMaxClaimed, Invalid},
	{BonusCondition, Invalid},
	{BonusClear, Invalid},
	{BonusFull, Invalid},
	{NoPromotion, NotFound},
	{PromotionReceived, Conflict},

	// Invite.
	{InviteCollect, Invalid},
	{InviteInactive, Invalid},
	{NoInviteBonus, Invalid},
	{NoInviteePlayInfo, Invalid},
	{InviteBonusSuccess, Invalid},
	{InviteBonusFail, Invalid},

	// Refund.
	{NoRefund, Invalid},
	{RefundCondition, Invalid},
	{RefundSuccess, Invalid},
	{RefundInactive, Invalid},
	{RefundMinimum, Invalid},

	// Slot and game.
	{SlotAlreadyActive, Conflict},
	{SlotActivateFail, BadGateway},
	{SlotNoAccount, NotFound},
	{SlotResetPasswordFail, BadGateway},
	{GameActivationFail, BadGateway},
	{NoGame, NotFound},
	{NotAreaslot, Invalid},
	{NotUfabet, Invalid},
	{UseGameAccount, Invalid},

	// Transfer.
	{TransferMinimum, Invalid},
	{MoneyNotEnough, Invalid},
	{TransferFail, BadGateway},

	// Deposit and slip.
	{SlipUploadFail, Invalid},
	{RequestLimit1Min, RateLimited},
	{SlipNoFile, Invalid},
	{SlipInvalidFile, Invalid},
	{TruelinkDup, Conflict},
	{TruelinkInvalid, Invalid},
	{QRFail, BadGateway},

	// Misc.
	{NoBank, Invalid},
	{NoWallet, NotFound},
	{NoData, NotFound},
	{KeyMissing, Invalid},
	{KeyInvalid, Invalid},
	{InternalServerError, Internal},
	{OK, Invalid},
	{Success, Invalid},

	// Spin coupon.
	{NoClaimableCoupon, Invalid},
	{InvalidPrizeCode, Invalid},
	{InvalidCode, Invalid},
	{InvalidCouponType, Invalid},
	{CouponExpired, Invalid},

	// Ngern additions (documented in docs/errors.md).
	{InvalidRequest, Invalid},
	{PayloadTooLarge, TooLarge},
	{NotFoundCode, NotFound},
	{IdempotencyConflict, Conflict},
	{InvalidAmount, Invalid},
	{SameAccount, Invalid},
	{WithdrawMinimum, Invalid},
	{WithdrawMaximum, Invalid},
	{WithdrawPending, Conflict},
	{TransferPending, Unavailable},
	{InvalidCharacters, Invalid},
	{ServiceUnavailable, Unavailable},
	{ProviderUnavailable, BadGateway},
	{ImageBusy, Unavailable},

	// Operator console (Ngern).
	{ForbiddenRole, Forbidden},
	{TOTPRequired, Unauthorized},
	{TOTPInvalid, Unauthorized},
	{SameApprover, Conflict},
	{SecondApprovalRequired, Invalid},
	{ChangePending, Conflict},
	{ChangeStale, Conflict},
	{ChangeDecided, Conflict},
	{OwnChange, Forbidden},
	{RoundNotStuck, Conflict},
	{RoundResolved, Conflict},
	{SettingURLInvalid, Invalid},
	{SettingNotHonoured, Invalid},

	// Slip reasons.
	{UploadedFileNotExist, Invalid},
	{ImgSizeUnable, Invalid},
	{CannotReadCropped, Invalid},
	{DestAccInvalid, Invalid},
	{SlipRefNoDuplicated, Conflict},
	{UnstableRefNo, Invalid},
	{TrippleWrongCaptcha, Invalid},
	{InvalidSlip, Invalid},
	{NotMatch, Invalid},
	{ExpiredSlip, Invalid},
	{UnknowError, Invalid},

	// Gift links (Ngern).
	{TruelinkExpired, Invalid},
	{TruelinkEmpty, Invalid},
	{TruelinkOwn, Invalid},
	{TruelinkMinimum, Invalid},
	{TruelinkUnconfirmed, Unavailable},

	// QR deposits (Ngern).
	{QRMinimum, Invalid},

	// Support chat (Ngern).
	{ChatMessageInvalid, Invalid},
	{ChatFileNotSupported, Invalid},
	{ChatFileTooLarge, TooLarge},
	{ChatTicketInvalid, Unauthorized},
	{GuestTokenInvalid, Unauthorized},
	{OriginNotAllowed, Forbidden},
	{ChatRoomForbidden, Forbidden},
	{ChatCannedInvalid, Invalid},

	// QR deposits (Ngern).
	{BadSignature, Unauthorized},

	// Seamless aggregators' keys (Ngern).
	{RSAKeyInvalid, Invalid},
	{PrivateKeyAsPublic, Invalid},

	// Spin wheel and coins (Ngern).
	{NotEnoughCoin, Invalid},
	{SpinInactive, Invalid},
	{SpinDailyLimit, Invalid},
}

// kindOf indexes the catalogue by code.
var kindOf = func() map[Code]Kind {
	m := make(map[Code]Kind, len(catalogue))
	for _, e := range catalogue {
		m[e.Code] = e.Kind
	}
	return m
}()

// KindOf returns the kind the catalogue gives code: Invalid for a code it
// does not hold.
func KindOf(code Code) Kind {
	if k, ok := kindOf[code]; ok {
		return k
	}
	return Invalid
}

// All lists every code of the catalogue in its order, for translation checks
// and docs.
func All() []Code {
	out := make([]Code, len(catalogue))
	for i, e := range catalogue {
		out[i] = e.Code
	}
	return out
}

// Entries returns the catalogue's rows in its order.
func Entries() []Entry { return append([]Entry(nil), catalogue...) }

// consoleOnly are the codes that only the operator console's calls and the
// parties' server-to-server calls answer: a member never meets them. Their
// texts live in the console's own table (errors.<CODE> in
// ui/src/features/operator/i18n), which loads with the console, so that the
// member app's first load does not carry them; every other code's text is in
// the app's errorMsg table. `go generate ./core/errs` writes them as
// consoleErrorCodes and the UI's locale tests hold both tables to it.
var consoleOnly = []Code{
	ForbiddenRole, TOTPRequired, TOTPInvalid,
	SameApprover, SecondApprovalRequired, ChangePending, ChangeStale, ChangeDecided, OwnChange,
	RoundNotStuck, RoundResolved,
	SettingURLInvalid, SettingNotHonoured,
	ChatCannedInvalid,
	BadSignature,
	RSAKeyInvalid, PrivateKeyAsPublic,
}

// ConsoleOnly lists the codes only operators' and parties' calls answer, in
// the catalogue's order.
func ConsoleOnly() []Code {
	set := make(map[Code]bool, len(consoleOnly))
	for _, c := range consoleOnly {
		set[c] = true
	}
	var out []Code
	for _, e := range catalogue {
		if set[e.Code] {
			out = append(out, e.Code)
		}
	}
	return out
}
