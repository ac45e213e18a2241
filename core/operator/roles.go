package operator

// Role sets of the operator endpoints.
var (
	AllRoles     = []Role{Owner, Finance, Support}
	MoneyRoles   = []Role{Owner, Finance}
	MemberRoles  = []Role{Owner, Support}
	OwnerOnly    = []Role{Owner}
	textSettings = []string{"info", "contact", "conditions", "agreements", "notice", "enableChatWidget"}
	moneySetting = []string{"withdraw", "withdrawApprovalThreshold", "deposit", "coins"}
)

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
// finance the withdrawal limits, the four-eyes threshold and the deposit
// accounts.
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
