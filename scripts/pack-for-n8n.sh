#!/usr/bin/env bash
# Sourced by e2e.sh and bench.sh once N8N_HOST_DIR is set: builds, packs the package as users get
# it, and exports what the real-n8n driver (test/e2e/n8n.ts) needs.
export N8N_NODE_BIN="$N8N_HOST_DIR/bin/node"
# A caller that runs two suites at once (.ci/run) packs once and names the tarball, so neither suite
# rebuilds dist/ under the other.
if [ -n "${E2E_PACKED_TARBALL:-}" ]; then
	export PACKAGE_TARBALL="$E2E_PACKED_TARBALL"
	return 0
fi
# quiet when it works; a failed build shows its compiler errors instead of ending the run silently
if ! build_log="$(npm run build 2>&1)"; then
	printf '%s\n' "$build_log" >&2
	echo "[pack] npm run build failed: the package was not packed" >&2
	exit 1
fi
mkdir -p .e2e-work
rm -f .e2e-work/*.tgz
export PACKAGE_TARBALL="$PWD/.e2e-work/$(npm pack --silent --pack-destination .e2e-work | tail -n 1)"
