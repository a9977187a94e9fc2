/**
 * Expressions of other nodes that read what a converted node outputs: found, rewritten where this
 * package's item holds the same value under another name, reported where it holds none.
 */
import type { Json, JsonObject, MigrationReport, Workflow } from './types';

export interface OutputChange {
	/** The converted node's name. */
	node: string;
	rewrites: Array<{ from: RegExp; to: string; what: string }>;
	/** Reads (after `.json`) with no counterpart: reported, left as they are. */
	lost?: RegExp;
	/** Said of every read of the node's output, when the output differs as a whole. */
	note?: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways an expression reaches a named node's item JSON. */
function namedReaders(name: string): RegExp {
	const quoted = `(?:"${escape(name)}"|'${escape(name)}'|\`${escape(name)}\`)`;
	return new RegExp(
		[
			`\\$\\(\\s*${quoted}\\s*\\)\\.(?:item|first\\(\\)|last\\(\\)|all\\(\\)\\[\\s*\\d+\\s*\\]|itemMatching\\([^)]*\\))\\.json`,
			`\\$node\\[\\s*${quoted}\\s*\\]\\.json`,
			`\\$items\\(\\s*${quoted}[^)]*\\)\\[\\s*\\d+\\s*\\]\\.json`,
		].join('|'),
		'g',
	);
}

/** The ways an expression reaches the item its node received (from the converted node, when directly connected). */
const INPUT_READERS = /\$json(?![\w$])|\$input\.(?:item|first\(\)|last\(\)|all\(\)\[\s*\d+\s*\])\.json/g;

function rewriteOne(
	expression: string,
	readers: RegExp,
	change: OutputChange,
	found: (reads: string, note: string) => void,
): string {
	let out = '';
	let last = 0;
	readers.lastIndex = 0;
	for (let match = readers.exec(expression); match; match = readers.exec(expression)) {
		const end = match.index + match[0].length;
		const rest = expression.slice(end);
		out += expression.slice(last, end);
		last = end;
		const rewrite = change.rewrites.find((r) => r.from.test(rest));
		if (rewrite) {
			const matched = rewrite.from.exec(rest)![0];
			out += rewrite.to;
			last = end + matched.length;
			found(match[0] + matched, `rewritten to ${match[0]}${rewrite.to} (${rewrite.what})`);
		} else if (change.lost?.test(rest)) {
			found(match[0] + (/^[.\w$[\]"'-]*/.exec(rest)?.[0] ?? ''), 'reads a value this node does not output; change it by hand');
		} else if (change.note) {
			found(match[0] + (/^[.\w$]*/.exec(rest)?.[0] ?? ''), change.note);
		}
		if (readers.lastIndex === match.index) readers.lastIndex++;
	}
	return out + expression.slice(last);
}

const MAX_DEPTH = 64;

/** Every expression string in a parameter tree, rewritten in place by `visit`. */
function walk(value: Json, path: string, visit: (text: string, path: string) => string, depth = 0): Json {
	if (depth > MAX_DEPTH) return value;
	if (typeof value === 'string') return value.startsWith('=') ? visit(value, path) : value;
	if (Array.isArray(value)) return value.map((entry, i) => walk(entry, `${path}[${i}]`, visit, depth + 1));
	if (value && typeof value === 'object') {
		const out: JsonObject = {};
		for (const [key, entry] of Object.entries(value)) out[key] = walk(entry, path ? `${path}.${key}` : key, visit, depth + 1);
		return out;
	}
	return value;
}

/** The names of the nodes a node's main outputs lead to. */
function successors(workflow: Workflow, name: string): Set<string> {
	const next = new Set<string>();
	const outputs = workflow.connections?.[name]?.main ?? [];
	for (const branch of Array.isArray(outputs) ? outputs : []) {
		for (const connection of Array.isArray(branch) ? branch : []) {
			if (connection && typeof connection.node === 'string') next.add(connection.node);
		}
	}
	return next;
}

export function rewriteReads(workflow: Workflow, changes: OutputChange[], report: MigrationReport): void {
	if (!changes.length) return;
	const direct = new Map(changes.map((change) => [change.node, successors(workflow, change.node)]));
	for (const node of workflow.nodes) {
		if (!node.parameters) continue;
		node.parameters = walk(node.parameters, '', (text, path) => {
			let result = text;
			for (const change of changes) {
				const found = (reads: string, note: string) => report.expressions.push({ node: node.name, parameter: path, reads, note });
				result = rewriteOne(result, namedReaders(change.node), change, found);
				if (direct.get(change.node)?.has(node.name)) result = rewriteOne(result, INPUT_READERS, change, found);
			}
			return result;
		}) as JsonObject;
	}
}
