#!/usr/bin/env bash
# Regenerates the README's pictures (docs/images/*.png) from the real editor: the browser tests
# take them on their way through the node creator, the node panels, a credential form
# (test/editor/editor.e2e.test.ts) and each template on the canvas (test/editor/templates.e2e.test.ts,
# docs/images/templates/).
set -euo pipefail
cd "$(dirname "$0")/.."
SCREENSHOTS_DIR="$PWD/docs/images" bash scripts/e2e.sh test/editor/
