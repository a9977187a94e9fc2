/** The queue-mode suite; run through scripts/queue.sh, which provides PostgreSQL, Redis, n8n and the package. */
module.exports = {
	rootDir: '../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.test.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup/no-network.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	testTimeout: 300000,
	maxWorkers: 1,
	forceExit: true,
};
