package erebus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// TestSignTextureFileShared: every name SignTextureFile gives for v25.0.1's
// seven letters is a file in ../shared/erebus/textures, and the victims'
// are in v26/textures too.
func TestSignTextureFileShared(t *testing.T) {
	root := sharedtest.Path(t, "erebus")
	for _, found := range []bool{false, true} {
		for _, l := range []byte(Letters) {
			name := SignTextureFile(l, found)
			if name == "" {
				t.Errorf("letter %c: no texture", l)
				continue
			}
			dirs := []string{filepath.Join(root, "textures")}
			if VictimType(l) != "" {
				dirs = append(dirs, filepath.Join(root, "v26", "textures"))
			}
			for _, d := range dirs {
				if _, err := os.Stat(filepath.Join(d, name)); err != nil {
					t.Errorf("letter %c found %v: %v", l, found, err)
				}
			}
		}
	}
	if SignTextureFile('X', false) != "" {
		t.Error("a letter that is no sign's has a texture")
	}
}
