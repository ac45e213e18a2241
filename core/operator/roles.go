package operator

// Role sets of the operator endpoints.
var (
	AllRoles     = []Role{Owner, Finance, Support}
	MoneyRoles   = []Role{Owner, Finance}
	MemberRoles  = []Role{Owner, Support}
	OwnerOnly    = []Role{Owner}
	textSettings = []string{"info", "contact", "conditions", "agreements", "notice", "enableChatWidget"}
	moneySetting = []string{"withdraw", "coins"}
	// twoOwnerSettings change only when a second owner confirms
	// (core/changes): the four-eyes threshold of withdrawals, the
	// auto-approval rules that replace it up to their limits, and the
	// receiving accounts members pay to.
	twoOwnerSettings = []string{"withdrawApprovalThreshold", "autoWithdraw", "deposit"}
)

// SettingNeedsTwoOwners reports whether a change of the setting is a
// proposal that a second owner approves (core/changes) rather than applied
// at once.
func SettingNeedsTwoOwners(name string) bool {
	for _, n := range twoOwnerSettings {
		if n == name {
			return true
		}
	}
	return false
}

// Allowed reports whether role is one of roles.
func Allowed(role Role, roles []Role) bool {
	for _, r := range roles {
		if r == role {
			return true
		}
	}
	return false
}

// SettingEditors returns the roles that may change a setting: the owner
// every setting, support the member-facing texts and the chat widget flag,
// finance the withdrawal limits and the coins rate. The four-eyes
// threshold, the auto-approval rules and the receiving accounts are the
// owner's, with a second owner's confirmation (SettingNeedsTwoOwners).
func SettingEditors(name string) []Role {
	for _, n := range textSettings {
		if n == name {
			return []Role{Owner, Support}
		}
	}
	for _, n := range moneySetting {
		if n == name {
			return []Role{Owner, Finance}
		}
	}
	return []Role{Owner}
}
