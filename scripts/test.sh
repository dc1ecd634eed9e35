#!/usr/bin/env bash
# The project's whole test suite: the command the README gives and CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' 2>/dev/null || find . -name '*.go'))
if [ -n "$unformatted" ]; then echo "gofmt would rewrite:"; echo "$unformatted"; exit 1; fi

echo "== go vet"
go vet ./...
go vet -tags 'webots webotsfake' ./hal/webots/...

echo "== go test"
go test -count=1 ./...

echo "== go test -race (packages that run goroutines)"
go test -count=1 -race $(go list ./framework/... ./plugins/... 2>/dev/null)

echo "== Webots backend against the C stub of libController"
go test -count=1 -tags 'webots webotsfake' ./hal/webots/...
