package pluginpb

// ProtocolVersion is the version of the plugin contract this build speaks.
// It is negotiated in the go-plugin handshake; a runner and a plugin that
// speak different versions refuse each other with one line saying which
// side to rebuild. Bump it when a change to plugin.proto changes the meaning
// of existing fields.
const ProtocolVersion = 1

// MagicCookieKey and MagicCookieValue are the go-plugin handshake cookie:
// a binary started without them knows it was not started by a runner.
// They are a usability check, not a security measure.
const (
	MagicCookieKey   = "RESCUEKIT_PLUGIN"
	MagicCookieValue = "6d1f0c2a-behavior-plugin"
)

// PluginName is the name under which the Behavior service is dispensed in
// the go-plugin plugin set.
const PluginName = "behavior"

// EnvDebug is the environment variable that puts a plugin in debug mode:
// with RESCUEKIT_PLUGIN_DEBUG=1 the plugin serves on its own (start it under
// a debugger), prints a Reattach JSON line on stdout, and waits for a runner
// to attach with that line.
const EnvDebug = "RESCUEKIT_PLUGIN_DEBUG"

// EnvLogLevel is the environment variable by which the runner tells a
// plugin the lowest log level it keeps (debug, info, warn, error), so the
// plugin does not encode lines the runner would drop.
const EnvLogLevel = "RESCUEKIT_PLUGIN_LOG_LEVEL"

// DescribeFlag is the command-line flag that makes a plugin print its
// Description as JSON on stdout and exit.
const DescribeFlag = "--describe"

// ErrDroppedPrefix started the Observation error ("dropped: step N: why")
// by which runners before Observation.dropped told a plugin that its Action
// for an earlier step was dropped whole.
//
// Deprecated: read Observation.GetDropped, which gives the step as a
// number. The runner no longer writes this text; the constant stays for one
// release so that plugin sources naming it still build.
const ErrDroppedPrefix = "dropped:"

// StreamWindow is the static HTTP/2 flow-control window, per stream and per
// connection, that both sides of a plugin connection advertise. A static
// window turns off gRPC's bandwidth-delay estimation, which otherwise sends
// a PING (and waits for its ack) on most received messages: on a local
// connection with one Observation and one Action per step that doubles the
// frames and the process wake-ups of every step.
const StreamWindow = 1 << 20
