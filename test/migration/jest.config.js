/**
 * The request-for-request suite (scripts/test.sh runs it with N8N_HOST_DIR set): n8n's own nodes
 * from the prepared n8n host, in-process beside this package's, as the bench loads them.
 */
module.exports = {
	rootDir: '../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/migration'],
	testMatch: ['**/*.proof.ts'],
	setupFiles: ['<rootDir>/test/setup/quiet-logger.ts', '<rootDir>/test/setup/regexTimeLimit.ts'],
	setupFilesAfterEnv: ['<rootDir>/test/setup/no-network.ts'],
	// n8n's own nodes share this process's n8n-workflow, as in n8n.
	moduleNameMapper: { '^n8n-workflow$': '<rootDir>/node_modules/n8n-workflow' },
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }],
		// n8n's GitHub node requires change-case, an ES module jest cannot load untransformed.
		'/change-case/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true } }],
	},
	transformIgnorePatterns: ['/node_modules/(?!change-case/)'],
	testTimeout: 60000,
	maxWorkers: 1,
};
