package world

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

func BenchmarkParseWorld1(b *testing.B) {
	src, err := os.ReadFile(filepath.Join(sharedtest.Dir(b), "erebus", "worlds", "world1.wbt"))
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("world1.wbt", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAnswerWorld1(b *testing.B) {
	w := loadShared(b, "world1")
	b.ReportAllocs()
	for b.Loop() {
		Answer(w)
	}
}
