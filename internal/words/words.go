// Package words writes counts for people: "1 file", "3 files". It is the
// one place goeval's reports make a noun plural.
package words

import "strconv"

// Count returns n and the noun: one when n is 1, else the plural, which is
// many[0] when given ("1 leaf", "2 leaves") and one with an s otherwise
// ("1 file", "2 files"; "0 files").
func Count(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	plural := one + "s"
	if len(many) > 0 {
		plural = many[0]
	}
	return strconv.Itoa(n) + " " + plural
}
