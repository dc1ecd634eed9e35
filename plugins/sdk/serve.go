package sdk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"syscall"

	hclog "github.com/hashicorp/go-hclog"
	plugin "github.com/hashicorp/go-plugin"
	"go.uber.org/zap"
	"google.golang.org/grpc"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/rescuekit/rescuekit/plugins/internal/fastconn"
	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// protocolVersionOverride lets the SDK's own tests build a plugin that
// speaks another protocol version (go build -ldflags "-X
// github.com/rescuekit/rescuekit/plugins/sdk.protocolVersionOverride=2").
// Plugins never set it.
var protocolVersionOverride string

func protocolVersion() uint32 {
	if protocolVersionOverride != "" {
		if v, err := strconv.ParseUint(protocolVersionOverride, 10, 32); err == nil {
			return uint32(v)
		}
	}
	return pluginpb.ProtocolVersion
}

// Serve serves b as a rescuekit plugin; it is a plugin's whole main. It
// returns when the runner is done with the plugin. With --describe among
// the arguments it prints the Description as JSON and returns; with
// RESCUEKIT_PLUGIN_DEBUG=1 it serves in debug mode (see the package doc).
// A nil Behavior or an invalid Description is reported on stderr and the
// process exits with status 2.
func Serve(b Behavior) {
	if err := serve(b, os.Args[1:], os.Getenv(pluginpb.EnvDebug)); err != nil {
		fmt.Fprintln(origStderr, err)
		os.Exit(2)
	}
}

func serve(b Behavior, args []string, debug string) error {
	if b == nil {
		return errors.New("sdk: Serve was given a nil Behavior")
	}
	desc := b.Describe()
	if err := desc.Validate(); err != nil {
		return err
	}
	version := protocolVersion()
	if slices.Contains(args, pluginpb.DescribeFlag) {
		return writeDescription(origStdout, desc, version)
	}
	srv := newService(b, desc.proto(version), Logger())
	cfg := &plugin.ServeConfig{
		HandshakeConfig: plugin.HandshakeConfig{
			MagicCookieKey:   pluginpb.MagicCookieKey,
			MagicCookieValue: pluginpb.MagicCookieValue,
		},
		VersionedPlugins: map[int]plugin.PluginSet{
			int(version): {pluginpb.PluginName: &grpcPlugin{srv: srv}},
		},
		GRPCServer: grpcServer,
		Logger: hclog.New(&hclog.LoggerOptions{
			Name:       "go-plugin",
			Output:     origStderr,
			JSONFormat: true,
			Level:      hclog.LevelFromString(LevelFromEnv().String()),
		}),
	}
	if on, _ := strconv.ParseBool(debug); on {
		return serveDebug(cfg, desc.Name)
	}
	plugin.Serve(cfg)
	return nil
}

// serveDebug serves in go-plugin's in-process mode and prints the reattach
// configuration for a runner.
func serveDebug(cfg *plugin.ServeConfig, name string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	reattach := make(chan *plugin.ReattachConfig, 1)
	closed := make(chan struct{})
	cfg.Test = &plugin.ServeTestConfig{Context: ctx, ReattachConfigCh: reattach, CloseCh: closed}
	go func() {
		select {
		case rc := <-reattach:
			line, err := protojson.MarshalOptions{UseProtoNames: true}.Marshal(&pluginpb.Reattach{
				Protocol:        string(rc.Protocol),
				ProtocolVersion: uint32(rc.ProtocolVersion),
				Network:         rc.Addr.Network(),
				Address:         rc.Addr.String(),
				Pid:             int64(rc.Pid),
			})
			if err != nil {
				Logger().Error("debug mode: encoding the reattach config", zap.Error(err))
				return
			}
			fmt.Fprintf(origStdout, "%s\n", line)
			Logger().Info("debug mode: waiting for a runner; give it the reattach line printed on stdout",
				zap.String("plugin", name), zap.ByteString("reattach", line))
		case <-closed:
		}
	}()
	plugin.Serve(cfg)
	return nil
}

func writeDescription(w io.Writer, desc Description, version uint32) error {
	out, err := protojson.MarshalOptions{Multiline: true, Indent: "  ", UseProtoNames: true, EmitUnpopulated: true}.Marshal(desc.proto(version))
	if err != nil {
		return fmt.Errorf("sdk: encoding the description: %w", err)
	}
	out = append(out, '\n')
	if _, err := w.Write(out); err != nil {
		return fmt.Errorf("sdk: writing the description: %w", err)
	}
	return nil
}

// grpcPlugin is the plugin side of the go-plugin plugin set.
type grpcPlugin struct {
	plugin.NetRPCUnsupportedPlugin
	srv *service
}

var _ plugin.GRPCPlugin = (*grpcPlugin)(nil)

func (p *grpcPlugin) GRPCServer(_ *plugin.GRPCBroker, s *grpc.Server) error {
	pluginpb.RegisterBehaviorServer(s, p.srv)
	return nil
}

func (p *grpcPlugin) GRPCClient(context.Context, *plugin.GRPCBroker, *grpc.ClientConn) (any, error) {
	return nil, errors.New("sdk: the SDK only serves plugins; the client is plugins/host")
}

// grpcServer is go-plugin's default server with the static window both
// sides use (pluginpb.StreamWindow) and, on the plain local connection the
// runner makes, fastconn's cheaper socket path (one thread wake-up fewer
// per message on Linux). Were the host to
// ask for TLS (go-plugin's AutoMTLS, which the runner does not use),
// go-plugin's TLS credentials are kept.
func grpcServer(opts []grpc.ServerOption) *grpc.Server {
	opts = append(opts, grpc.StaticStreamWindowSize(pluginpb.StreamWindow), grpc.StaticConnWindowSize(pluginpb.StreamWindow))
	if os.Getenv("PLUGIN_CLIENT_CERT") == "" {
		opts = append(opts, grpc.Creds(fastconn.Creds()))
	}
	return plugin.DefaultGRPCServer(opts)
}
