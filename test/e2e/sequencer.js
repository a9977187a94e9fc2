/**
 * The longest end-to-end files start first. jest orders files by the durations of its last run, and
 * on a clean clone (CI) it has none, so it orders by file size: the browser and polling files, which
 * take three to six times as long as the rest, then start late and run alone at the end while the
 * other worker sits idle. Listed longest first, from CI's own timings; files not listed keep jest's order.
 * This starts both browser files at once, each with a Chromium using about one core: in CI the editor
 * file then took 383 s on n8n 2.41.1 (324 s beside the other files) and 398 s on 1.x (286 s). Starting
 * the browser templates file when the editor file ends is the next order to try.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
	'test/editor/editor.e2e.test.ts',
	'test/githubTriggers/repositoryPolling.e2e.test.ts',
	'test/editor/templates.e2e.test.ts',
	'test/e2e/files.e2e.test.ts',
	'test/e2e/githubActions.e2e.test.ts',
	'test/e2e/githubApp.e2e.test.ts',
	'test/templates/aiTemplates.e2e.test.ts',
	'test/templates/templates.e2e.test.ts',
];

class LongestFirst extends Sequencer {
	sort(tests) {
		const rank = (test) => {
			const path = test.path.split('\\').join('/');
			const index = LONGEST_FIRST.findIndex((listed) => path.endsWith(listed));
			return index < 0 ? LONGEST_FIRST.length : index;
		};
		// Array.prototype.sort is stable: unlisted files keep the order jest chose for them.
		return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
	}
}

module.exports = LongestFirst;
