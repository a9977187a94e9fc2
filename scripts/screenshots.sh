#!/usr/bin/env bash
# Regenerates the README's pictures (docs/images/*.png) from the real editor: the browser test
# takes them on its way through the node creator, the node panels and a credential form.
set -euo pipefail
cd "$(dirname "$0")/.."
SCREENSHOTS_DIR="$PWD/docs/images" bash scripts/e2e.sh test/editor/editor.e2e.test.ts
