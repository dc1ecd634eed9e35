package fastconn

import (
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// With envEcho set to a socket path, the test binary is the far end of
// BenchmarkProcessRoundTrip: it connects, wraps the connection when
// envEchoWrap is "1", and echoes until the end of input.
const (
	envEcho     = "FASTCONN_TEST_ECHO"
	envEchoWrap = "FASTCONN_TEST_ECHO_WRAP"
)

func TestMain(m *testing.M) {
	if path := os.Getenv(envEcho); path != "" {
		os.Exit(echo(path, os.Getenv(envEchoWrap) == "1"))
	}
	os.Exit(m.Run())
}

func echo(path string, wrap bool) int {
	uc, err := net.Dial("unix", path)
	if err != nil {
		return 1
	}
	c := uc
	if wrap {
		c = Wrap(uc)
	}
	defer c.Close()
	buf := make([]byte, 64<<10)
	for {
		n, err := c.Read(buf)
		if err != nil {
			return 0
		}
		if _, err := c.Write(buf[:n]); err != nil {
			return 1
		}
	}
}

// BenchmarkProcessRoundTrip is one 1 KiB message each way between this
// process and an echoing child on one thread (as a plugin runs), with both
// ends plain or both wrapped: the cost that Wrap is for, thread wake-ups
// across processes, is in it.
func BenchmarkProcessRoundTrip(b *testing.B) {
	for _, wrap := range []bool{false, true} {
		b.Run(map[bool]string{false: "plain", true: "wrapped"}[wrap], func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "echo.sock")
			ln, err := net.Listen("unix", path)
			if err != nil {
				b.Fatal(err)
			}
			defer ln.Close()
			cmd := exec.Command(os.Args[0])
			w := "0"
			if wrap {
				w = "1"
			}
			cmd.Env = append(os.Environ(), envEcho+"="+path, envEchoWrap+"="+w, "GOMAXPROCS=1")
			if err := cmd.Start(); err != nil {
				b.Fatal(err)
			}
			defer cmd.Wait()
			uc, err := ln.Accept()
			if err != nil {
				b.Fatal(err)
			}
			c := uc
			if wrap {
				c = Wrap(uc)
			}
			defer c.Close()
			msg, buf := make([]byte, 1024), make([]byte, 1024)
			for b.Loop() {
				if _, err := c.Write(msg); err != nil {
					b.Fatal(err)
				}
				if _, err := io.ReadFull(c, buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
