/** Unit and in-process workflow tests. End-to-end tests against a real n8n run through scripts/e2e.sh, queue mode through scripts/queue.sh. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/queue/', '\\.e2e\\.test\\.ts$'],
	setupFiles: ['<rootDir>/test/setup/quiet-logger.ts', '<rootDir>/test/setup/regexTimeLimit.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup/no-network.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	testTimeout: 30000,
	// On a clean clone jest would start the longest files last (test/setup/longestFirst.js says why).
	testSequencer: '<rootDir>/test/setup/longestFirst.js',
	// On a 2-core machine jest would run every file in one process (in band), whose memory grows with each
	// file that parses GitHub's API descriptions (tens of MB each) until the heap limit ends the run.
	// Two workers, each replaced once it holds more than 1 GB after a file, keep it bounded.
	maxWorkers: 2,
	workerIdleMemoryLimit: '1GB',
};
