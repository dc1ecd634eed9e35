// Command wallfollow is an explore strategy for rescuekit written the way a
// team writes its own: a plugin built outside the runner that uses only the
// SDK. It follows the wall on its left hand, keeps off holes (black floor),
// and after a configurable time hands over to the exit behavior by firing
// "explored".
//
// Build it and swap it in for the built-in explorer:
//
//	go build -o bin/wallfollow ./examples/wallfollow
//	go run ./cmd/runner run --plugin explore=./bin/wallfollow
package main

import "github.com/rescuekit/rescuekit/plugins/sdk"

func main() { sdk.Serve(newFollower()) }
