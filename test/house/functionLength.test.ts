import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';
import * as ts from 'typescript';

/**
 * No function in the package's code is longer than 80 lines unless the comment above it says why,
 * in a line starting "Long:" (a tokenizer's one loop, a list of properties read as data).
 */

const ROOT = join(__dirname, '..', '..');
const MAX_LINES = 80;

function sourceFiles(dir: string): string[] {
	return readdirSync(dir).flatMap((name) => {
		const path = join(dir, name);
		if (statSync(path).isDirectory()) return sourceFiles(path);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
	});
}

interface LongFunction {
	where: string;
	lines: number;
	explained: boolean;
}

function longFunctions(path: string, text = readFileSync(path, 'utf8')): LongFunction[] {
	const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
	const found: LongFunction[] = [];
	const visit = (node: ts.Node) => {
		if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) && node.body) {
			const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
			const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
			const lines = end - start + 1;
			if (lines > MAX_LINES) {
				// The comment belongs to the declaration: the statement holding an arrow function or expression.
				let holder: ts.Node = node;
				while (holder.parent && !ts.isSourceFile(holder.parent) && !ts.isClassDeclaration(holder.parent) && !ts.isBlock(holder.parent)) holder = holder.parent;
				const comments = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
				const explained = comments.some((range) => /^\s*(\/\/|\*|\/\*\*)?\s*Long:/m.test(text.slice(range.pos, range.end)));
				const name = (node as ts.FunctionDeclaration).name?.getText(file) ?? `(function at line ${start + 1})`;
				found.push({ where: `${relative(ROOT, path)}: ${name}`, lines, explained });
			}
		}
		ts.forEachChild(node, visit);
	};
	visit(file);
	return found;
}

describe('function length', () => {
	const all = ['nodes', 'credentials'].flatMap((dir) => sourceFiles(join(ROOT, dir))).flatMap((path) => longFunctions(path));

	it('finds a long function and reads its reason (a check that can fail)', () => {
		const body = Array.from({ length: MAX_LINES }, (_, i) => `\tconst v${i} = ${i};`);
		const sample = (comment: string[]) => [...comment, 'export const sample = () => {', ...body, '};', 'function short() {', '\treturn 1;', '}'].join('\n');
		expect(longFunctions(join(ROOT, 'sample.ts'), sample(['/** Adds. */']))).toEqual([{ where: 'sample.ts: (function at line 2)', lines: MAX_LINES + 2, explained: false }]);
		expect(longFunctions(join(ROOT, 'sample.ts'), sample(['/**', ' * Adds.', ' * Long: one table read as data.', ' */']))).toEqual([
			{ where: 'sample.ts: (function at line 5)', lines: MAX_LINES + 2, explained: true },
		]);
	});

	it(`has no function over ${MAX_LINES} lines without a "Long:" reason in its comment`, () => {
		expect(all.filter((fn) => !fn.explained).map(({ where, lines }) => `${where} (${lines} lines)`)).toEqual([]);
	});
});
