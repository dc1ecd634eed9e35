package fastconn

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// hang bounds the waits of these tests, so that a bug fails them instead
// of hanging the run. It is not a speed check.
const hang = 20 * time.Second

// pair returns the two ends of a connected Unix stream socket.
func pair(t testing.TB) (client, server *net.UnixConn) {
	t.Helper()
	ln, err := net.ListenUnix("unix", &net.UnixAddr{Name: filepath.Join(t.TempDir(), "s"), Net: "unix"})
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	acc := make(chan *net.UnixConn, 1)
	go func() {
		c, err := ln.AcceptUnix()
		if err != nil {
			t.Error(err)
		}
		acc <- c
	}()
	client, err = net.DialUnix("unix", nil, ln.Addr().(*net.UnixAddr))
	if err != nil {
		t.Fatal(err)
	}
	server = <-acc
	if server == nil {
		t.FailNow()
	}
	return client, server
}

// wrapped returns both ends of a socket, each wrapped, closed at the end of
// the test.
func wrapped(t testing.TB) (a, b net.Conn) {
	t.Helper()
	c, s := pair(t)
	a, b = Wrap(c), Wrap(s)
	for _, x := range []net.Conn{a, b} {
		if _, ok := x.(*conn); !ok {
			t.Fatalf("Wrap(%T) = %T: the socket was not wrapped", c, x)
		}
		t.Cleanup(func() { x.Close() })
	}
	return a, b
}

func pattern(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*7 + i/251)
	}
	return b
}

// TestRoundTrip sends more than a socket buffer holds each way, so that
// writes wait for room, and checks every byte.
func TestRoundTrip(t *testing.T) {
	a, b := wrapped(t)
	const n = 4 << 20
	want := pattern(n)
	for _, dir := range []struct {
		name     string
		from, to net.Conn
	}{{"a to b", a, b}, {"b to a", b, a}} {
		t.Run(dir.name, func(t *testing.T) {
			errc := make(chan error, 1)
			go func() {
				k, err := dir.from.Write(want)
				if err == nil && k != n {
					err = fmt.Errorf("Write = %d bytes, want %d", k, n)
				}
				errc <- err
			}()
			got := make([]byte, n)
			// Small reads first, so the writer finds the buffer full.
			for off := 0; off < n; {
				size := 1 << 10
				if off > n/2 {
					size = 64 << 10
				}
				k, err := dir.to.Read(got[off:min(n, off+size)])
				if err != nil {
					t.Fatalf("Read after %d bytes: %v", off, err)
				}
				off += k
			}
			if err := <-errc; err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Fatal("the bytes read differ from the bytes written")
			}
		})
	}
}

// TestConcurrentWrites checks that each Write arrives whole when several
// goroutines write at once, as a net.Conn allows.
func TestConcurrentWrites(t *testing.T) {
	a, b := wrapped(t)
	const writers, msgs, size = 4, 200, 3000
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			msg := bytes.Repeat([]byte{byte('a' + w)}, size)
			for range msgs {
				if _, err := a.Write(msg); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	count := map[byte]int{}
	buf := make([]byte, size)
	for range writers * msgs {
		if _, err := io.ReadFull(b, buf); err != nil {
			t.Fatal(err)
		}
		if bytes.Count(buf, buf[:1]) != size {
			t.Fatalf("a message mixes writers: %q...", buf[:40])
		}
		count[buf[0]]++
	}
	wg.Wait()
	for w := range writers {
		if got := count[byte('a'+w)]; got != msgs {
			t.Errorf("writer %d: %d messages, want %d", w, got, msgs)
		}
	}
}

// TestEOF: the peer's close ends the reads with io.EOF after what it sent.
func TestEOF(t *testing.T) {
	a, b := wrapped(t)
	if _, err := a.Write([]byte("last words")); err != nil {
		t.Fatal(err)
	}
	a.Close()
	got, err := io.ReadAll(b)
	if err != nil || string(got) != "last words" {
		t.Fatalf("ReadAll = %q, %v; want %q, nil", got, err, "last words")
	}
	if n, err := b.Read(make([]byte, 8)); n != 0 || err != io.EOF {
		t.Fatalf("Read after EOF = %d, %v", n, err)
	}
}

// fill writes to c until a write waits, with a deadline that makes it
// return, and clears the deadline.
func fill(t *testing.T, c net.Conn) {
	t.Helper()
	c.SetWriteDeadline(time.Now().Add(100 * time.Millisecond))
	for {
		if _, err := c.Write(make([]byte, 64<<10)); err != nil {
			if !errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("filling the socket: %v", err)
			}
			break
		}
	}
	c.SetWriteDeadline(time.Time{})
}

func TestCloseWakesWaiters(t *testing.T) {
	tests := []struct {
		name string
		wait func(a net.Conn) error
	}{
		{"read", func(a net.Conn) error { _, err := a.Read(make([]byte, 10)); return err }},
		{"write", func(a net.Conn) error { _, err := a.Write(make([]byte, 1<<20)); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, _ := wrapped(t)
			if tt.name == "write" {
				fill(t, a)
			}
			errc := make(chan error, 1)
			go func() { errc <- tt.wait(a) }()
			time.Sleep(20 * time.Millisecond) // let it wait; the outcome does not depend on it
			if err := a.Close(); err != nil {
				t.Fatalf("Close: %v", err)
			}
			select {
			case err := <-errc:
				if !errors.Is(err, net.ErrClosed) {
					t.Fatalf("%s after Close: %v, want net.ErrClosed", tt.name, err)
				}
			case <-time.After(hang):
				t.Fatalf("%s still waits after Close", tt.name)
			}
			if err := tt.wait(a); !errors.Is(err, net.ErrClosed) {
				t.Fatalf("%s on a closed conn: %v, want net.ErrClosed", tt.name, err)
			}
			if err := a.Close(); err != nil {
				t.Fatalf("second Close: %v", err)
			}
		})
	}
}

func TestDeadlines(t *testing.T) {
	isTimeout := func(err error) bool {
		var ne net.Error
		return errors.Is(err, os.ErrDeadlineExceeded) && errors.As(err, &ne) && ne.Timeout()
	}
	t.Run("read", func(t *testing.T) {
		a, b := wrapped(t)
		a.SetReadDeadline(time.Now().Add(30 * time.Millisecond))
		if _, err := a.Read(make([]byte, 1)); !isTimeout(err) {
			t.Fatalf("Read past the deadline: %v, want a timeout", err)
		}
		a.SetReadDeadline(time.Time{})
		b.Write([]byte("x"))
		if n, err := a.Read(make([]byte, 1)); n != 1 || err != nil {
			t.Fatalf("Read after clearing the deadline = %d, %v", n, err)
		}
	})
	t.Run("read, deadline passed", func(t *testing.T) {
		a, b := wrapped(t)
		b.Write([]byte("waiting"))
		a.SetDeadline(time.Now().Add(-time.Second))
		if _, err := a.Read(make([]byte, 10)); !isTimeout(err) {
			t.Fatalf("Read with the deadline passed: %v, want a timeout even with data waiting", err)
		}
	})
	t.Run("write", func(t *testing.T) {
		a, _ := wrapped(t)
		fill(t, a)
		a.SetWriteDeadline(time.Now().Add(30 * time.Millisecond))
		n, err := a.Write(make([]byte, 1<<20))
		if !isTimeout(err) || n >= 1<<20 {
			t.Fatalf("Write to a full socket = %d, %v; want fewer bytes and a timeout", n, err)
		}
	})
}

// epollEntries returns the event masks under which the file with inode ino
// is registered in this process's epoll instances, by epoll descriptor.
func epollEntries(t *testing.T, ino uint64) map[int]uint32 {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	out := map[int]uint32{}
	for _, e := range fds {
		if l, _ := os.Readlink("/proc/self/fd/" + e.Name()); l != "anon_inode:[eventpoll]" {
			continue
		}
		info, err := os.ReadFile("/proc/self/fdinfo/" + e.Name())
		if err != nil {
			continue
		}
		fd, _ := strconv.Atoi(e.Name())
		for line := range strings.Lines(string(info)) {
			// tfd: 5 events: 8000201d data: 3fb2c03977000002  pos:0 ino:808e2 sdev:9
			f := strings.Fields(line)
			if len(f) < 4 || f[0] != "tfd:" || f[2] != "events:" || !slices.Contains(f, "ino:"+strconv.FormatUint(ino, 16)) {
				continue
			}
			ev, _ := strconv.ParseUint(f[3], 16, 32)
			out[fd] = uint32(ev)
		}
	}
	return out
}

func inode(t *testing.T, c syscall.Conn) uint64 {
	t.Helper()
	rc, err := c.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var st syscall.Stat_t
	rc.Control(func(fd uintptr) { err = syscall.Fstat(int(fd), &st) })
	if err != nil {
		t.Fatal(err)
	}
	return st.Ino
}

// TestInputOnly checks the point of the package: a plain socket is in
// Go's network poller for output too, so every read by the peer wakes the
// writer; a wrapped socket is in one epoll instance, for input only.
func TestInputOnly(t *testing.T) {
	c, s := pair(t)
	defer s.Close()
	ino := inode(t, c)
	before := epollEntries(t, ino)
	if len(before) != 1 {
		t.Fatalf("plain socket in %d epoll instances, want 1 (Go's poller): %v", len(before), before)
	}
	for _, ev := range before {
		if ev&syscall.EPOLLOUT == 0 {
			t.Fatalf("Go's poller watches the plain socket without EPOLLOUT (%#x): this test cannot tell the difference", ev)
		}
	}
	w := Wrap(c)
	defer w.Close()
	after := epollEntries(t, ino)
	if len(after) != 1 {
		t.Fatalf("wrapped socket in %d epoll instances, want 1 (its own): %v", len(after), after)
	}
	for fd, ev := range after {
		if _, was := before[fd]; was {
			t.Fatalf("the wrapped socket is still in Go's poller (epoll fd %d)", fd)
		}
		if ev&syscall.EPOLLIN == 0 || ev&syscall.EPOLLOUT != 0 {
			t.Fatalf("wrapped socket watched for %#x, want input and not output", ev)
		}
	}
	// A write that waits adds output for its wait only.
	fill(t, w)
	if got := epollEntries(t, ino); len(got) != 1 {
		t.Fatalf("after a write waited: in %d epoll instances, want 1: %v", len(got), got)
	}
}

func openFDs(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skipf("no /proc/self/fd: %v", err)
	}
	return len(fds)
}

// TestNoLeak: Wrap and Close leave no descriptor behind.
func TestNoLeak(t *testing.T) {
	c, s := pair(t)
	c.Close()
	s.Close()
	before := openFDs(t)
	for range 20 {
		c, s := pair(t)
		a, b := Wrap(c), Wrap(s)
		a.Write([]byte("x"))
		b.Read(make([]byte, 1))
		a.Close()
		b.Close()
	}
	if after := openFDs(t); after != before {
		t.Fatalf("%d descriptors open after 20 wrapped pairs closed, %d before", after, before)
	}
}

// TestOthersUnchanged: what is not a Unix stream socket is returned as it
// is, and still works.
func TestOthersUnchanged(t *testing.T) {
	p1, p2 := net.Pipe()
	defer p2.Close()
	dgram, err := net.ListenUnixgram("unixgram", &net.UnixAddr{Name: filepath.Join(t.TempDir(), "d"), Net: "unixgram"})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		c    net.Conn
	}{
		{"net.Pipe", p1},
		{"unix datagram socket", dgram},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			defer tt.c.Close()
			if got := Wrap(tt.c); got != tt.c {
				t.Fatalf("Wrap(%s) = %T, want the same conn", tt.name, got)
			}
		})
	}
}

// BenchmarkRoundTrip is one small message each way between two goroutines
// over a Unix socket, plain and wrapped.
func BenchmarkRoundTrip(b *testing.B) {
	for _, wrap := range []bool{false, true} {
		b.Run(map[bool]string{false: "plain", true: "wrapped"}[wrap], func(b *testing.B) {
			c, s := pair(b)
			var x, y net.Conn = c, s
			if wrap {
				x, y = Wrap(c), Wrap(s)
			}
			defer x.Close()
			defer y.Close()
			msg := make([]byte, 1024)
			go func() {
				buf := make([]byte, len(msg))
				for {
					if _, err := io.ReadFull(y, buf); err != nil {
						return
					}
					if _, err := y.Write(buf); err != nil {
						return
					}
				}
			}()
			buf := make([]byte, len(msg))
			for b.Loop() {
				if _, err := x.Write(msg); err != nil {
					b.Fatal(err)
				}
				if _, err := io.ReadFull(x, buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
