package httpapi

import "unsafe"

// unsafeSameString reports whether a and b are the same bytes in memory
// (not only equal text).
func unsafeSameString(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}
