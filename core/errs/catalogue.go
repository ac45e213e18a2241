package errs

// The catalogue. Codes of the spec (part 8) keep their spelling; codes marked
// "Ngern" are documented additions (docs/errors.md). Every code here must have
// a translation in the UI's errorMsg table in th, la and en (a test checks).
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
)

// added by opapi
const (
	ForbiddenRole          Code = "FORBIDDEN_ROLE"           // the operator's role lacks the endpoint
	TOTPRequired           Code = "TOTP_REQUIRED"            // password right; the TOTP code is missing
	TOTPInvalid            Code = "TOTP_INVALID"             // wrong or already used TOTP code
	SameApprover           Code = "SAME_APPROVER"            // the operator approved this withdrawal already
	SecondApprovalRequired Code = "SECOND_APPROVAL_REQUIRED" // first of two approvals recorded (answer, not error)
)

// kinds gives each code that is not a plain validation error its kind.
// Codes absent here are Invalid (400).
var kinds = map[Code]Kind{
	InvalidToken:     Unauthorized,
	Unauthorised:     Unauthorized,
	ExpiredAuthToken: Unauthorized,
	ServiceGone:      Gone,
	InvalidIP:        Forbidden,
	InactiveUser:     Forbidden,
	InvalidUser1:     Forbidden,
	InvalidUser2:     Forbidden,
	InvalidUser3:     Forbidden,
	InvalidUser4:     Forbidden,

	OTPBlock:         RateLimited,
	RequestLimit:     RateLimited,
	RequestLimit1Min: RateLimited,
	OTPSendFail:      Unavailable,

	WrongCredential: Unauthorized,
	WrongPassword:   Unauthorized,
	NoUser:          NotFound,

	ExistingUser:        Conflict,
	ExistingBank:        Conflict,
	OTPVerified:         Conflict,
	SlotAlreadyActive:   Conflict,
	IdempotencyConflict: Conflict,
	WithdrawPending:     Conflict,
	BonusAlreadyActive:  Conflict,
	PromotionReceived:   Conflict,
	TruelinkDup:         Conflict,

	NoGame:        NotFound,
	SlotNoAccount: NotFound,
	NotFoundCode:  NotFound,
	NoPromotion:   NotFound,
	NoWallet:      NotFound,
	NoData:        NotFound,

	SlotActivateFail:      BadGateway,
	SlotResetPasswordFail: BadGateway,
	GameActivationFail:    BadGateway,
	TransferFail:          BadGateway,
	TransferPending:       Unavailable,
	QRFail:                BadGateway,

	PayloadTooLarge:     TooLarge,
	InternalServerError: Internal,

	// added by opapi
	ForbiddenRole: Forbidden,
	TOTPRequired:  Unauthorized,
	TOTPInvalid:   Unauthorized,
	SameApprover:  Conflict,
}

// KindOf returns the kind the catalogue gives code.
func KindOf(code Code) Kind {
	if k, ok := kinds[code]; ok {
		return k
	}
	return Invalid
}

// All lists every code of the catalogue, for translation checks and docs.
func All() []Code {
	return []Code{
		InvalidToken, ServiceGone,
		Unauthorised, ExpiredAuthToken, InvalidUser1, InvalidUser2, InvalidUser3, InvalidUser4, InvalidIP,
		OTPBlock, RequestLimit, OTPTokenInvalid, OTPNotExist, OTPVerified, OTPExpired, OTPCodeInvalid,
		OTPCodeValid, OTPSendFail, OTPVerifyFail, UnverifiedOTP,
		ExistingUser, ExistingBank, InvalidUserInfo, InvalidBank, BankAccountNameEng, RegisterFail, PhoneRequire10Digit,
		NoUser, WrongPassword, WrongCredential, InactiveUser, LoginFail,
		BonusRemaining, BonusAlreadyActive, BonusMaxClaimed, BonusCondition, BonusClear, BonusFull,
		NoPromotion, PromotionReceived,
		InviteCollect, InviteInactive, NoInviteBonus, NoInviteePlayInfo, InviteBonusSuccess, InviteBonusFail,
		NoRefund, RefundCondition, RefundSuccess, RefundInactive, RefundMinimum,
		SlotAlreadyActive, SlotActivateFail, SlotNoAccount, SlotResetPasswordFail, GameActivationFail, NoGame,
		NotAreaslot, NotUfabet,
		TransferMinimum, MoneyNotEnough, TransferFail,
		SlipUploadFail, RequestLimit1Min, SlipNoFile, SlipInvalidFile, TruelinkDup, TruelinkInvalid, QRFail,
		NoBank, NoWallet, NoData, KeyMissing, KeyInvalid, InternalServerError, OK, Success,
		NoClaimableCoupon, InvalidPrizeCode, InvalidCode, InvalidCouponType, CouponExpired,
		InvalidRequest, PayloadTooLarge, NotFoundCode, IdempotencyConflict, InvalidAmount, SameAccount,
		WithdrawMinimum, WithdrawMaximum, WithdrawPending, TransferPending,
		// added by opapi
		ForbiddenRole, TOTPRequired, TOTPInvalid, SameApprover, SecondApprovalRequired,
	}
}
