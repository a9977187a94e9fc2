#!/usr/bin/env bash
# Regenerates the README's pictures (docs/images/*.png) from the real editor: the browser tests
# take them on their way through the node creator, the node panels, a credential form
# (test/editor/editor.e2e.test.ts) and each template on the canvas (test/editor/templates.e2e.test.ts,
# docs/images/templates/). Then records what they were taken from (docs/images/digests.json, see
# scripts/pictureDigest.ts), which test/pictures.test.ts compares with the current nodes.
set -euo pipefail
cd "$(dirname "$0")/.."
started_ms="$(date +%s%3N)"
SCREENSHOTS_DIR="$PWD/docs/images" bash scripts/e2e.sh test/editor/
npx tsc -p scripts/tsconfig.json
node node_modules/.cache/n8n-nodes-github-trello-scripts/scripts/pictureDigest.js "$PWD" "$started_ms"
