package explore

import (
	"bytes"
	"context"
	"testing"

	"github.com/rescuekit/rescuekit/nav"
)

// TestPublishedMapIsCurrent replays 60 s of a game and checks that every
// map explore publishes is exactly the current map's encoding (publish
// reuses the last encoding while the map's version and box are unchanged),
// and that a reused encoding was never modified.
func TestPublishedMapIsCurrent(t *testing.T) {
	obs := record(t, 60)
	e := New().(*Explore)
	var published, reused int
	var last, lastCopy []byte
	for _, o := range obs {
		act, err := e.Step(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		b, ok := act.GetBlackboard()[nav.KeyMap]
		if !ok {
			continue
		}
		want, err := e.Map().MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b, want) {
			t.Fatalf("step %d: the map published is not the current map's encoding", o.GetStep())
		}
		if last != nil && !bytes.Equal(last, lastCopy) {
			t.Fatalf("step %d: an encoding published earlier was modified", o.GetStep())
		}
		published++
		if len(last) > 0 && len(b) > 0 && &b[0] == &last[0] {
			reused++
		}
		last, lastCopy = b, bytes.Clone(b)
	}
	if published == 0 {
		t.Fatal("explore published no map in 60 s")
	}
	t.Logf("%d maps published, %d of them the previous encoding again", published, reused)
}
