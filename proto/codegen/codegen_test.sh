#!/usr/bin/env bash
# Generates the protocol's code for one language from proto/ alone, with the
# command docs/protocol.md gives ("Code generation"), and builds it:
#
#   codegen_test.sh cpp|python|go|typescript|rust|java PROTO_DIR CACHE_DIR [SOURCE_DIR]
#
# CACHE_DIR keeps what is slow to fetch or build (npm packages, Maven jars,
# the Rust target dir) between runs; the generated code is made anew every
# time. Exit 77 (CTest's skip) with one line naming what is missing when a
# toolchain or plugin is not installed. SOURCE_DIR (the repository) gives
# the .venv (Python) and .tools/bin (the Go plugins) of scripts/setup.
set -euo pipefail
lang=$1
proto=$(cd "$2" && pwd)
cache=$3
source_dir=$(cd "${4:-$proto/..}" && pwd)
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
files=$(cd "$proto" && find . -name '*.proto' | sed 's|^\./||' | sort)
skip() { echo "SKIPPED codegen/$lang: $* not installed" >&2; exit 77; }
need() { for tool; do command -v "$tool" >/dev/null || skip "$tool"; done; }

case $lang in
cpp)
  need protoc grpc_cpp_plugin g++ pkg-config
  mkdir gen
  protoc -I "$proto" --cpp_out=gen --grpc_out=gen \
    --plugin=protoc-gen-grpc="$(command -v grpc_cpp_plugin)" $files
  cat >main.cc <<'EOF'
#include "arbiter/v1/arbiter.grpc.pb.h"
#include "arbiter/v1/record.pb.h"
#include "zetema/v1/record.pb.h"
int main() {
  arbiter::v1::GameEnd end;
  end.mutable_zetema()->set_end_reason(zetema::v1::END_REASON_TARGET);
  zetema::v1::GameRecord old_record;
  arbiter::v1::GameRecord record;
  auto* new_stub = &arbiter::v1::Arbiter::NewStub;  // linked, not called
  return new_stub != nullptr &&
                 end.zetema().end_reason() == zetema::v1::END_REASON_TARGET
             ? 0
             : 1;
}
EOF
  # One object per file, through ccache where it is installed: the same
  # generated code compiles once.
  cxx=(g++)
  command -v ccache >/dev/null && cxx=(ccache g++)
  for source in main.cc $(find gen -name '*.cc' | sort); do
    # shellcheck disable=SC2046
    "${cxx[@]}" -std=c++17 -O0 -Igen $(pkg-config --cflags grpc++ protobuf) \
      -c "$source" -o "${source//\//_}.o"
  done
  # shellcheck disable=SC2046
  g++ ./*.o -o main $(pkg-config --libs grpc++ protobuf)
  ./main
  ;;
python)
  python=$source_dir/.venv/bin/python
  [[ -x $python ]] || skip "$python (scripts/setup makes it)"
  "$python" -c "import grpc_tools" 2>/dev/null || skip "grpcio-tools in .venv"
  mkdir gen
  "$python" -m grpc_tools.protoc -I "$proto" --python_out=gen --pyi_out=gen \
    --grpc_python_out=gen $files
  PYTHONPATH=gen "$python" - <<'EOF'
from arbiter.v1 import arbiter_pb2, arbiter_pb2_grpc, record_pb2
from pontoon.v1 import pontoon_pb2
from scotch_whist.v1 import scotch_whist_pb2
from zetema.v1 import record_pb2 as old_record_pb2, zetema_pb2
end = arbiter_pb2.GameEnd(zetema=zetema_pb2.Result(end_reason=zetema_pb2.END_REASON_TARGET))
assert arbiter_pb2.GameEnd.FromString(end.SerializeToString()).zetema.end_reason == 1
assert arbiter_pb2_grpc.ArbiterStub and old_record_pb2.GameRecord and record_pb2.GameRecord
assert pontoon_pb2.Action and scotch_whist_pb2.Action
EOF
  ;;
go)
  export PATH=$source_dir/.tools/bin:$PATH
  need go protoc protoc-gen-go protoc-gen-go-grpc
  module=github.com/zetema/arbiter/sdk/go
  protoc -I "$proto" --go_out=. --go_opt=module=$module \
    --go-grpc_out=. --go-grpc_opt=module=$module $files
  # The Go SDK's module file: the same dependencies as the SDK.
  cp "$source_dir/sdk/go/go.mod" "$source_dir/sdk/go/go.sum" .
  go vet ./gen/...
  go build ./gen/...
  ;;
typescript)
  need node npm
  ts=$cache/typescript
  if [[ ! -f $ts/.installed ]]; then
    mkdir -p "$ts"
    (cd "$ts" && npm init -y >/dev/null &&
      npm install --no-audit --no-fund -s @grpc/proto-loader@0.7 @grpc/grpc-js@1 \
        typescript@5 >/dev/null) || skip "@grpc/proto-loader, @grpc/grpc-js or typescript (npm install failed)"
    touch "$ts/.installed"
  fi
  # -I takes every word up to the next option: the files come first.
  (cd "$proto" && "$ts/node_modules/.bin/proto-loader-gen-types" $files \
    -I "$proto" --grpcLib=@grpc/grpc-js --outDir="$work/gen")
  ln -s "$ts/node_modules" node_modules
  cat >main.ts <<'EOF'
import type { ProtoGrpcType } from "./gen/arbiter";
import type { GameEnd } from "./gen/arbiter/v1/GameEnd";
import type { Result as ZetemaResult } from "./gen/zetema/v1/Result";
import type { ArbiterClient } from "./gen/arbiter/v1/Arbiter";
const result: ZetemaResult = { endReason: "END_REASON_TARGET", scores: [1, 2] };
const end: GameEnd = { gameId: "g1", zetema: result };
export function client(p: ProtoGrpcType): ArbiterClient | null { void p; void end; return null; }
EOF
  "$ts/node_modules/.bin/tsc" --noEmit --strict --target es2020 --module commonjs \
    --moduleResolution node --esModuleInterop main.ts
  ;;
rust)
  need protoc
  # The Rust SDK's crates, versions and build settings (its Cargo.toml's
  # dependencies, its lock file, the starter kit's static target) in its
  # target folder, so that tonic and the rest are built once for both.
  source "$source_dir/sdk/rust/scripts/cargo_env.sh" "$cache/.." "codegen/rust"
  mkdir -p src .cargo
  { printf '[package]\nname = "zetema-codegen-check"\nversion = "0.1.0"\nedition = "2021"\n\n'
    sed -n '/^\[dependencies\]/,/^\[profile/p' "$source_dir/sdk/rust/Cargo.toml" |
      sed '/^\[profile/d'
  } >Cargo.toml
  cp "$source_dir/sdk/rust/Cargo.lock" .
  cp "$source_dir/sample-bots/rust/.cargo/config.toml" .cargo/
  cat >build.rs <<EOF
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let files: Vec<String> = "$(echo $files)".split(' ').map(|f| format!("$proto/{f}")).collect();
    tonic_build::configure().build_server(true).compile_protos(&files, &["$proto"])?;
    Ok(())
}
EOF
  cat >src/main.rs <<'EOF'
pub mod arbiter { pub mod v1 { tonic::include_proto!("arbiter.v1"); } }
pub mod pontoon { pub mod v1 { tonic::include_proto!("pontoon.v1"); } }
pub mod scotch_whist { pub mod v1 { tonic::include_proto!("scotch_whist.v1"); } }
pub mod zetema { pub mod v1 { tonic::include_proto!("zetema.v1"); } }
use arbiter::v1::{arbiter_client::ArbiterClient, game_end, GameEnd};
fn main() {
    let end = GameEnd { game_id: "g1".into(), outcome: None,
        result: Some(game_end::Result::Zetema(zetema::v1::Result::default())) };
    let _ = std::mem::size_of::<ArbiterClient<tonic::transport::Channel>>();
    let _ = zetema::v1::GameRecord::default();
    println!("{}", end.game_id);
}
EOF
  PROTOC=$(command -v protoc) cargo build -q --release || exit 1
  ;;
java)
  need protoc javac mvn
  plugin=$(command -v protoc-gen-grpc-java || command -v grpc_java_plugin) ||
    skip "protoc-gen-grpc-java (Debian's protobuf-compiler-grpc-java-plugin)"
  jars=$cache/java-lib
  if [[ ! -f $jars/.installed ]]; then
    mkdir -p "$cache/java"
    cat >"$cache/java/pom.xml" <<'EOF'
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>zetema.codegen</groupId>
  <artifactId>check</artifactId>
  <version>1</version>
  <!-- The versions of Debian 12's protoc (3.21) and gRPC Java plugin (1.41). -->
  <dependencies>
    <dependency><groupId>com.google.protobuf</groupId><artifactId>protobuf-java</artifactId><version>3.21.12</version></dependency>
    <dependency><groupId>io.grpc</groupId><artifactId>grpc-protobuf</artifactId><version>1.41.3</version></dependency>
    <dependency><groupId>io.grpc</groupId><artifactId>grpc-stub</artifactId><version>1.41.3</version></dependency>
    <dependency><groupId>javax.annotation</groupId><artifactId>javax.annotation-api</artifactId><version>1.3.2</version></dependency>
  </dependencies>
</project>
EOF
    mvn -q -B -f "$cache/java/pom.xml" dependency:copy-dependencies \
      -DoutputDirectory="$jars" || skip "the Java libraries (mvn could not fetch them)"
    touch "$jars/.installed"
  fi
  mkdir gen classes
  protoc -I "$proto" --java_out=gen --plugin=protoc-gen-grpc-java="$plugin" \
    --grpc-java_out=gen $files
  # shellcheck disable=SC2046
  javac -nowarn -encoding UTF-8 -cp "$jars/*" -d classes $(find gen -name '*.java')
  ;;
*)
  echo "codegen_test.sh: unknown language '$lang'" >&2
  exit 2
  ;;
esac
echo "codegen/$lang: generated from $proto and built"
