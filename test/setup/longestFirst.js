/**
 * The longest test files start first. jest orders files by the durations of its last run, and on a
 * clean clone (CI) it has none, so it orders by file size: a few files that take several times as long
 * as the rest then start late and run alone at the end while the other worker sits idle. Listed longest
 * first, from measured runs; files not listed keep jest's order. A run holds either unit or
 * end-to-end files, so one list serves both configurations.
 */
const Sequencer = require('@jest/test-sequencer').default;

const LONGEST_FIRST = [
	// End-to-end. The two browser files are kept apart: each keeps a Chromium busy on about one core.
	// Side by side, the editor file took 383 s in CI on n8n 2.41.1 (324 s beside the other files) and
	// 398 s on n8n 1.x (286 s).
	'test/editor/editor.e2e.test.ts',
	'test/githubTriggers/repositoryPolling.e2e.test.ts',
	'test/e2e/files.e2e.test.ts',
	'test/e2e/githubActions.e2e.test.ts',
	// Starts about when the editor file ends, on the worker it frees.
	'test/editor/templates.e2e.test.ts',
	'test/e2e/githubApp.e2e.test.ts',
	'test/templates/aiTemplates.e2e.test.ts',
	'test/templates/templates.e2e.test.ts',
	// Unit and in-process tests (seconds of one worker, idle machine): 111, 69, 34, 31, 28, 24, 23, 22.
	'test/githubTriggers/pollFaults.test.ts',
	'test/security/fuzz.test.ts',
	'test/publishing.test.ts',
	'test/trelloActions/rateLimit.test.ts',
	'test/security/githubClassifier.test.ts',
	'test/githubActions/operations.test.ts',
	'test/githubActions/allowlist.test.ts',
	'test/transport/sharedPacing.test.ts',
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
