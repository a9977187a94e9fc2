/** `npm run bench` only (scripts/bench.sh): never part of `npm test`. */
module.exports = {
	rootDir: '..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/bench'],
	testMatch: ['**/*.bench.ts'],
	// n8n's own nodes (loaded from the n8n install) share this process's n8n-workflow, as in n8n.
	moduleNameMapper: { '^n8n-workflow$': '<rootDir>/node_modules/n8n-workflow' },
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }],
		// n8n's GitHub node requires change-case, an ES module jest cannot load untransformed.
		'/change-case/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', isolatedModules: true } }],
	},
	transformIgnorePatterns: ['/node_modules/(?!change-case/)'],
	testTimeout: 600000,
	// The real-n8n rows leave keep-alive sockets to the stopped n8n behind.
	forceExit: true,
};
