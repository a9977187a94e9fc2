/** End-to-end tests in a real n8n; run through scripts/e2e.sh, which prepares n8n and the package. */

// Against n8n 1.x (npm run test:e2e:n8n1) every test runs but these files and tests; test/e2e/README.md says why.
const onN8n1 = process.env.N8N_HOST_VERSION === '1';
const NOT_ON_N8N_1 = ['test/agent/aiAgent.e2e.test.ts', 'test/templates/aiTemplates.e2e.test.ts'];
const TESTS_NOT_ON_N8N_1 = [
	"the GitHub Trigger's repositories multi-select lists the owner's repositories",
	'Trello Comment: a new node offers Add to Card only',
];
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

module.exports = {
	rootDir: '../..',
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.e2e.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', ...(onN8n1 ? NOT_ON_N8N_1.map((file) => `<rootDir>/${file}`) : [])],
	...(onN8n1 ? { testNamePattern: `^(?!.*(${TESTS_NOT_ON_N8N_1.map(escape).join('|')}))` } : {}),
	setupFilesAfterEnv: ['<rootDir>/test/setup/no-network.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	testTimeout: 240000,
	// scripts/e2e.sh runs two files at a time (E2E_WORKERS); each file has its own n8n, user folder and ports.
	maxWorkers: 2,
	testSequencer: '<rootDir>/test/setup/longestFirst.js',
	// One user folder with the package installed and the database migrated; each file's n8n starts from a copy.
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
	// Each file drives external n8n processes and loopback servers; don't let a lingering socket hold the run open.
	forceExit: true,
};
