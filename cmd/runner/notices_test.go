package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/rescuekit/rescuekit/framework"
)

func TestPrintNotices(t *testing.T) {
	var none bytes.Buffer
	printNotices(&none, framework.Summary{})
	if none.Len() != 0 {
		t.Errorf("no notices printed %q, want nothing", none.String())
	}
	var b bytes.Buffer
	printNotices(&b, framework.Summary{Notices: []framework.Notice{
		{Kind: framework.NoticeUndeclaredWrite, Plugin: "explore", What: "wrote x", Do: "declare x", Count: 3, FirstTime: 1.5},
		{Kind: framework.NoticeMissingDevice, What: "no gps", Do: "add one", Count: 1},
	}})
	want := "notices (2): what went wrong without stopping the game\n" +
		"  undeclared_write, plugin explore: wrote x (3 times, first at 1.5 s)\n    do: declare x\n" +
		"  missing_device, robot: no gps\n    do: add one\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	if strings.Count(b.String(), "do:") != 2 {
		t.Error("each notice says what to do")
	}
}
