//go:build webots && !webotsfake

package webots

// This file links the real libController. The linker finds it through
// CGO_LDFLAGS, e.g. CGO_LDFLAGS="-L$WEBOTS_HOME/lib/controller"; at run time
// the dynamic loader must find it too (LD_LIBRARY_PATH, DYLD_LIBRARY_PATH,
// PATH on Windows, or an rpath given with -Wl,-rpath): see docs/webots.md.

// #cgo LDFLAGS: -lController
import "C"
