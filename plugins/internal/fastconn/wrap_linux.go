package fastconn

import (
	"errors"
	"io"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unsafe"
)

// Wrap returns c, a Unix stream socket, taken out of Go's network poller
// and read and written with raw system calls (see the package doc). It
// returns c itself when c is not a Unix stream socket, or when the socket
// cannot be moved (then nothing has changed). Once wrapped, c must not be
// used: the returned net.Conn owns the socket. Deadlines set on c do not
// carry over.
func Wrap(c net.Conn) net.Conn {
	uc, ok := c.(*net.UnixConn)
	if !ok {
		return c
	}
	if w, err := wrap(uc); err == nil {
		return w
	}
	return c
}

// conn is a Unix stream socket watched through two epoll instances of its
// own, rd and wr, which are in Go's network poller as files: rd holds the
// socket for input, level triggered, so rd is readable whenever the socket
// is; wr holds it for output, and only while a Write waits for room.
//
// Every system call on the socket is made inside a callback of rd's or
// wr's syscall.RawConn, which holds a reference on that file: Close closes
// rd and wr first, which wakes any waiting Read or Write and waits for the
// callbacks under way, and only then closes the socket, so no call can
// reach a closed (or reused) descriptor number.
type conn struct {
	sock          int
	rd, wr        *os.File
	rdc, wrc      syscall.RawConn
	local, remote net.Addr

	wmu      sync.Mutex // one Write at a time, as a net.Conn allows several
	watching bool       // the socket is in wr (under wmu)

	closed    atomic.Bool // Close was called
	closeOnce sync.Once
	closeErr  error
}

func wrap(uc *net.UnixConn) (_ *conn, err error) {
	raw, err := uc.SyscallConn()
	if err != nil {
		return nil, err
	}
	c := &conn{sock: -1, local: uc.LocalAddr(), remote: uc.RemoteAddr()}
	var typ int
	var cerr error
	if err := raw.Control(func(fd uintptr) {
		if typ, cerr = syscall.GetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_TYPE); cerr != nil || typ != syscall.SOCK_STREAM {
			return
		}
		// A copy of the descriptor, close-on-exec like Go's own.
		r, _, e := syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_DUPFD_CLOEXEC, 0)
		if e != 0 {
			cerr = e
			return
		}
		c.sock = int(r)
	}); err != nil {
		return nil, err
	}
	if cerr != nil {
		return nil, cerr
	}
	if c.sock < 0 {
		return nil, errors.New("fastconn: not a stream socket")
	}
	defer func() {
		if err != nil {
			c.release()
		}
	}()
	if c.rd, c.rdc, err = newEpoll("fastconn-read"); err != nil {
		return nil, err
	}
	if c.wr, c.wrc, err = newEpoll("fastconn-write"); err != nil {
		return nil, err
	}
	ev := syscall.EpollEvent{Events: syscall.EPOLLIN | syscall.EPOLLRDHUP}
	var eerr error
	if err := c.rdc.Control(func(ep uintptr) { eerr = syscall.EpollCtl(int(ep), syscall.EPOLL_CTL_ADD, c.sock, &ev) }); err != nil {
		return nil, err
	}
	if eerr != nil {
		return nil, os.NewSyscallError("epoll_ctl", eerr)
	}
	// Closing the original takes the socket out of the network poller; the
	// copy keeps it open.
	if err := uc.Close(); err != nil {
		return nil, err
	}
	return c, nil
}

// newEpoll makes an epoll instance and hands it to the network poller as a
// non-blocking file.
func newEpoll(name string) (*os.File, syscall.RawConn, error) {
	ep, err := syscall.EpollCreate1(syscall.EPOLL_CLOEXEC)
	if err != nil {
		return nil, nil, os.NewSyscallError("epoll_create1", err)
	}
	if err := syscall.SetNonblock(ep, true); err != nil {
		syscall.Close(ep)
		return nil, nil, os.NewSyscallError("fcntl", err)
	}
	f := os.NewFile(uintptr(ep), name)
	// Only a file in the network poller takes deadlines: this checks that
	// the poller took it, so that waits go through it.
	if err := f.SetReadDeadline(time.Time{}); err != nil {
		f.Close()
		return nil, nil, err
	}
	rc, err := f.SyscallConn()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, rc, nil
}

// release closes whatever wrap had made when it fails.
func (c *conn) release() {
	for _, f := range []*os.File{c.rd, c.wr} {
		if f != nil {
			f.Close()
		}
	}
	if c.sock >= 0 {
		syscall.Close(c.sock)
	}
}

func (c *conn) Read(b []byte) (int, error) {
	if len(b) == 0 {
		return 0, nil
	}
	var n uintptr
	var errno syscall.Errno
	err := c.rdc.Read(func(uintptr) bool {
		for {
			n, _, errno = syscall.RawSyscall(syscall.SYS_READ, uintptr(c.sock), uintptr(unsafe.Pointer(&b[0])), uintptr(len(b)))
			if errno != syscall.EINTR {
				// On EAGAIN, wait in the poller for rd: the socket's next
				// input wakes rd's waiters, the poller among them.
				return errno != syscall.EAGAIN
			}
		}
	})
	switch {
	case err != nil:
		return 0, c.opError("read", err)
	case errno != 0:
		return 0, c.opError("read", os.NewSyscallError("read", errno))
	case n == 0:
		return 0, io.EOF
	}
	return int(n), nil
}

func (c *conn) Write(b []byte) (int, error) {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	done := 0
	var werr error
	err := c.wrc.Read(func(ep uintptr) bool {
		for done < len(b) {
			n, _, e := syscall.RawSyscall(syscall.SYS_WRITE, uintptr(c.sock), uintptr(unsafe.Pointer(&b[done])), uintptr(len(b)-done))
			switch {
			case e == 0:
				done += int(n)
			case e == syscall.EINTR:
			case e != syscall.EAGAIN:
				werr = os.NewSyscallError("write", e)
				return c.unwatch(ep)
			case !c.watching:
				// Watch for room from now on, and try once more: room made
				// before the watch began would not wake wr.
				ev := syscall.EpollEvent{Events: syscall.EPOLLOUT}
				if err := syscall.EpollCtl(int(ep), syscall.EPOLL_CTL_ADD, c.sock, &ev); err != nil {
					werr = os.NewSyscallError("epoll_ctl", err)
					return true
				}
				c.watching = true
			default:
				return false // wait in the poller for wr
			}
		}
		return c.unwatch(ep)
	})
	switch {
	case err != nil:
		if c.watching { // the wait ended by a deadline or Close
			c.wrc.Control(func(ep uintptr) { c.unwatch(ep) })
		}
		return done, c.opError("write", err)
	case werr != nil:
		return done, c.opError("write", werr)
	}
	return done, nil
}

// unwatch takes the socket out of wr, if a Write had put it there, and
// returns true (the Write callback is finished).
func (c *conn) unwatch(ep uintptr) bool {
	if c.watching {
		syscall.EpollCtl(int(ep), syscall.EPOLL_CTL_DEL, c.sock, nil)
		c.watching = false
	}
	return true
}

func (c *conn) opError(op string, err error) error {
	if c.closed.Load() {
		err = net.ErrClosed
	}
	return &net.OpError{Op: op, Net: "unix", Source: c.local, Addr: c.remote, Err: err}
}

// Close closes the connection; a Read or Write waiting returns an error
// wrapping net.ErrClosed.
func (c *conn) Close() error {
	c.closeOnce.Do(func() {
		c.closed.Store(true)
		// rd and wr first: their Close wakes the waiting calls and waits for
		// the callbacks under way, the only users of the socket.
		e1, e2 := c.rd.Close(), c.wr.Close()
		e3 := syscall.Close(c.sock)
		if err := errors.Join(e1, e2, e3); err != nil {
			c.closeErr = &net.OpError{Op: "close", Net: "unix", Source: c.local, Addr: c.remote, Err: err}
		}
	})
	return c.closeErr
}

func (c *conn) LocalAddr() net.Addr  { return c.local }
func (c *conn) RemoteAddr() net.Addr { return c.remote }

// SetDeadline sets the read and write deadlines, as on a net.Conn.
func (c *conn) SetDeadline(t time.Time) error {
	return errors.Join(c.SetReadDeadline(t), c.SetWriteDeadline(t))
}

// SetReadDeadline sets the deadline of Read, as on a net.Conn.
func (c *conn) SetReadDeadline(t time.Time) error { return c.deadline(c.rd, t) }

// SetWriteDeadline sets the deadline of Write, as on a net.Conn: a Write
// waits for wr to become readable, so it is wr's read deadline.
func (c *conn) SetWriteDeadline(t time.Time) error { return c.deadline(c.wr, t) }

func (c *conn) deadline(f *os.File, t time.Time) error {
	if err := f.SetReadDeadline(t); err != nil {
		return c.opError("set deadline", err)
	}
	return nil
}
