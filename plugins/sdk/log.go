package sdk

import (
	"io"
	"os"
	"strings"
	"sync"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// origStderr is the process's stderr as it was before go-plugin's Serve
// replaced os.Stderr with its stdio pipe. Package variables are initialised
// before main runs, so this is always the real file descriptor 2, which the
// runner reads and parses as log lines.
var origStderr = os.Stderr

// origStdout is the process's stdout before Serve: the handshake channel.
var origStdout = os.Stdout

// TimeLayout is the timestamp layout go-plugin requires in "@timestamp";
// a line with any other layout is not parsed as JSON and loses its level.
const TimeLayout = "2006-01-02T15:04:05.000000Z07:00"

var (
	loggerOnce sync.Once
	logger     *zap.Logger
)

// Logger returns the plugin's logger. It writes JSON lines to the original
// stderr in the form go-plugin re-emits in the runner's log; its level is
// the one the runner asked for (RESCUEKIT_PLUGIN_LOG_LEVEL, default debug).
func Logger() *zap.Logger {
	loggerOnce.Do(func() {
		logger = NewLogger(origStderr, LevelFromEnv())
	})
	return logger
}

// LevelFromEnv returns the level named by RESCUEKIT_PLUGIN_LOG_LEVEL, or
// debug when it is unset or not a level name.
func LevelFromEnv() zapcore.Level {
	name := strings.ToLower(os.Getenv(pluginpb.EnvLogLevel))
	var l zapcore.Level
	if err := l.UnmarshalText([]byte(name)); name == "" || err != nil {
		return zapcore.DebugLevel
	}
	return l
}

// EncoderConfig is the zap encoder configuration whose lines go-plugin
// parses: "@level" (trace, debug, info, warn, error), "@message",
// "@timestamp" in TimeLayout, "@module" for the logger name, and the fields
// as extra keys.
func EncoderConfig() zapcore.EncoderConfig {
	return zapcore.EncoderConfig{
		MessageKey:     "@message",
		LevelKey:       "@level",
		TimeKey:        "@timestamp",
		NameKey:        "@module",
		CallerKey:      "@caller",
		StacktraceKey:  "stacktrace",
		LineEnding:     zapcore.DefaultLineEnding,
		EncodeLevel:    hclogLevel,
		EncodeTime:     zapcore.TimeEncoderOfLayout(TimeLayout),
		EncodeDuration: zapcore.StringDurationEncoder,
		EncodeCaller:   zapcore.ShortCallerEncoder,
	}
}

// hclogLevel writes zap levels as hclog level names; the levels hclog does
// not have (dpanic, panic, fatal) become "error" so they keep their weight.
func hclogLevel(l zapcore.Level, enc zapcore.PrimitiveArrayEncoder) {
	switch {
	case l <= zapcore.DebugLevel:
		enc.AppendString("debug")
	case l == zapcore.InfoLevel:
		enc.AppendString("info")
	case l == zapcore.WarnLevel:
		enc.AppendString("warn")
	default:
		enc.AppendString("error")
	}
}

// NewLogger returns a logger writing go-plugin-compatible JSON lines to w
// at level and above. Logger is NewLogger on the original stderr.
func NewLogger(w io.Writer, level zapcore.Level) *zap.Logger {
	core := zapcore.NewCore(zapcore.NewJSONEncoder(EncoderConfig()), zapcore.Lock(zapcore.AddSync(w)), level)
	return zap.New(core, zap.AddCaller(), zap.AddStacktrace(zapcore.ErrorLevel))
}
