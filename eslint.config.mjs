import tseslint from 'typescript-eslint';
import { n8nCommunityNodesPlugin } from '@n8n/eslint-plugin-community-nodes';

export default [
	{ ignores: ['dist/**', 'node_modules/**', 'test/**', 'scripts/**', 'bench/**', '*.js', '*.mjs'] },
	{
		files: ['**/*.ts'],
		languageOptions: { parser: tseslint.parser, parserOptions: { project: './tsconfig.json' } },
	},
	n8nCommunityNodesPlugin.configs.recommended,
	{
		files: ['package.json'],
		// The TypeScript parser, as n8n's package scanner uses: the package.json rules walk its
		// ObjectExpression nodes and would silently skip a JSON-only AST.
		languageOptions: { parser: tseslint.parser },
	},
];
