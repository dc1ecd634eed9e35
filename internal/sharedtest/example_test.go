package sharedtest_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/rescuekit/rescuekit/internal/sharedtest"
)

// ExampleRoot builds a repository beside a shared folder in a temporary
// directory and finds the shared folder from a package directory of the
// repository. In a test, use Dir or Path instead: they skip when ../shared is
// absent.
func ExampleRoot() {
	tmp, err := os.MkdirTemp("", "sharedtest")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(tmp)
	pkg := filepath.Join(tmp, "repo", "sim", "world")
	for _, d := range []string{pkg, filepath.Join(tmp, "shared", "erebus", "worlds")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "repo", "go.mod"), []byte("module example.com/repo\n"), 0o644); err != nil {
		fmt.Println(err)
		return
	}
	wd, err := os.Getwd()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.Chdir(wd)
	if err := os.Chdir(pkg); err != nil {
		fmt.Println(err)
		return
	}

	root, err := sharedtest.Root()
	if err != nil {
		fmt.Println(err)
		return
	}
	rel, _ := filepath.Rel(tmp, root)
	fmt.Println(filepath.ToSlash(rel))
	// Output: shared
}
