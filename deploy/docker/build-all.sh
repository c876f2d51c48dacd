#!/usr/bin/env bash
# Build one image per app from deploy/docker/Dockerfile.
#
#   deploy/docker/build-all.sh <tag> [app ...]
#
# <tag>      image tag, e.g. 0.1.0 or a commit sha; `latest` is refused.
# [app ...]  folders under apps/ (default: every app that has apps/<app>/package.json).
#
# Environment:
#   REGISTRY   image name prefix (default: the registry the manifests pull from, deploy/k8s/images/registry.yaml);
#              images are $REGISTRY/commerce-<app>:<tag>
#   PUSH=1     push each image after building it
#   PLATFORM   passed to --platform (e.g. linux/amd64,linux/arm64; multi-platform needs PUSH=1 and buildx)
#   DRY_RUN=1  print the docker commands instead of running them
set -euo pipefail

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0" >&2
  exit 2
}

tag="${1:-}"
[[ -n "$tag" ]] || usage
shift
if [[ "$tag" == "latest" ]]; then
  echo "error: refusing to build with tag 'latest'; pass a version or a commit sha" >&2
  exit 2
fi
if ! [[ "$tag" =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$ ]]; then
  echo "error: '$tag' is not a valid image tag" >&2
  exit 2
fi

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dockerfile="$repo_root/deploy/docker/Dockerfile"
registry="${REGISTRY:-$(sed -n 's/^  registry:[[:space:]]*//p' "$repo_root/deploy/k8s/images/registry.yaml")}"
if [[ -z "$registry" ]]; then
  echo "error: no REGISTRY, and deploy/k8s/images/registry.yaml names none" >&2
  exit 2
fi
registry="${registry%/}"

if [[ $# -gt 0 ]]; then
  apps=("$@")
else
  apps=()
  for pkg in "$repo_root"/apps/*/package.json; do
    apps+=("$(basename "$(dirname "$pkg")")")
  done
fi
for app in "${apps[@]}"; do
  if [[ ! -f "$repo_root/apps/$app/package.json" ]]; then
    echo "error: unknown app '$app' (no apps/$app/package.json)" >&2
    exit 2
  fi
  if ! grep -q "^FROM runtime AS ${app}\$" "$dockerfile"; then
    echo "error: deploy/docker/Dockerfile has no target '$app'; add a stage for it" >&2
    exit 2
  fi
done

# npm version from "packageManager": "npm@x.y.z" in the root package.json.
npm_version="$(sed -n 's/.*"packageManager"[[:space:]]*:[[:space:]]*"npm@\([^"]*\)".*/\1/p' "$repo_root/package.json")"
if [[ -z "$npm_version" ]]; then
  echo "error: root package.json has no \"packageManager\": \"npm@<version>\"" >&2
  exit 2
fi

# Node's version from .nvmrc (the one CI tests with): the images run exactly it.
node_version="$(tr -d '[:space:]' < "$repo_root/.nvmrc" 2>/dev/null || true)"
if ! [[ "$node_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "error: .nvmrc must hold Node's exact version (x.y.z), not '$node_version'" >&2
  exit 2
fi

revision="$(git -C "$repo_root" rev-parse HEAD 2>/dev/null || echo unknown)"

run() {
  if [[ "${DRY_RUN:-0}" == "1" ]]; then
    printf '%q ' "$@"
    printf '\n'
  else
    "$@"
  fi
}

export DOCKER_BUILDKIT=1
for app in "${apps[@]}"; do
  image="$registry/commerce-$app:$tag"
  echo "==> $image" >&2
  args=(build
    --file "$dockerfile"
    --target "$app"
    --build-arg "APP=$app"
    --build-arg "NPM_VERSION=$npm_version"
    --build-arg "NODE_VERSION=$node_version"
    --label "org.opencontainers.image.version=$tag"
    --label "org.opencontainers.image.revision=$revision"
    --tag "$image")
  if [[ -n "${PLATFORM:-}" ]]; then
    # Multi-platform images cannot be loaded into the local engine, so they are pushed directly.
    args=(buildx "${args[@]}" --platform "$PLATFORM")
    if [[ "${PUSH:-0}" == "1" ]]; then
      args+=(--push)
    fi
    run docker "${args[@]}" "$repo_root"
  else
    run docker "${args[@]}" "$repo_root"
    if [[ "${PUSH:-0}" == "1" ]]; then
      run docker push "$image"
    fi
  fi
done
echo "built ${#apps[@]} image(s) with tag $tag" >&2
