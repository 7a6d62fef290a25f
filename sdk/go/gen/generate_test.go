package gen

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The protoc version line is the only one allowed to differ: the code is
// the same from any protoc that reads these files.
var protocVersion = regexp.MustCompile(`(?m)^// (\t|- )protoc +v.*$`)

// TestGeneratedCodeIsCurrent generates the code again, as `go generate`
// does, and fails when the checked-in files differ (run `go generate ./gen`).
func TestGeneratedCodeIsCurrent(t *testing.T) {
	var missing []string
	for _, tool := range []string{"protoc", "protoc-gen-go", "protoc-gen-go-grpc"} {
		if _, err := exec.LookPath(tool); err != nil {
			missing = append(missing, tool)
		}
	}
	if len(missing) > 0 {
		t.Skipf("skipped: %s not on PATH (scripts/setup installs them)", strings.Join(missing, ", "))
	}
	args := directiveArgs(t)
	out := t.TempDir()
	for i, a := range args {
		if a == "--go_out=." || a == "--go-grpc_out=." {
			args[i] = strings.TrimSuffix(a, ".") + out
		}
	}
	cmd := exec.Command(args[0], args[1:]...)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, b)
	}
	fresh := map[string]bool{}
	filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(out, path)
		fresh[rel] = true
		want, _ := os.ReadFile(path)
		got, err := os.ReadFile(rel)
		if err != nil {
			t.Errorf("%s is not checked in: run `go generate ./gen`", rel)
		} else if line := firstDiff(protocVersion.ReplaceAll(got, nil), protocVersion.ReplaceAll(want, nil)); line != "" {
			t.Errorf("%s differs from a fresh generation (%s): run `go generate ./gen`", rel, line)
		}
		return nil
	})
	checkedIn, _ := filepath.Glob("*/v1/*.go")
	for _, f := range checkedIn {
		if !fresh[f] {
			t.Errorf("%s is generated from no proto file any more: remove it", f)
		}
	}
	if len(fresh) == 0 {
		t.Fatal("protoc generated nothing")
	}
}

// directiveArgs is the //go:generate line of generate.go, as arguments.
func directiveArgs(t *testing.T) []string {
	src, err := os.ReadFile("generate.go")
	if err != nil {
		t.Fatal(err)
	}
	line := regexp.MustCompile(`(?m)^//go:generate (.*)$`).FindSubmatch(src)
	if line == nil {
		t.Fatal("generate.go has no //go:generate line")
	}
	return strings.Fields(string(line[1]))
}

// firstDiff describes the first line where got and want differ, or "".
func firstDiff(got, want []byte) string {
	a, b := bytes.Split(got, []byte("\n")), bytes.Split(want, []byte("\n"))
	for i := 0; i < len(a) || i < len(b); i++ {
		if i >= len(a) || i >= len(b) || !bytes.Equal(a[i], b[i]) {
			at := func(l [][]byte) string {
				if i < len(l) {
					return strings.TrimSpace(string(l[i]))
				}
				return "nothing"
			}
			return "line " + strconv.Itoa(i+1) + ": checked in " + strconv.Quote(at(a)) + ", fresh " + strconv.Quote(at(b))
		}
	}
	return ""
}
