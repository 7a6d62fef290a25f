// Package gen holds the Go code generated from the protocol files in the
// repository's proto/ directory (one package per protocol package:
// arbiterv1, zetemav1, pontoonv1, scotchwhistv1). It is checked in so that
// `go get` needs no protoc; `go generate ./gen` makes it again (protoc with
// protoc-gen-go and protoc-gen-go-grpc on PATH; docs/sdk-go.md), and
// TestGeneratedCodeIsCurrent fails when it differs from a fresh generation.
package gen

//go:generate protoc -I ../../../proto --go_out=. --go_opt=module=github.com/zetema/arbiter/sdk/go/gen --go-grpc_out=. --go-grpc_opt=module=github.com/zetema/arbiter/sdk/go/gen arbiter/v1/arbiter.proto arbiter/v1/record.proto zetema/v1/zetema.proto zetema/v1/record.proto pontoon/v1/pontoon.proto scotch_whist/v1/scotch_whist.proto
