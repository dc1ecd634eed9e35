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
go vet -tags webots ./hal/webots/... ./cmd/runner   # the real backend and `run --backend webots` compile

echo "== go test"
go test -count=1 ./...

echo "== go test -race (packages that run goroutines)"
go test -count=1 -race ./framework/... ./plugins/... ./internal/... ./cmd/...

echo "== Webots backend against the C stub of libController"
go test -count=1 -tags 'webots webotsfake' ./hal/webots/...
