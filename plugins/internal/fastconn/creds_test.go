package fastconn_test

import (
	"context"
	"net"
	"path/filepath"
	"sync/atomic"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/health"
	healthpb "google.golang.org/grpc/health/grpc_health_v1"
	"google.golang.org/grpc/peer"

	"github.com/rescuekit/rescuekit/plugins/internal/fastconn"
)

// TestCreds serves gRPC over a Unix socket with Creds on both sides: calls
// work and both sides see a connection without security.
func TestCreds(t *testing.T) {
	ln, err := net.Listen("unix", filepath.Join(t.TempDir(), "grpc.sock"))
	if err != nil {
		t.Fatal(err)
	}
	// serverSaw is written on the server's goroutines; the race detector does
	// not see the socket ordering it before the read below.
	var serverSaw atomic.Value
	serverSaw.Store("")
	srv := grpc.NewServer(grpc.Creds(fastconn.Creds()),
		grpc.UnaryInterceptor(func(ctx context.Context, req any, _ *grpc.UnaryServerInfo, h grpc.UnaryHandler) (any, error) {
			if p, ok := peer.FromContext(ctx); ok && p.AuthInfo != nil {
				serverSaw.Store(p.AuthInfo.AuthType())
			}
			return h(ctx, req)
		}))
	healthpb.RegisterHealthServer(srv, health.NewServer())
	go srv.Serve(ln)
	defer srv.Stop()

	cc, err := grpc.NewClient("unix://"+ln.Addr().String(), grpc.WithTransportCredentials(fastconn.Creds()))
	if err != nil {
		t.Fatal(err)
	}
	defer cc.Close()
	var p peer.Peer
	for i := range 100 { // many calls over the one connection
		res, err := healthpb.NewHealthClient(cc).Check(context.Background(), &healthpb.HealthCheckRequest{}, grpc.Peer(&p))
		if err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		if res.GetStatus() != healthpb.HealthCheckResponse_SERVING {
			t.Fatalf("call %d: status %v", i, res.GetStatus())
		}
	}
	if saw := serverSaw.Load().(string); saw != "insecure" || p.AuthInfo == nil || p.AuthInfo.AuthType() != "insecure" {
		t.Fatalf("auth types: server saw %q, client %v; want insecure on both", saw, p.AuthInfo)
	}
	if got := fastconn.Creds().Info().SecurityProtocol; got != "insecure" {
		t.Fatalf("SecurityProtocol = %q", got)
	}
}

// ExampleCreds shows both sides of a gRPC connection made with Creds, as
// the runner (client) and the SDK (server) make theirs.
func ExampleCreds() {
	srv := grpc.NewServer(grpc.Creds(fastconn.Creds()))
	defer srv.Stop()
	cc, err := grpc.NewClient("unix:///run/example.sock", grpc.WithTransportCredentials(fastconn.Creds()))
	if err != nil {
		panic(err)
	}
	defer cc.Close()
	// Output:
}
