import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ANSI_SEQUENCES, secretForms } from '../../credentials/redact';

/**
 * Keeps secrets out of what a write publishes. An agent steered by a text it read can be told to
 * paste the credential's token into a comment of a public repository; a person can paste a key by
 * mistake. Before a write, the values it sends are searched for the credential's own secrets (in
 * every form the redactor knows, base64-encoded, or split across two fields) and for well-known
 * token shapes. Only when something is found is the target's audience asked for (one look-up per
 * repository or board and run), so ordinary writes cost nothing. See docs/agents.md.
 */

/** Who can read what a write puts in its target. */
export type Audience = 'public' | 'private';

type SecretsInWritesSetting = 'refusePublic' | 'refuseAll' | 'allow';

export const SECRETS_IN_WRITES_OPTION: INodeProperties = {
	displayName: 'Secrets in Writes',
	name: 'secretsInWrites',
	type: 'options',
	default: 'refusePublic',
	options: [
		{
			name: 'Refuse in Public Targets',
			value: 'refusePublic',
			description: 'A write that holds a secret fails when it goes to a public repository, a gist or a board others can see',
		},
		{ name: 'Refuse Everywhere', value: 'refuseAll', description: 'A write that holds a secret fails, wherever it goes' },
		{ name: 'Allow', value: 'allow', description: 'Writes are not searched for secrets' },
	],
	description:
		"What to do with a write whose values hold the credential's own token or key, or a well-known token shape (GitHub, private key, cloud and chat tokens)",
};

/** Token shapes that are secrets wherever they appear. Each is bounded and unambiguous: no backtracking over the input. */
const WELL_KNOWN: Array<{ what: string; shape: RegExp }> = [
	{ what: 'a GitHub token', shape: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{50,})/ },
	{ what: 'a private key', shape: /-----BEGIN [A-Z ]{0,40}PRIVATE KEY-----/ },
	{ what: 'an AWS access key', shape: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/ },
	{ what: 'a Slack token', shape: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
	{ what: 'a Trello token', shape: /\bATTA[0-9a-fA-F]{64}/ },
	{ what: 'a Google API key', shape: /\bAIza[0-9A-Za-z_-]{35}/ },
	{ what: 'an npm token', shape: /\bnpm_[A-Za-z0-9]{36}\b/ },
	{ what: 'a Stripe secret key', shape: /\b[rs]k_live_[A-Za-z0-9]{20,}/ },
	{ what: 'an AI provider key', shape: /\bsk-(?:ant-|proj-)[A-Za-z0-9_-]{32,}/ },
];

/** Runs of base64 (or base64url) long enough to hide a token. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;

/** A text as written, and what base64 in it decodes to, each with the stretch of the text it comes from. */
interface Reading {
	text: string;
	/** Where a find in the reading lies in the text it was read from. */
	place: (start: number, length: number) => { start: number; end: number };
}

function readings(text: string): Reading[] {
	const found: Reading[] = [{ text, place: (start, length) => ({ start, end: start + length }) }];
	for (const run of text.matchAll(BASE64_RUN)) {
		// The encoded text may start 1-3 characters into the run (after a word of base64 letters).
		for (let skip = 0; skip < 4; skip++) {
			// Every 3 decoded bytes come from 4 characters of the run.
			const from = run.index + skip;
			found.push({
				text: Buffer.from(run[0].slice(skip), 'base64').toString('latin1'),
				place: (start, length) => ({ start: from + Math.floor(start / 3) * 4, end: from + Math.ceil((start + length) / 3) * 4 }),
			});
		}
	}
	const compact = text.replace(/\s+/g, '');
	if (compact !== text && /^[A-Za-z0-9+/_-]{16,}={0,2}$/.test(compact)) {
		found.push({ text: Buffer.from(compact, 'base64').toString('latin1'), place: () => ({ start: 0, end: text.length }) });
	}
	// Base64 wrapped into lines (76 columns, as MIME and `base64` write it) inside other text: its lines decode together.
	for (const lines of wrappedBase64(text)) {
		// A prose line's last word may head the block: it is read from each of its first three lines.
		for (let first = 0; first < Math.min(3, lines.length - 1); first++) {
			const start = lines[first].index;
			const end = lines[lines.length - 1].index + lines[lines.length - 1][0].length;
			const joined = lines.slice(first).map((line) => line[0]).join('');
			for (let skip = 0; skip < 4; skip++) found.push({ text: Buffer.from(joined.slice(skip), 'base64').toString('latin1'), place: () => ({ start, end }) });
		}
	}
	// What a reader undoes: percent-encoding (also of every character) and terminal control sequences.
	if (/%[0-9A-Fa-f]{2}/.test(text)) found.push(readingWith(text, PERCENT_ESCAPE, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16))));
	if (text.includes('\u001b')) found.push(readingWith(text, ANSI_SEQUENCES, () => ''));
	return found;
}

const BASE64_WORD = /[A-Za-z0-9+/_-]+={0,2}/g;

/** Runs of base64 letters that follow each other across single line breaks (two or more), in linear time. */
function wrappedBase64(text: string): RegExpExecArray[][] {
	const blocks: RegExpExecArray[][] = [];
	let block: RegExpExecArray[] = [];
	for (const word of text.matchAll(BASE64_WORD)) {
		const last = block[block.length - 1];
		const between = last ? text.slice(last.index + last[0].length, word.index) : '';
		if (last && (between === '\n' || between === '\r\n')) block.push(word);
		else {
			if (block.length > 1) blocks.push(block);
			block = [word];
		}
	}
	if (block.length > 1) blocks.push(block);
	return blocks;
}
const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/g;

/** The text with each match of `pattern` replaced, and where each character of the result comes from. */
function readingWith(text: string, pattern: RegExp, replace: (match: string) => string): Reading {
	const starts: number[] = [];
	const ends: number[] = [];
	let read = '';
	let from = 0;
	const copy = (start: number, end: number, value: string) => {
		for (let at = 0; at < value.length; at++) {
			starts.push(end - start === value.length ? start + at : start);
			ends.push(end - start === value.length ? start + at + 1 : end);
		}
		read += value;
	};
	for (const match of text.matchAll(pattern)) {
		copy(from, match.index, text.slice(from, match.index));
		copy(match.index, match.index + match[0].length, replace(match[0]));
		from = match.index + match[0].length;
	}
	copy(from, text.length, text.slice(from));
	return {
		text: read,
		place: (start, length) => ({ start: starts[start] ?? text.length, end: ends[start + length - 1] ?? text.length }),
	};
}

interface WrittenValue {
	/** The parameter's name as the editor shows it. */
	field: string;
	value: unknown;
}

interface SecretFinding {
	/** The field (or fields, for a secret split across them) that hold it. */
	fields: string[];
	/** What was found, without the value: "the credential's own secret", "a GitHub token". */
	what: string;
}

/** Every text in a value, named by its field (and key inside a JSON value). */
function textsOf(field: string, value: unknown): Array<{ field: string; text: string }> {
	if (typeof value === 'string') return value ? [{ field, text: value }] : [];
	if (typeof value === 'number') return [{ field, text: String(value) }];
	if (Array.isArray(value)) return value.flatMap((entry) => textsOf(field, entry));
	if (value && typeof value === 'object') return Object.values(value).flatMap((entry) => textsOf(field, entry));
	return [];
}

/** What the text holds and where (start and end in the text), or undefined. */
function findIn(text: string, forms: string[]): { what: string; start: number; end: number } | undefined {
	for (const reading of readings(text)) {
		for (const form of forms) {
			const index = reading.text.indexOf(form);
			if (index >= 0) return { what: "the credential's own secret", ...reading.place(index, form.length) };
		}
		for (const { what, shape } of WELL_KNOWN) {
			const match = shape.exec(reading.text);
			if (match) return { what, ...reading.place(match.index, match[0].length) };
		}
	}
	return undefined;
}

/**
 * The first secret a write's values hold: in one field, or split across fields (the texts are
 * searched joined, in the order the fields are given; the fields the find overlaps are named).
 */
export function findSecret(values: WrittenValue[], ownSecrets: string[]): SecretFinding | undefined {
	const forms = secretForms(ownSecrets);
	const texts = values.flatMap(({ field, value }) => textsOf(field, value));
	for (const { field, text } of texts) {
		const found = findIn(text, forms);
		if (found) return { fields: [field], what: found.what };
	}
	if (texts.length < 2) return undefined;
	const found = findIn(texts.map(({ text }) => text).join(''), forms);
	if (!found) return undefined;
	const fields: string[] = [];
	let offset = 0;
	for (const { field, text } of texts) {
		const overlaps = offset < found.end && offset + text.length > found.start;
		if (overlaps && !fields.includes(field)) fields.push(field);
		offset += text.length;
	}
	return { fields, what: `${found.what}, split across fields` };
}

interface SecretWriteCheck {
	ctx: IExecuteFunctions;
	itemIndex: number;
	values: WrittenValue[];
	ownSecrets: string[];
	setting: unknown;
	/** Asked only when a secret is found; "public" when the place cannot be told. */
	audience: () => Promise<{ audience: Audience; place: string }>;
}

/** Refuses (NodeOperationError naming the field) a write that would publish a secret, as the node's option says. */
export async function refuseSecretWrites(check: SecretWriteCheck): Promise<void> {
	const setting = (check.setting || 'refusePublic') as SecretsInWritesSetting;
	if (setting === 'allow') return;
	const finding = findSecret(check.values, check.ownSecrets);
	if (!finding) return;
	const { audience, place } = setting === 'refuseAll' ? { audience: 'private' as Audience, place: '' } : await check.audience();
	if (setting === 'refusePublic' && audience === 'private') return;
	const named = finding.fields.map((field) => `"${field}"`).join(' and ');
	const where = setting === 'refuseAll' ? '' : ` to ${place}, which others can read`;
	const verb = finding.fields.length > 1 ? 'hold' : 'holds';
	throw new NodeOperationError(check.ctx.getNode(), `Refused: ${named} ${verb} ${finding.what}, and this write would publish it${where}`, {
		itemIndex: check.itemIndex,
		description:
			'Take the secret out of the value. If it is meant to be there (a private place you trust), set "Secrets in Writes" in the node\'s options.',
	});
}
