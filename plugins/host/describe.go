package host

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"strings"
	"time"

	plugin "github.com/hashicorp/go-plugin"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/rescuekit/rescuekit/plugins/pluginpb"
)

// maxDescribe bounds the --describe output read from a plugin.
const maxDescribe = 1 << 20

// Describe runs cmd with --describe appended (directly, no shell) and
// returns the Description it prints. When the plugin speaks another
// protocol version, Describe returns the Description and a *ProtocolError.
func Describe(ctx context.Context, cmd []string) (*pluginpb.Description, error) {
	if len(cmd) == 0 || cmd[0] == "" {
		return nil, errors.New("host: Describe: empty command: give the program path (and its arguments)")
	}
	c := exec.CommandContext(ctx, cmd[0], append(cmd[1:len(cmd):len(cmd)], pluginpb.DescribeFlag)...)
	if c.Err != nil {
		return nil, fmt.Errorf("host: describe %s: %w", cmd[0], c.Err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, pluginpb.EnvDebug+"=") && !strings.HasPrefix(kv, pluginpb.MagicCookieKey+"=") {
			env = append(env, kv)
		}
	}
	c.Env = env
	var stdout, stderr limitedBuffer
	stdout.max, stderr.max = maxDescribe, 4096
	c.Stdout, c.Stderr = &stdout, &stderr
	c.WaitDelay = time.Second
	setPdeathsig(c)
	if err := c.Run(); err != nil {
		return nil, fmt.Errorf("host: %s %s failed: %w; its stderr: %q", cmd[0], pluginpb.DescribeFlag, err, strings.TrimSpace(stderr.String()))
	}
	if stdout.over {
		return nil, fmt.Errorf("host: %s %s printed more than %d bytes: not a rescuekit plugin description", cmd[0], pluginpb.DescribeFlag, maxDescribe)
	}
	d, err := ParseDescription(stdout.Bytes())
	if err != nil {
		return nil, fmt.Errorf("host: %s %s: %w", cmd[0], pluginpb.DescribeFlag, err)
	}
	if v := int(d.GetProtocolVersion()); v != pluginpb.ProtocolVersion {
		return d, &ProtocolError{Plugin: d.GetName(), PluginVersion: v, RunnerVersion: pluginpb.ProtocolVersion}
	}
	return d, nil
}

type limitedBuffer struct {
	bytes.Buffer
	max  int
	over bool
}

func (b *limitedBuffer) Write(p []byte) (int, error) {
	if room := b.max - b.Len(); len(p) > room {
		b.over = true
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// ParseDescription decodes the --describe JSON of a plugin. Unknown fields
// (from a newer SDK) are ignored; a missing name is an error.
func ParseDescription(data []byte) (*pluginpb.Description, error) {
	d := &pluginpb.Description{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(data, d); err != nil {
		return nil, fmt.Errorf("not a plugin description (JSON): %w", err)
	}
	if d.GetName() == "" {
		return nil, errors.New("plugin description has no name")
	}
	if d.GetProtocolVersion() == 0 {
		return nil, fmt.Errorf("plugin description of %s has no protocol_version", d.GetName())
	}
	return d, nil
}

// ParseReattach decodes the reattach line a plugin prints in debug mode
// (RESCUEKIT_PLUGIN_DEBUG=1) into a Config.Reattach value.
func ParseReattach(data []byte) (*plugin.ReattachConfig, error) {
	r := &pluginpb.Reattach{}
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(bytes.TrimSpace(data), r); err != nil {
		return nil, fmt.Errorf("not a plugin reattach line (JSON): %w", err)
	}
	if r.GetProtocol() != string(plugin.ProtocolGRPC) {
		return nil, fmt.Errorf("reattach protocol %q: rescuekit plugins speak %q", r.GetProtocol(), plugin.ProtocolGRPC)
	}
	if r.GetPid() <= 0 || r.GetPid() > 1<<31-1 {
		return nil, fmt.Errorf("reattach pid %d is not a process id", r.GetPid())
	}
	if r.GetProtocolVersion() == 0 || r.GetProtocolVersion() > 1<<31-1 {
		return nil, fmt.Errorf("reattach protocol_version %d is not valid", r.GetProtocolVersion())
	}
	var addr net.Addr
	var err error
	switch r.GetNetwork() {
	case "unix":
		if r.GetAddress() == "" {
			return nil, errors.New("reattach address is empty")
		}
		addr, err = net.ResolveUnixAddr("unix", r.GetAddress())
	case "tcp":
		// An IP literal only: a plugin in debug mode listens on loopback,
		// and a host name would need a DNS lookup.
		var ap netip.AddrPort
		if ap, err = netip.ParseAddrPort(r.GetAddress()); err == nil {
			addr = net.TCPAddrFromAddrPort(ap)
		}
	default:
		return nil, fmt.Errorf("reattach network %q: want unix or tcp", r.GetNetwork())
	}
	if err != nil {
		return nil, fmt.Errorf("reattach address %q: %w", r.GetAddress(), err)
	}
	return &plugin.ReattachConfig{
		Protocol:        plugin.ProtocolGRPC,
		ProtocolVersion: int(r.GetProtocolVersion()),
		Addr:            addr,
		Pid:             int(r.GetPid()),
		Test:            true,
	}, nil
}
