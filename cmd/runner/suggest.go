package main

import "github.com/rescuekit/rescuekit/internal/suggest"

// didYouMean is suggest.DidYouMean.
func didYouMean(name string, candidates []string) string { return suggest.DidYouMean(name, candidates) }
