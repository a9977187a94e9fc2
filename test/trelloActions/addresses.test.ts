import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { parseBoardList } from '../../nodes/Trello/scope/boards';
import { BOARD_URL_REGEX, boardOrCardReference, boardReference, CARD_URL_REGEX } from '../../nodes/Trello/scope/addresses';
import { splitRefs } from '../../nodes/Trello/triggers/parameters';

const ROOT = resolve(__dirname, '../..');

function sources(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		return entry.isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
	});
}

/** Relative imports of each file under nodes/, type-only ones included (they tie modules together as much). */
function importGraph(): Map<string, string[]> {
	const graph = new Map<string, string[]>();
	for (const file of sources(join(ROOT, 'nodes'))) {
		const targets: string[] = [];
		for (const match of readFileSync(file, 'utf8').matchAll(/^(?:import|export)[^;]*?from '(\.[^']+)'/gms)) {
			const target = resolve(dirname(file), match[1]);
			const found = [`${target}.ts`, join(target, 'index.ts')].find((candidate) => existsSync(candidate));
			if (found) targets.push(found);
		}
		graph.set(file, targets);
	}
	return graph;
}

describe('Trello addresses: one definition', () => {
	it.each([
		['https://trello.com/b/AbCd1234/team-board', 'AbCd1234'],
		['HTTPS://WWW.Trello.com/b/AbCd1234', 'AbCd1234'],
		['https://trello.com/b/AbCd1234?filter=x', 'AbCd1234'],
		['https://trello.com/c/Xy12Ab34/12-card', 'https://trello.com/c/Xy12Ab34/12-card'],
		['https://trello.com.evil.example/b/AbCd1234', 'https://trello.com.evil.example/b/AbCd1234'],
		['5f1d7e1c2b3a4f5e6d7c8b9a', '5f1d7e1c2b3a4f5e6d7c8b9a'],
	])('a board reference of %s is %s, for the credential’s and the node’s Allowed Boards alike', (text, reference) => {
		expect(boardReference(text)).toBe(reference);
		const board = /^[a-zA-Z0-9]+$/.test(reference);
		if (board) expect(parseBoardList(text, 'test', 'Allowed Boards')?.entries).toEqual([reference.length === 24 ? reference.toLowerCase() : reference]);
		else expect(() => parseBoardList(text, 'test', 'Allowed Boards')).toThrow(`"${text}" in "Allowed Boards" is not a Trello board, so nothing is allowed`);
	});

	it('the triggers take board and card addresses as their short links', () => {
		expect(splitRefs('https://trello.com/b/AbCd1234/team, https://trello.com/c/Xy12Ab34/12-card 61b2c3d4e5f60718293a4b5c')).toEqual([
			'AbCd1234',
			'Xy12Ab34',
			'61b2c3d4e5f60718293a4b5c',
		]);
		expect(boardOrCardReference('https://trello.com/c/Xy12Ab34')).toBe('Xy12Ab34');
		expect(boardOrCardReference('https://trello.com/x/Xy12Ab34')).toBe('https://trello.com/x/Xy12Ab34');
	});

	it('no other code under nodes/ writes a Trello address pattern', () => {
		const patterns = sources(join(ROOT, 'nodes'))
			.filter((file) => !file.endsWith(join('Trello', 'scope', 'addresses.ts')))
			.filter((file) => /trello\\\\?\.com\\?\//.test(readFileSync(file, 'utf8')))
			.map((file) => relative(ROOT, file));
		expect(patterns).toEqual([]);
		expect(new RegExp(`^${BOARD_URL_REGEX}$`).exec('https://trello.com/b/AbCd1234/x')?.[1]).toBe('AbCd1234');
		expect(new RegExp(`^${CARD_URL_REGEX}$`).exec('https://trello.com/c/Xy12Ab34/x')?.[1]).toBe('Xy12Ab34');
	});
});

describe('module structure', () => {
	it('no module under nodes/ imports itself through others (import cycles)', () => {
		const graph = importGraph();
		const cycles: string[] = [];
		const state = new Map<string, 'open' | 'done'>();
		const path: string[] = [];
		const visit = (file: string) => {
			state.set(file, 'open');
			path.push(file);
			for (const target of graph.get(file) ?? []) {
				if (state.get(target) === 'open') cycles.push([...path.slice(path.indexOf(target)), target].map((each) => relative(ROOT, each)).join(' -> '));
				else if (!state.has(target)) visit(target);
			}
			path.pop();
			state.set(file, 'done');
		};
		for (const file of graph.keys()) if (!state.has(file)) visit(file);
		expect(graph.size).toBeGreaterThan(100);
		expect(cycles).toEqual([]);
	});
});
