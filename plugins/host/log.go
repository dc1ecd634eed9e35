package host

import (
	"bytes"
	"fmt"
	"io"
	"log"
	"sync"

	hclog "github.com/hashicorp/go-hclog"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// hcLogger is the hclog.Logger go-plugin logs through (its own messages
// and the plugin's stderr lines, already parsed for their level); it
// forwards everything to zap.
type hcLogger struct {
	z       *zap.Logger
	implied []any
}

var _ hclog.Logger = (*hcLogger)(nil)

func newHCLogger(z *zap.Logger) *hcLogger { return &hcLogger{z: z} }

func zapLevel(l hclog.Level) zapcore.Level {
	switch l {
	case hclog.Trace, hclog.Debug:
		return zapcore.DebugLevel
	case hclog.Warn:
		return zapcore.WarnLevel
	case hclog.Error:
		return zapcore.ErrorLevel
	default:
		return zapcore.InfoLevel
	}
}

// kvFields turns hclog's alternating key/value arguments into zap fields;
// a non-string key is printed, a missing last value is marked.
func kvFields(args []any) []zap.Field {
	fields := make([]zap.Field, 0, (len(args)+1)/2)
	for i := 0; i < len(args); i += 2 {
		key, ok := args[i].(string)
		if !ok {
			key = fmt.Sprint(args[i])
		}
		if i+1 >= len(args) {
			fields = append(fields, zap.String("EXTRA_VALUE_AT_END", key))
			break
		}
		fields = append(fields, zap.Any(key, args[i+1]))
	}
	return fields
}

func (h *hcLogger) Log(level hclog.Level, msg string, args ...any) {
	if level == hclog.Off {
		return
	}
	ce := h.z.Check(zapLevel(level), msg)
	if ce == nil {
		return
	}
	ce.Write(kvFields(append(append([]any{}, h.implied...), args...))...)
}

func (h *hcLogger) Trace(msg string, args ...any) { h.Log(hclog.Trace, msg, args...) }
func (h *hcLogger) Debug(msg string, args ...any) { h.Log(hclog.Debug, msg, args...) }
func (h *hcLogger) Info(msg string, args ...any)  { h.Log(hclog.Info, msg, args...) }
func (h *hcLogger) Warn(msg string, args ...any)  { h.Log(hclog.Warn, msg, args...) }
func (h *hcLogger) Error(msg string, args ...any) { h.Log(hclog.Error, msg, args...) }

func (h *hcLogger) IsTrace() bool { return h.z.Core().Enabled(zapcore.DebugLevel) }
func (h *hcLogger) IsDebug() bool { return h.z.Core().Enabled(zapcore.DebugLevel) }
func (h *hcLogger) IsInfo() bool  { return h.z.Core().Enabled(zapcore.InfoLevel) }
func (h *hcLogger) IsWarn() bool  { return h.z.Core().Enabled(zapcore.WarnLevel) }
func (h *hcLogger) IsError() bool { return h.z.Core().Enabled(zapcore.ErrorLevel) }

func (h *hcLogger) ImpliedArgs() []any { return h.implied }

func (h *hcLogger) With(args ...any) hclog.Logger {
	c := *h
	c.implied = append(append([]any{}, h.implied...), args...)
	return &c
}

func (h *hcLogger) Name() string { return h.z.Name() }

// Named returns h: go-plugin names the plugin's stderr logger after the
// binary, which for built-in behaviors is the runner itself, so the plugin's
// name (the zap logger's name) is the only name kept.
func (h *hcLogger) Named(string) hclog.Logger { return h }

// ResetNamed returns h, as Named does.
func (h *hcLogger) ResetNamed(string) hclog.Logger { return h }

func (h *hcLogger) SetLevel(hclog.Level) {}

// GetLevel returns the lowest level the zap logger keeps. go-plugin drops
// the plugin's lines below it before parsing them.
func (h *hcLogger) GetLevel() hclog.Level {
	switch lowestLevel(h.z.Core()) {
	case zapcore.DebugLevel:
		return hclog.Trace
	case zapcore.InfoLevel:
		return hclog.Info
	case zapcore.WarnLevel:
		return hclog.Warn
	case zapcore.ErrorLevel:
		return hclog.Error
	default:
		return hclog.Off
	}
}

func (h *hcLogger) StandardLogger(opts *hclog.StandardLoggerOptions) *log.Logger {
	return log.New(h.StandardWriter(opts), "", 0)
}

func (h *hcLogger) StandardWriter(*hclog.StandardLoggerOptions) io.Writer {
	return &lineLogger{log: h.z, level: zapcore.InfoLevel}
}

// lineLogger logs every complete line written to it as one entry.
type lineLogger struct {
	log    *zap.Logger
	level  zapcore.Level
	stream string

	mu  sync.Mutex
	buf []byte
}

// maxLine bounds a buffered line: a longer one is logged in pieces.
const maxLine = 64 << 10

func (l *lineLogger) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, b...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			if len(l.buf) >= maxLine {
				l.emit(l.buf)
				l.buf = l.buf[:0]
			}
			return len(b), nil
		}
		l.emit(l.buf[:i])
		l.buf = l.buf[i+1:]
	}
}

func (l *lineLogger) emit(line []byte) {
	line = bytes.TrimRight(line, "\r")
	if len(line) == 0 {
		return
	}
	if ce := l.log.Check(l.level, string(line)); ce != nil {
		if l.stream != "" {
			ce.Write(zap.String("stream", l.stream))
		} else {
			ce.Write()
		}
	}
}

// orLines returns w, or a writer that logs each line at level.
func orLines(w io.Writer, log *zap.Logger, level zapcore.Level, stream string) io.Writer {
	if w != nil {
		return w
	}
	return &lineLogger{log: log, level: level, stream: stream}
}
