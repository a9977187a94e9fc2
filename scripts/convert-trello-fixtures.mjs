/**
 * Rewrites Trello action fixtures from the old record shape to the shape both services share
 * (test/harness/operationFixtures.ts), mechanically, keeping every expression and comment:
 *
 *   'card.get': { parameters, calls: [{ method, path, query, body, status, reply }], output, … }
 * becomes
 *   { row: 'card.get', title, parameters, exchanges: [{ request: { method, path, query, body }, reply: { status, body } }], output, … }
 *
 * A call given by an expression (a helper's result) becomes exchangeOf(expression), converted at load time.
 * The title is the fixture's first comment when it starts with one (the comment moves into the title, without its
 * final full stop), else "basic".
 * Files already in the new shape are left alone, so it can be run again on fixtures written in the old one:
 *   node scripts/convert-trello-fixtures.mjs [files…]   (default: test/trelloActions/fixtures/*.ts)
 */
import { readdirSync, readFileSync, writeFileSync } from 'fs';
import { join } from 'path';
import ts from 'typescript';

const DIR = 'test/trelloActions/fixtures';
const files = process.argv.slice(2).length ? process.argv.slice(2) : readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => join(DIR, f));

const REQUEST = ['method', 'path', 'query', 'body'];
const REPLY = { status: 'status', reply: 'body' };

const quote = (text) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** Lines after the first moved one tab to the right. */
const indentMore = (text) => text.replace(/\n/g, '\n\t');

function convertFile(file) {
	const text = readFileSync(file, 'utf8');
	if (!/: (RowFixtures|Record<string, RowFixture>) = \{/.test(text)) return false;
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	const comments = (node) =>
		(ts.getLeadingCommentRanges(text, node.getFullStart()) ?? []).map((range) => text.slice(range.pos, range.end));
	const propertyName = (property) => (ts.isIdentifier(property.name) ? property.name.text : property.name.text);
	const edits = [];
	let usesExchangeOf = false;

	const exchange = (call, indent) => {
		// A call made by an expression (a helper of the file) is converted when the fixtures load.
		if (!ts.isObjectLiteralExpression(call)) {
			usesExchangeOf = true;
			return `exchangeOf(${call.getText()})`;
		}
		const request = [];
		const reply = [];
		for (const property of call.properties) {
			if (!ts.isPropertyAssignment(property) && !ts.isShorthandPropertyAssignment(property)) {
				throw new Error(`${file}: unexpected ${property.getText()}`);
			}
			const name = propertyName(property);
			const value = ts.isPropertyAssignment(property) ? property.initializer.getText() : name;
			const entry = { comments: comments(property), text: REQUEST.includes(name) ? `${name}: ${value}` : `${REPLY[name]}: ${value}` };
			if (REQUEST.includes(name)) request.push(entry);
			else if (name in REPLY) reply.push(entry);
			else throw new Error(`${file}: unknown call property ${name}`);
		}
		const multiLine = call.getText().includes('\n');
		if (!multiLine) {
			const inline = (entries) => `{ ${entries.map((e) => e.text).join(', ')}${entries.length ? ' ' : ''}}`;
			return `{ request: ${inline(request)}, reply: ${inline(reply)} }`;
		}
		const block = (entries) =>
			`{\n${entries.map((e) => [...e.comments, `${indentMore(e.text)},`].map((line) => `${indent}\t\t${line}`).join('\n')).join('\n')}\n${indent}\t}`;
		return `{\n${indent}\trequest: ${block(request)},\n${indent}\treply: ${block(reply)},\n${indent}}`;
	};

	for (const statement of source.statements) {
		if (!ts.isVariableStatement(statement)) continue;
		for (const declaration of statement.declarationList.declarations) {
			if (!['RowFixtures', 'Record<string, RowFixture>'].includes(declaration.type?.getText()) || !declaration.initializer || !ts.isObjectLiteralExpression(declaration.initializer)) continue;
			edits.push({ start: declaration.type.getStart(), end: declaration.type.getEnd(), text: 'TrelloFixture[]' });
			const record = declaration.initializer;
			const entries = record.properties.map((fixture) => {
				if (!ts.isPropertyAssignment(fixture) || !ts.isObjectLiteralExpression(fixture.initializer)) {
					throw new Error(`${file}: a fixture that is not 'key': { … }: ${fixture.getText().slice(0, 80)}`);
				}
				const key = propertyName(fixture);
				const body = fixture.initializer;
				const before = comments(fixture).map((comment) => `\t${comment}\n`).join('');
				let title = 'basic';
				const lines = [];
				body.properties.forEach((property, index) => {
					let leading = comments(property);
					if (index === 0 && leading.length && leading.every((c) => c.startsWith('//'))) {
						title = leading.map((c) => c.replace(/^\/\/\s*/, '')).join(' ').replace(/\.$/, '');
						leading = [];
					}
					let value = property.getText();
					if (ts.isPropertyAssignment(property) && propertyName(property) === 'calls') {
						if (!ts.isArrayLiteralExpression(property.initializer)) throw new Error(`${file}: calls of ${key} is no array literal`);
						const calls = property.initializer;
						const multiLine = calls.getText().includes('\n');
						value = multiLine
							? `exchanges: [\n${calls.elements.map((call) => [...comments(call), `${exchange(call, '\t\t\t')},`].map((line) => `\t\t\t${line}`).join('\n')).join('\n')}\n\t\t]`
							: `exchanges: [${calls.elements.map((call) => exchange(call, '\t\t')).join(', ')}]`;
					}
					lines.push(...leading.map((c) => `\t\t${c}`), `\t\t${value},`);
				});
				return `${before}\t{\n\t\trow: ${quote(key)},\n\t\ttitle: ${quote(title)},\n${lines.join('\n')}\n\t},`;
			});
			edits.push({ start: record.getStart(), end: record.getEnd(), text: `[\n${entries.join('\n')}\n]` });
		}
	}
	let result = text;
	for (const edit of edits.sort((a, b) => b.start - a.start)) result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
	result = result.replace(/import type \{ RowFixtures? \} from '\.\.\/fixtures';/, "import type { TrelloFixture } from '../fixtures';");
	if (usesExchangeOf) {
		const support = /^import \{ ([^}]*) \} from '\.\.\/support';$/m;
		result = support.test(result)
			? result.replace(support, (_line, names) => `import { ${['exchangeOf', ...names.split(', ')].join(', ')} } from '../support';`)
			: result.replace("import type { TrelloFixture } from '../fixtures';", "import type { TrelloFixture } from '../fixtures';\nimport { exchangeOf } from '../support';");
	}
	writeFileSync(file, result);
	return true;
}

for (const file of files) if (convertFile(file)) console.log(`converted ${file}`);
