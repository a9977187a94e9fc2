/** End-to-end tests in a real n8n; run through scripts/e2e.sh, which prepares n8n and the package. */
module.exports = {
	rootDir: '../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.e2e.test.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup/no-network.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	testTimeout: 240000,
	maxWorkers: 1,
	// Each file drives external n8n processes and loopback servers; don't let a lingering socket hold the run open.
	forceExit: true,
};
