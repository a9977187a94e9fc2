import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';
import n8nNodesBase from 'eslint-plugin-n8n-nodes-base';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', '*.js', '*.mjs', 'bench/*.js'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { project: './tsconfig.json' } },
	},
	{
		files: ['bench/**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { project: './bench/tsconfig.json' } },
	},
	n8nCommunityNodesPlugin.configs.recommended,
	// n8n's node and credential conventions, set up as n8n's package scanner (and `n8n-node lint`)
	// applies them to the sources, so `npm run lint` fails where the scanner would.
	{ plugins: { 'n8n-nodes-base': n8nNodesBase } },
	{
		files: ['credentials/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.credentials.rules,
			'n8n-nodes-base/cred-class-field-documentation-url-miscased': 'off',
			'n8n-nodes-base/cred-class-field-type-options-password-missing': 'off',
		},
	},
	{
		files: ['nodes/**/*.ts'],
		rules: {
			...n8nNodesBase.configs.nodes.rules,
			'n8n-nodes-base/node-class-description-inputs-wrong-regular-node': 'off',
			'n8n-nodes-base/node-class-description-outputs-wrong': 'off',
			'n8n-nodes-base/node-param-type-options-max-value-present': 'off',
		},
	},
	// The bench is never published: n8n Cloud's limits for node code (no child processes, fs or
	// process, no literal tokens) do not apply to it; TypeScript's recommended rules do.
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['bench/**/*.ts'] })),
	{
		files: ['bench/**/*.ts'],
		rules: {
			'@n8n/community-nodes/no-restricted-imports': 'off',
			'@n8n/community-nodes/no-restricted-globals': 'off',
			'@n8n/community-nodes/no-dangerous-functions': 'off',
			'@n8n/community-nodes/no-hardcoded-secrets': 'off',
		},
	},
	{
		files: ['package.json'],
		// The TypeScript parser, as n8n's package scanner uses: the package.json rules walk its
		// ObjectExpression nodes and would silently skip a JSON-only AST.
		languageOptions: { parser: tseslint.parser },
	},
];
