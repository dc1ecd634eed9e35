package world

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// This file holds a generic reader for the Webots world text format (the
// VRML97-like syntax of .wbt files): a tokenizer and a node tree parser. It
// knows nothing about Erebus; extract.go turns the tree into a World.

// tokKind classifies a token.
type tokKind uint8

const (
	tokEOF tokKind = iota
	tokIdent
	tokNumber
	tokString
	tokLBrace
	tokRBrace
	tokLBracket
	tokRBracket
)

func (k tokKind) String() string {
	switch k {
	case tokEOF:
		return "end of file"
	case tokIdent:
		return "identifier"
	case tokNumber:
		return "number"
	case tokString:
		return "string"
	case tokLBrace:
		return "'{'"
	case tokRBrace:
		return "'}'"
	case tokLBracket:
		return "'['"
	case tokRBracket:
		return "']'"
	}
	return "token"
}

// token is one lexical token. For strings, text is the unescaped content.
type token struct {
	kind tokKind
	text string
	line int
}

// describe renders a token for error messages.
func (t token) describe() string {
	switch t.kind {
	case tokEOF, tokLBrace, tokRBrace, tokLBracket, tokRBracket:
		return t.kind.String()
	case tokString:
		return strconv.Quote(clip(t.text))
	}
	return "'" + clip(t.text) + "'"
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// lexer splits a .wbt source into tokens. Commas are whitespace (VRML97),
// '#' starts a comment that runs to the end of the line.
type lexer struct {
	name string
	src  []byte
	pos  int
	line int
}

func (l *lexer) errorf(line int, format string, args ...any) error {
	return &ParseError{File: l.name, Line: line, Msg: fmt.Sprintf(format, args...)}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',' || c == '\f' || c == '\v'
}

// isDelim reports whether c ends an identifier or number.
func isDelim(c byte) bool {
	return isSpace(c) || c == '{' || c == '}' || c == '[' || c == ']' || c == '"' || c == '#'
}

func (l *lexer) next() (token, error) {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c == '\n' {
			l.line++
			l.pos++
			continue
		}
		if isSpace(c) {
			l.pos++
			continue
		}
		if c == '#' {
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
			continue
		}
		break
	}
	if l.pos >= len(l.src) {
		return token{kind: tokEOF, line: l.line}, nil
	}
	c := l.src[l.pos]
	line := l.line
	switch c {
	case '{':
		l.pos++
		return token{kind: tokLBrace, text: "{", line: line}, nil
	case '}':
		l.pos++
		return token{kind: tokRBrace, text: "}", line: line}, nil
	case '[':
		l.pos++
		return token{kind: tokLBracket, text: "[", line: line}, nil
	case ']':
		l.pos++
		return token{kind: tokRBracket, text: "]", line: line}, nil
	case '"':
		return l.lexString()
	}
	start := l.pos
	for l.pos < len(l.src) && !isDelim(l.src[l.pos]) {
		l.pos++
	}
	text := string(l.src[start:l.pos])
	if c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9') {
		if !isNumber(text) {
			return token{}, l.errorf(line, "malformed number %q", clip(text))
		}
		return token{kind: tokNumber, text: text, line: line}, nil
	}
	return token{kind: tokIdent, text: text, line: line}, nil
}

func (l *lexer) lexString() (token, error) {
	line := l.line
	l.pos++ // opening quote
	var sb strings.Builder
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch c {
		case '"':
			l.pos++
			return token{kind: tokString, text: sb.String(), line: line}, nil
		case '\\':
			if l.pos+1 >= len(l.src) {
				l.pos++
				continue
			}
			e := l.src[l.pos+1]
			if e == '\n' {
				l.line++
			}
			sb.WriteByte(e)
			l.pos += 2
			continue
		case '\n':
			l.line++
		}
		sb.WriteByte(c)
		l.pos++
	}
	return token{}, l.errorf(line, "expected '\"' to close the string opened here, got end of file")
}

// isNumber accepts [+-] (digits [. digits] | . digits) [(e|E) [+-] digits]
// and [+-] 0x hexdigits.
func isNumber(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i+1 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') {
		i += 2
		if i == len(s) {
			return false
		}
		for ; i < len(s); i++ {
			c := s[i]
			if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
				return false
			}
		}
		return true
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		ed := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			ed++
		}
		if ed == 0 {
			return false
		}
	}
	return i == len(s)
}

// isIntText reports whether a number token is an integer literal.
func isIntText(s string) bool {
	return !strings.ContainsAny(s, ".eE") || strings.HasPrefix(strings.TrimLeft(s, "+-"), "0x") ||
		strings.HasPrefix(strings.TrimLeft(s, "+-"), "0X")
}

// parseInt32 reads an integer literal the way Webots does: a value that
// does not fit in an int32 reads as 0 (QString::toInt fails and returns 0).
func parseInt32(s string) (int, bool) {
	if !isIntText(s) {
		return 0, false
	}
	n := new(big.Int)
	t := s
	neg := false
	if strings.HasPrefix(t, "+") {
		t = t[1:]
	} else if strings.HasPrefix(t, "-") {
		t = t[1:]
		neg = true
	}
	base := 10
	if strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X") {
		t = t[2:]
		base = 16
	}
	if _, ok := n.SetString(t, base); !ok {
		return 0, false
	}
	if neg {
		n.Neg(n)
	}
	if !n.IsInt64() {
		return 0, true
	}
	v := n.Int64()
	if v > 2147483647 || v < -2147483648 {
		return 0, true
	}
	return int(v), true
}

// parseFloat reads any number token as a float64.
func parseFloat(s string) (float64, bool) {
	if isIntText(s) && (strings.Contains(s, "x") || strings.Contains(s, "X")) {
		v, ok := parseInt32(s)
		return float64(v), ok
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		// Out of range: ParseFloat returns ±Inf with ErrRange; reject.
		return 0, false
	}
	return f, true
}

// ParseError is a syntax or content error in a world file, with the line
// where it was found.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
}

// vNode is one node of the world tree: [DEF name] Type { fields }, or
// USE name (Use set, Type empty, Def the referenced name).
type vNode struct {
	Def    string
	Type   string
	Use    bool
	Line   int
	Fields []vField
}

// vField is one "name value" pair of a node.
type vField struct {
	Name string
	Line int
	Val  vValue
}

// vValue is a field value: a run of scalars (numbers, strings, TRUE/FALSE),
// a single node (or NULL, Node nil with IsNode set), or a bracketed list
// whose elements are scalars or nodes.
type vValue struct {
	Line    int
	Scalars []token
	IsNode  bool
	Node    *vNode
	IsList  bool
	Elems   []vElem
}

// vElem is an element of a bracketed list.
type vElem struct {
	Tok  token
	Node *vNode
}

// field returns the last field with the given name (Webots keeps the last
// of duplicated fields), or nil.
func (n *vNode) field(name string) *vField {
	if n == nil {
		return nil
	}
	for i := len(n.Fields) - 1; i >= 0; i-- {
		if n.Fields[i].Name == name {
			return &n.Fields[i]
		}
	}
	return nil
}

// childNodes returns the nodes of an MF node field such as children.
func (n *vNode) childNodes(name string) []*vNode {
	f := n.field(name)
	if f == nil {
		return nil
	}
	if f.Val.IsNode {
		if f.Val.Node != nil {
			return []*vNode{f.Val.Node}
		}
		return nil
	}
	var out []*vNode
	for _, e := range f.Val.Elems {
		if e.Node != nil {
			out = append(out, e.Node)
		}
	}
	return out
}

// scalars returns the scalar tokens of a field, flattening brackets.
func (f *vField) scalars() []token {
	if f.Val.IsList {
		out := make([]token, 0, len(f.Val.Elems))
		for _, e := range f.Val.Elems {
			if e.Node == nil {
				out = append(out, e.Tok)
			}
		}
		return out
	}
	return f.Val.Scalars
}

// maxDepth bounds node/list nesting so hostile input cannot exhaust the
// stack.
const maxDepth = 256

type parser struct {
	lx  *lexer
	tok token
}

func (p *parser) advance() error {
	t, err := p.lx.next()
	if err != nil {
		return err
	}
	p.tok = t
	return nil
}

func (p *parser) errorf(line int, format string, args ...any) error {
	return p.lx.errorf(line, format, args...)
}

// parseWorld parses a whole .wbt source into its top-level nodes.
// EXTERNPROTO and IMPORTABLE EXTERNPROTO declarations are skipped.
func parseWorld(name string, src []byte) ([]*vNode, error) {
	p := &parser{lx: &lexer{name: name, src: src, line: 1}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	var nodes []*vNode
	for p.tok.kind != tokEOF {
		if p.tok.kind == tokIdent && (p.tok.text == "EXTERNPROTO" || p.tok.text == "IMPORTABLE") {
			if p.tok.text == "IMPORTABLE" {
				if err := p.advance(); err != nil {
					return nil, err
				}
				if p.tok.kind != tokIdent || p.tok.text != "EXTERNPROTO" {
					return nil, p.errorf(p.tok.line, "expected EXTERNPROTO after IMPORTABLE, got %s", p.tok.describe())
				}
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			if p.tok.kind != tokString {
				return nil, p.errorf(p.tok.line, "expected the PROTO url string after EXTERNPROTO, got %s", p.tok.describe())
			}
			if err := p.advance(); err != nil {
				return nil, err
			}
			continue
		}
		n, err := p.parseNode(0)
		if err != nil {
			return nil, err
		}
		nodes = append(nodes, n)
	}
	return nodes, nil
}

// parseNode parses a node starting at the current token and leaves the
// token after it current.
func (p *parser) parseNode(depth int) (*vNode, error) {
	if depth > maxDepth {
		return nil, p.errorf(p.tok.line, "nodes nested more than %d deep", maxDepth)
	}
	if p.tok.kind != tokIdent {
		return nil, p.errorf(p.tok.line, "expected a node, got %s", p.tok.describe())
	}
	n := &vNode{Line: p.tok.line}
	switch p.tok.text {
	case "USE":
		if err := p.advance(); err != nil {
			return nil, err
		}
		if p.tok.kind != tokIdent {
			return nil, p.errorf(p.tok.line, "expected a DEF name after USE, got %s", p.tok.describe())
		}
		n.Use = true
		n.Def = p.tok.text
		return n, p.advance()
	case "DEF":
		if err := p.advance(); err != nil {
			return nil, err
		}
		if p.tok.kind != tokIdent {
			return nil, p.errorf(p.tok.line, "expected a name after DEF, got %s", p.tok.describe())
		}
		n.Def = p.tok.text
		if err := p.advance(); err != nil {
			return nil, err
		}
		if p.tok.kind != tokIdent {
			return nil, p.errorf(p.tok.line, "expected a node type after DEF %s, got %s", n.Def, p.tok.describe())
		}
	}
	n.Type = p.tok.text
	n.Line = p.tok.line
	if err := p.advance(); err != nil {
		return nil, err
	}
	if p.tok.kind != tokLBrace {
		return nil, p.errorf(p.tok.line, "expected '{' after node type %s, got %s", clip(n.Type), p.tok.describe())
	}
	if err := p.advance(); err != nil {
		return nil, err
	}
	for {
		switch p.tok.kind {
		case tokRBrace:
			return n, p.advance()
		case tokEOF:
			return nil, p.errorf(p.tok.line, "expected '}' to close %s (opened at line %d), got end of file", clip(n.Type), n.Line)
		case tokIdent:
		default:
			return nil, p.errorf(p.tok.line, "expected a field name or '}' in %s, got %s", clip(n.Type), p.tok.describe())
		}
		f := vField{Name: p.tok.text, Line: p.tok.line}
		if err := p.advance(); err != nil {
			return nil, err
		}
		v, err := p.parseValue(f.Name, depth)
		if err != nil {
			return nil, err
		}
		f.Val = v
		n.Fields = append(n.Fields, f)
	}
}

func isBoolIdent(s string) bool { return s == "TRUE" || s == "FALSE" }

// parseValue parses the value of field name at the current token.
func (p *parser) parseValue(name string, depth int) (vValue, error) {
	v := vValue{Line: p.tok.line}
	switch p.tok.kind {
	case tokLBracket:
		v.IsList = true
		if depth+1 > maxDepth {
			return v, p.errorf(p.tok.line, "lists nested more than %d deep", maxDepth)
		}
		open := p.tok.line
		if err := p.advance(); err != nil {
			return v, err
		}
		for {
			switch p.tok.kind {
			case tokRBracket:
				return v, p.advance()
			case tokEOF:
				return v, p.errorf(p.tok.line, "expected ']' to close field %s (opened at line %d), got end of file", clip(name), open)
			case tokNumber, tokString:
				v.Elems = append(v.Elems, vElem{Tok: p.tok})
				if err := p.advance(); err != nil {
					return v, err
				}
			case tokIdent:
				if isBoolIdent(p.tok.text) {
					v.Elems = append(v.Elems, vElem{Tok: p.tok})
					if err := p.advance(); err != nil {
						return v, err
					}
					continue
				}
				if p.tok.text == "NULL" {
					if err := p.advance(); err != nil {
						return v, err
					}
					continue
				}
				n, err := p.parseNode(depth + 1)
				if err != nil {
					return v, err
				}
				v.Elems = append(v.Elems, vElem{Node: n})
			default:
				return v, p.errorf(p.tok.line, "expected a value or ']' in field %s, got %s", clip(name), p.tok.describe())
			}
		}
	case tokNumber, tokString:
		return p.parseScalars(v)
	case tokIdent:
		if isBoolIdent(p.tok.text) {
			return p.parseScalars(v)
		}
		v.IsNode = true
		if p.tok.text == "NULL" {
			return v, p.advance()
		}
		n, err := p.parseNode(depth + 1)
		if err != nil {
			return v, err
		}
		v.Node = n
		return v, nil
	}
	return v, p.errorf(p.tok.line, "expected a value for field %s, got %s", clip(name), p.tok.describe())
}

// parseScalars reads a run of numbers, strings and booleans: the value of
// an SF field (a vector or rotation has several).
func (p *parser) parseScalars(v vValue) (vValue, error) {
	for {
		switch {
		case p.tok.kind == tokNumber || p.tok.kind == tokString,
			p.tok.kind == tokIdent && isBoolIdent(p.tok.text):
			v.Scalars = append(v.Scalars, p.tok)
			if err := p.advance(); err != nil {
				return v, err
			}
		default:
			return v, nil
		}
	}
}
