package host

import (
	"strings"
	"testing"

	hclog "github.com/hashicorp/go-hclog"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

func TestParseReattach(t *testing.T) {
	cases := []struct {
		name, in string
		wantErr  string
		wantAddr string
	}{
		{"unix", `{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/tmp/plugin1","pid":42}`, "", "/tmp/plugin1"},
		{"camel case and spaces", ` {"protocol":"grpc","protocolVersion":1,"network":"tcp","address":"127.0.0.1:1234","pid":42}` + "\n", "", "127.0.0.1:1234"},
		{"unknown field", `{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/s","pid":1,"new":true}`, "", "/s"},
		{"not json", `1|1|unix|/tmp/x|grpc|`, "not a plugin reattach line", ""},
		{"net/rpc", `{"protocol":"netrpc","protocol_version":1,"network":"unix","address":"/s","pid":1}`, `reattach protocol "netrpc"`, ""},
		{"no pid", `{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/s"}`, "pid 0", ""},
		{"no version", `{"protocol":"grpc","network":"unix","address":"/s","pid":1}`, "protocol_version 0", ""},
		{"host name", `{"protocol":"grpc","protocol_version":1,"network":"tcp","address":"localhost:1","pid":1}`, `address "localhost:1"`, ""},
		{"empty unix", `{"protocol":"grpc","protocol_version":1,"network":"unix","pid":1}`, "address is empty", ""},
		{"udp", `{"protocol":"grpc","protocol_version":1,"network":"udp","address":"1.2.3.4:5","pid":1}`, `network "udp"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rc, err := ParseReattach([]byte(c.in))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Errorf("err = %v, want one containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if rc.Addr.String() != c.wantAddr || rc.Pid != 42 && rc.Pid != 1 || rc.ProtocolVersion != 1 || !rc.Test {
				t.Errorf("got %+v", rc)
			}
		})
	}
}

func TestParseDescription(t *testing.T) {
	cases := []struct {
		name, in, wantErr string
	}{
		{"full", `{"name":"explore","version":"1","protocol_version":1,"states":["explore"],"params":{"speed":{"default":"1"}}}`, ""},
		{"newer sdk field", `{"name":"explore","protocol_version":1,"teleport":true}`, ""},
		{"no name", `{"protocol_version":1}`, "no name"},
		{"no version", `{"name":"x"}`, "no protocol_version"},
		{"garbage", `hello`, "not a plugin description"},
		{"wrong type", `{"name":5,"protocol_version":1}`, "not a plugin description"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := ParseDescription([]byte(c.in))
			if c.wantErr == "" {
				if err != nil || d.GetName() != "explore" {
					t.Errorf("got %v, %v", d, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("err = %v, want one containing %q", err, c.wantErr)
			}
		})
	}
}

func FuzzParseReattach(f *testing.F) {
	f.Add([]byte(`{"protocol":"grpc","protocol_version":1,"network":"unix","address":"/tmp/plugin1","pid":42}`))
	f.Add([]byte(`{"protocol":"grpc","protocol_version":1,"network":"tcp","address":"[::1]:80","pid":42}`))
	f.Add([]byte(`{}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		rc, err := ParseReattach(data)
		if err == nil && (rc.Addr == nil || rc.Pid <= 0 || rc.ProtocolVersion <= 0) {
			t.Fatalf("accepted an unusable config %+v", rc)
		}
	})
}

func FuzzParseDescription(f *testing.F) {
	f.Add([]byte(`{"name":"explore","version":"1","protocol_version":1,"states":["explore"],"params":{"speed":{"default":"1"}}}`))
	f.Add([]byte(`{"name":"w","protocol_version":1,"watcher":true,"every_n_steps":4}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDescription(data)
		if err == nil && (d.GetName() == "" || d.GetProtocolVersion() == 0) {
			t.Fatalf("accepted %v", d)
		}
	})
}

func TestHCLogger(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	h := newHCLogger(zap.New(core).Named("explore"))
	if h.GetLevel() != hclog.Info || h.IsDebug() || !h.IsWarn() {
		t.Errorf("level %v, IsDebug %v: want the zap logger's info", h.GetLevel(), h.IsDebug())
	}
	h.With("a", 1).Named("ignored").Warn("w", "b", "two", 3)
	h.Trace("dropped")
	h.Log(hclog.Error, "e", "odd")
	all := logs.All()
	if len(all) != 2 {
		t.Fatalf("%d entries, want 2: %v", len(all), all)
	}
	if e := all[0]; e.Level != zapcore.WarnLevel || e.LoggerName != "explore" ||
		e.ContextMap()["a"] != int64(1) || e.ContextMap()["b"] != "two" || e.ContextMap()["EXTRA_VALUE_AT_END"] != "3" {
		t.Errorf("warn entry %+v %v", e.Entry, e.ContextMap())
	}
	if e := all[1]; e.Level != zapcore.ErrorLevel || e.ContextMap()["EXTRA_VALUE_AT_END"] != "odd" {
		t.Errorf("error entry %+v %v", e.Entry, e.ContextMap())
	}
	h.StandardLogger(nil).Print("from the standard logger")
	if logs.FilterMessage("from the standard logger").Len() != 1 {
		t.Error("StandardLogger line not logged")
	}
}

func TestLineLogger(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	w := &lineLogger{log: zap.New(core), level: zapcore.InfoLevel, stream: "stdout"}
	for _, chunk := range []string{"par", "tial\r\nsecond\n\n", "third", "\n"} {
		if n, err := w.Write([]byte(chunk)); n != len(chunk) || err != nil {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	var got []string
	for _, e := range logs.All() {
		got = append(got, e.Message)
		if e.ContextMap()["stream"] != "stdout" {
			t.Errorf("entry %q without stream field", e.Message)
		}
	}
	if strings.Join(got, "|") != "partial|second|third" {
		t.Errorf("lines %q", got)
	}
	long := strings.Repeat("x", maxLine+10)
	_, _ = w.Write([]byte(long))
	if logs.Len() != 4 {
		t.Errorf("an over-long line was not logged in pieces: %d entries", logs.Len())
	}
}
