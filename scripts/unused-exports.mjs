/**
 * Lists exports of nodes/ and credentials/ that no other file imports (tests, scripts and bench
 * count; the classes package.json loads are entry points): `node scripts/unused-exports.mjs`.
 * A namespace import (`import * as x`) or `export *` counts as using every export of that module.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';
import ts from 'typescript';

const ROOT = process.cwd();
const SCANNED = ['nodes', 'credentials', 'test', 'scripts', 'bench'];
const CHECKED = ['nodes', 'credentials'];

const walk = (dir) =>
	readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (name === 'node_modules' || name === 'dist') return [];
		return statSync(path).isDirectory() ? walk(path) : /\.(ts|mts|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
	});

const files = SCANNED.filter((dir) => existsSync(dir)).flatMap(walk).map((file) => resolve(file));

function resolveModule(from, specifier) {
	if (!specifier.startsWith('.')) return undefined;
	const base = resolve(dirname(from), specifier);
	for (const candidate of [base, `${base}.ts`, `${base}/index.ts`, base.replace(/\.js$/, '.ts')]) {
		if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
	}
	return undefined;
}

const used = new Map(); // file → Set of names ('*' = all)
const use = (file, name) => {
	if (!used.has(file)) used.set(file, new Set());
	used.get(file).add(name);
};
const exportsOf = new Map(); // file → [{ name, line }]

for (const file of files) {
	const text = readFileSync(file, 'utf8');
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const exported = [];
	const visit = (node) => {
		if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
			const target = resolveModule(file, node.moduleSpecifier.text);
			if (target) {
				const clause = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
				if (!clause || ts.isNamespaceImport(clause) || ts.isNamespaceExport(clause)) use(target, '*');
				else for (const element of clause.elements) use(target, (element.propertyName ?? element.name).text);
				if (ts.isImportDeclaration(node) && node.importClause?.name) use(target, 'default');
			}
		}
		// require('./x') and jest.mock('./x') in tests and scripts.
		if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0]) && /require|mock|import/.test(node.expression.getText())) {
			const target = resolveModule(file, node.arguments[0].text);
			if (target) use(target, '*');
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	for (const statement of source.statements) {
		const exportedHere = ts.getModifiers?.(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
		if (!exportedHere) continue;
		const line = source.getLineAndCharacterOfPosition(statement.getStart()).line + 1;
		if (ts.isVariableStatement(statement)) {
			for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) exported.push({ name: declaration.name.text, line });
		} else if (statement.name) exported.push({ name: statement.name.text, line });
	}
	exportsOf.set(file, exported);
}

// Entry points: the classes package.json lists (dist/x.js ← x.ts).
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
for (const entry of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) use(resolve(entry.replace(/^dist\//, '').replace(/\.js$/, '.ts')), '*');

for (const [file, exported] of exportsOf) {
	const rel = relative(ROOT, file);
	if (!CHECKED.some((dir) => rel.startsWith(`${dir}/`))) continue;
	const names = used.get(file) ?? new Set();
	for (const { name, line } of exported) if (!names.has('*') && !names.has(name)) console.log(`${rel}:${line} ${name}`);
}
