package sgf

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
)

// decoded is the input as UTF-8 text, with how it was read.
type decoded struct {
	text     string
	charset  string // what the text was decoded from, e.g. "UTF-8", "GB2312"
	warnings []string
}

// decodeInput turns raw file bytes into UTF-8 text. It returns ErrNotSGF
// (wrapped) for binary input.
func decodeInput(data []byte) (decoded, error) {
	if utf16 := utf16Encoding(data); utf16 != nil {
		out, err := utf16.NewDecoder().Bytes(data)
		if err != nil {
			return decoded{}, fmt.Errorf("%w: broken UTF-16: %v", ErrNotSGF, err)
		}
		return decoded{text: string(out), charset: "UTF-16"}, nil
	}
	data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
	if i := bytes.IndexByte(data, 0); i >= 0 {
		at := newSource("", string(data[:i])).pos(i)
		return decoded{}, &nulError{at}
	}
	declared := findCharset(data)
	isUTF8 := utf8.Valid(data)
	hasHigh := bytes.ContainsFunc(data, func(r rune) bool { return r >= utf8.RuneSelf })
	var d decoded
	switch {
	case declared == "" && isUTF8:
		d.charset = "UTF-8"
		d.text = string(data)
	case declared == "":
		d.charset = "ISO-8859-1"
		d.warnings = append(d.warnings, "no CA[] and the text is not UTF-8: read as ISO-8859-1, the SGF default")
		d.text = latin1(data)
	case isUTF8Name(declared):
		d.charset = "UTF-8"
		if !isUTF8 {
			d.warnings = append(d.warnings, "CA["+declared+"] but the text is not valid UTF-8: invalid bytes replaced")
			d.text = strings.ToValidUTF8(string(data), "\uFFFD")
		} else {
			d.text = string(data)
		}
	case isUTF8 && hasHigh:
		d.charset = "UTF-8"
		d.warnings = append(d.warnings, "CA["+declared+"] but the text is UTF-8: read as UTF-8")
		d.text = string(data)
	case !hasHigh:
		d.charset = declared // plain ASCII reads the same in any of them
		d.text = string(data)
	default:
		enc := lookupCharset(declared)
		if enc == nil {
			d.charset = "ISO-8859-1"
			d.warnings = append(d.warnings, "unknown charset CA["+declared+"]: read as ISO-8859-1")
			d.text = latin1(data)
			break
		}
		out, err := enc.NewDecoder().Bytes(data)
		if err != nil {
			d.charset = "ISO-8859-1"
			d.warnings = append(d.warnings, fmt.Sprintf("text does not decode as CA[%s] (%v): read as ISO-8859-1", declared, err))
			d.text = latin1(data)
			break
		}
		d.charset = declared
		d.text = string(out)
	}
	return d, nil
}

// utf16Encoding returns the UTF-16 encoding of input that starts with a
// byte-order mark or is recognisable by its zero bytes around ASCII '(',
// or nil: the first four bytes decide.
func utf16Encoding(data []byte) encoding.Encoding {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	case len(data) >= 4 && data[0] == '(' && data[1] == 0 && data[3] == 0:
		return unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM)
	case len(data) >= 4 && data[0] == 0 && data[1] == '(' && data[2] == 0:
		return unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM)
	}
	return nil
}

// nulError is a NUL byte in input that is not UTF-16: binary data, not SGF.
type nulError struct{ at Pos }

func (e *nulError) Error() string {
	return fmt.Sprintf("%s: %v: binary data (a NUL byte)", e.at, ErrNotSGF)
}

func (e *nulError) Unwrap() error { return ErrNotSGF }

func isUTF8Name(name string) bool {
	n := strings.ToLower(strings.ReplaceAll(name, "-", ""))
	n = strings.ReplaceAll(n, "_", "")
	return n == "utf8" || n == "utf16" || n == "utf16le" || n == "utf16be"
}

// lookupCharset finds an encoding by its WHATWG label or IANA name.
func lookupCharset(name string) encoding.Encoding {
	if enc, err := htmlindex.Get(name); err == nil && enc != nil {
		return enc
	}
	if enc, err := ianaindex.IANA.Encoding(name); err == nil && enc != nil {
		return enc
	}
	return nil
}

func latin1(data []byte) string {
	out, err := charmap.ISO8859_1.NewDecoder().Bytes(data)
	if err != nil { // cannot happen: every byte is a Latin-1 character
		return strings.ToValidUTF8(string(data), "\uFFFD")
	}
	return string(out)
}

// findCharset returns the value of the first CA[] property in the raw
// bytes, or "". Charset names are ASCII, so this works before decoding.
func findCharset(data []byte) string {
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("CA"))
		if j < 0 {
			return ""
		}
		k := i + j
		i = k + 2
		if k > 0 && isUpper(data[k-1]) {
			continue // part of a longer identifier
		}
		m := i
		for m < len(data) && isSpace(data[m]) {
			m++
		}
		if m >= len(data) || data[m] != '[' {
			continue
		}
		end := bytes.IndexByte(data[m:], ']')
		if end < 0 || end > 64 {
			return ""
		}
		return strings.TrimSpace(string(data[m+1 : m+end]))
	}
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}
