/**
 * A GraphQL document read the way the GraphQL specification (October 2021) reads it, for the
 * scope checks: operations with their variables, fragments, and every selection with its name,
 * arguments and type conditions. What the reader cannot place exactly - an unknown character, an
 * unknown string escape, a type-system definition - is an error, never a guess, so a document
 * it accepts is the document the server runs.
 */

class GraphqlSyntaxError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'GraphqlSyntaxError';
	}
}

/**
 * The deepest nesting read and checked: selection sets (fragments counted where they are spread)
 * and list or object values. Far beyond what a query needs; it keeps reading and checking from
 * recursing without end.
 */
export const GRAPHQL_DEPTH_BOUND = 64;

/** A document past one of the reader's or checker's bounds; the message names the bound. */
export class GraphqlBoundError extends Error {
	constructor(message: string) {
		super(message);
		this.name = 'GraphqlBoundError';
	}
}

export function depthBoundError(): GraphqlBoundError {
	return new GraphqlBoundError(`nests deeper than ${GRAPHQL_DEPTH_BOUND} levels (selections, with fragments counted where they are spread, or values), the depth bound of the check`);
}

export type GraphqlValue =
	| { kind: 'variable'; name: string }
	| { kind: 'string'; value: string }
	| { kind: 'blockString' }
	| { kind: 'null' }
	| { kind: 'list'; values: GraphqlValue[] }
	| { kind: 'object'; fields: Array<{ name: string; value: GraphqlValue }> }
	/** Numbers, booleans and enum values. */
	| { kind: 'scalar'; text: string };

interface GraphqlField {
	kind: 'field';
	name: string;
	alias?: string;
	arguments: Array<{ name: string; value: GraphqlValue }>;
	selections?: GraphqlSelection[];
}

interface GraphqlFragmentSpread {
	kind: 'spread';
	name: string;
}

interface GraphqlInlineFragment {
	kind: 'inline';
	typeCondition?: string;
	selections: GraphqlSelection[];
}

export type GraphqlSelection = GraphqlField | GraphqlFragmentSpread | GraphqlInlineFragment;

export interface GraphqlOperation {
	type: 'query' | 'mutation' | 'subscription';
	name?: string;
	variables: Array<{ name: string; defaultValue?: GraphqlValue }>;
	selections: GraphqlSelection[];
}

interface GraphqlFragment {
	name: string;
	typeCondition: string;
	selections: GraphqlSelection[];
}

export interface GraphqlDocument {
	operations: GraphqlOperation[];
	fragments: Map<string, GraphqlFragment>;
}

type TokenKind = 'punctuator' | 'name' | 'number' | 'string' | 'blockString';

interface Token {
	kind: TokenKind;
	/** The punctuator or name as written; a string's value once its escapes are read. */
	text: string;
	at: number;
}

const NAME_START = /[_A-Za-z]/;
const NAME_REST = /[_0-9A-Za-z]*/y;
const PUNCTUATORS = new Set(['!', '$', '&', '(', ')', ':', '=', '@', '[', ']', '{', '|', '}']);
const NUMBER = /-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * The document's tokens; whitespace, commas, comments and a byte order mark are left out.
 * Long: one scanning loop with a case per token kind, each needing the loop's position.
 */
export function graphqlTokens(source: string): Token[] {
	const tokens: Token[] = [];
	let at = 0;
	while (at < source.length) {
		const char = source[at];
		if (char === ' ' || char === '\t' || char === '\n' || char === '\r' || char === ',' || char === '\ufeff') {
			at++;
		} else if (char === '#') {
			while (at < source.length && source[at] !== '\n' && source[at] !== '\r') at++;
		} else if (char === '.') {
			if (source.slice(at, at + 3) !== '...') throw new GraphqlSyntaxError(`a lone "." at character ${at + 1}`);
			tokens.push({ kind: 'punctuator', text: '...', at });
			at += 3;
		} else if (PUNCTUATORS.has(char)) {
			tokens.push({ kind: 'punctuator', text: char, at });
			at++;
		} else if (NAME_START.test(char)) {
			const start = at;
			// A name runs to the first character that cannot continue it (sticky: no copy per name).
			NAME_REST.lastIndex = at + 1;
			NAME_REST.exec(source);
			at = NAME_REST.lastIndex;
			tokens.push({ kind: 'name', text: source.slice(start, at), at: start });
		} else if (char === '-' || (char >= '0' && char <= '9')) {
			// Sticky: matched where it stands, without copying the rest of the document for every number.
			NUMBER.lastIndex = at;
			const match = NUMBER.exec(source);
			if (!match || match[0] === '-') throw new GraphqlSyntaxError(`a malformed number at character ${at + 1}`);
			const next = source[at + match[0].length];
			if (next !== undefined && (NAME_START.test(next) || next === '.' || (next >= '0' && next <= '9'))) {
				throw new GraphqlSyntaxError(`a malformed number at character ${at + 1}`);
			}
			tokens.push({ kind: 'number', text: match[0], at });
			at += match[0].length;
		} else if (source.startsWith('"""', at)) {
			const start = at;
			at += 3;
			for (;;) {
				if (at >= source.length) throw new GraphqlSyntaxError(`a block string that is not closed (from character ${start + 1})`);
				if (source.startsWith('\\"""', at)) at += 4;
				else if (source.startsWith('"""', at)) break;
				else at++;
			}
			at += 3;
			tokens.push({ kind: 'blockString', text: '', at: start });
		} else if (char === '"') {
			const start = at;
			let value = '';
			at++;
			for (;;) {
				const next = source[at];
				if (next === undefined || next === '\n' || next === '\r') {
					throw new GraphqlSyntaxError(`a string that is not closed on its line (from character ${start + 1})`);
				}
				if (next === '"') break;
				if (next === '\\') {
					const escape = source[at + 1];
					if (escape === 'u') {
						const hex = source.slice(at + 2, at + 6);
						if (!/^[0-9A-Fa-f]{4}$/.test(hex)) throw new GraphqlSyntaxError(`an escape other than \\uXXXX at character ${at + 1}`);
						value += String.fromCharCode(parseInt(hex, 16));
						at += 6;
					} else if (escape !== undefined && ESCAPES[escape] !== undefined) {
						value += ESCAPES[escape];
						at += 2;
					} else {
						throw new GraphqlSyntaxError(`an unknown string escape at character ${at + 1}`);
					}
					continue;
				}
				if (next < ' ' && next !== '\t') throw new GraphqlSyntaxError(`a control character in a string at character ${at + 1}`);
				value += next;
				at++;
			}
			at++;
			tokens.push({ kind: 'string', text: value, at: start });
		} else {
			throw new GraphqlSyntaxError(`the character ${JSON.stringify(char)} at character ${at + 1}, which GraphQL does not use`);
		}
	}
	return tokens;
}

/**
 * Reads a whole document: operations and fragment definitions, nothing else.
 * Long: a recursive-descent parser whose nested readers share one token cursor; as separate
 * functions they would pass the cursor and the document's limits around.
 */
export function parseGraphqlDocument(source: string): GraphqlDocument {
	const tokens = graphqlTokens(source);
	let at = 0;
	const peek = (offset = 0): Token | undefined => tokens[at + offset];
	const where = (): string => (peek() ? `at character ${peek()!.at + 1}` : 'at the end');
	const isPunctuator = (text: string, offset = 0) => peek(offset)?.kind === 'punctuator' && peek(offset)?.text === text;
	const expectPunctuator = (text: string): void => {
		if (!isPunctuator(text)) throw new GraphqlSyntaxError(`"${text}" expected ${where()}`);
		at++;
	};
	const expectName = (): string => {
		const token = peek();
		if (token?.kind !== 'name') throw new GraphqlSyntaxError(`a name expected ${where()}`);
		at++;
		return token.text;
	};

	let depth = 0;
	const nested = <T>(read: () => T): T => {
		if (++depth > GRAPHQL_DEPTH_BOUND) throw depthBoundError();
		const result = read();
		depth--;
		return result;
	};

	const value = (constant: boolean): GraphqlValue => {
		const token = peek();
		if (!token) throw new GraphqlSyntaxError('a value expected at the end');
		if (token.kind === 'punctuator' && token.text === '$' && !constant) {
			at++;
			return { kind: 'variable', name: expectName() };
		}
		if (token.kind === 'punctuator' && token.text === '[') {
			at++;
			const values: GraphqlValue[] = [];
			while (!isPunctuator(']')) values.push(nested(() => value(constant)));
			at++;
			return { kind: 'list', values };
		}
		if (token.kind === 'punctuator' && token.text === '{') {
			at++;
			const fields: Array<{ name: string; value: GraphqlValue }> = [];
			while (!isPunctuator('}')) {
				const name = expectName();
				expectPunctuator(':');
				fields.push({ name, value: nested(() => value(constant)) });
			}
			at++;
			return { kind: 'object', fields };
		}
		at++;
		if (token.kind === 'string') return { kind: 'string', value: token.text };
		if (token.kind === 'blockString') return { kind: 'blockString' };
		if (token.kind === 'number') return { kind: 'scalar', text: token.text };
		if (token.kind === 'name') return token.text === 'null' ? { kind: 'null' } : { kind: 'scalar', text: token.text };
		throw new GraphqlSyntaxError(`a value expected at character ${token.at + 1}`);
	};

	const argumentsList = (): Array<{ name: string; value: GraphqlValue }> => {
		const list: Array<{ name: string; value: GraphqlValue }> = [];
		if (!isPunctuator('(')) return list;
		at++;
		do {
			const name = expectName();
			expectPunctuator(':');
			list.push({ name, value: value(false) });
		} while (!isPunctuator(')'));
		at++;
		return list;
	};

	const directives = (): void => {
		while (isPunctuator('@')) {
			at++;
			expectName();
			argumentsList();
		}
	};

	const typeReference = (): void => {
		if (isPunctuator('[')) {
			at++;
			typeReference();
			expectPunctuator(']');
		} else {
			expectName();
		}
		if (isPunctuator('!')) at++;
	};

	const selectionSet = (): GraphqlSelection[] => nested(selectionSetHere);
	const selectionSetHere = (): GraphqlSelection[] => {
		expectPunctuator('{');
		const selections: GraphqlSelection[] = [];
		do {
			if (isPunctuator('...')) {
				at++;
				if (peek()?.kind === 'name' && peek()!.text !== 'on') {
					const name = expectName();
					directives();
					selections.push({ kind: 'spread', name });
				} else {
					let typeCondition: string | undefined;
					if (peek()?.kind === 'name' && peek()!.text === 'on') {
						at++;
						typeCondition = expectName();
					}
					directives();
					selections.push({ kind: 'inline', typeCondition, selections: selectionSet() });
				}
				continue;
			}
			let name = expectName();
			let alias: string | undefined;
			if (isPunctuator(':')) {
				at++;
				alias = name;
				name = expectName();
			}
			const args = argumentsList();
			directives();
			const field: GraphqlField = { kind: 'field', name, alias, arguments: args };
			if (isPunctuator('{')) field.selections = selectionSet();
			selections.push(field);
		} while (!isPunctuator('}'));
		at++;
		return selections;
	};

	const document: GraphqlDocument = { operations: [], fragments: new Map() };
	const operationNames = new Set<string>();
	if (!tokens.length) throw new GraphqlSyntaxError('the document is empty');
	while (peek()) {
		if (isPunctuator('{')) {
			document.operations.push({ type: 'query', variables: [], selections: selectionSet() });
			continue;
		}
		const keyword = expectName();
		if (keyword === 'fragment') {
			const name = expectName();
			if (name === 'on') throw new GraphqlSyntaxError('a fragment may not be named "on"');
			if (document.fragments.has(name)) throw new GraphqlSyntaxError(`the fragment "${name}" is defined twice`);
			if (expectName() !== 'on') throw new GraphqlSyntaxError(`"on" expected in the fragment "${name}"`);
			const typeCondition = expectName();
			directives();
			document.fragments.set(name, { name, typeCondition, selections: selectionSet() });
			continue;
		}
		if (keyword !== 'query' && keyword !== 'mutation' && keyword !== 'subscription') {
			throw new GraphqlSyntaxError(`"${keyword}" starts a definition other than an operation or a fragment`);
		}
		const operation: GraphqlOperation = { type: keyword, variables: [], selections: [] };
		if (peek()?.kind === 'name') {
			operation.name = expectName();
			if (operationNames.has(operation.name)) throw new GraphqlSyntaxError(`the operation "${operation.name}" is defined twice`);
			operationNames.add(operation.name);
		}
		const declared = new Set<string>();
		if (isPunctuator('(')) {
			at++;
			do {
				expectPunctuator('$');
				const name = expectName();
				expectPunctuator(':');
				typeReference();
				let defaultValue: GraphqlValue | undefined;
				if (isPunctuator('=')) {
					at++;
					defaultValue = value(true);
				}
				directives();
				if (declared.has(name)) throw new GraphqlSyntaxError(`the variable $${name} is declared twice`);
				declared.add(name);
				operation.variables.push({ name, defaultValue });
			} while (!isPunctuator(')'));
			at++;
		}
		directives();
		operation.selections = selectionSet();
		document.operations.push(operation);
	}
	if (!document.operations.length) throw new GraphqlSyntaxError('the document has no operation');
	return document;
}

/** What bound of the reader a document is past (e.g. "nests deeper than 64 levels …"), or undefined. */
export function graphqlBoundProblem(source: unknown): string | undefined {
	if (typeof source !== 'string') return undefined;
	try {
		parseGraphqlDocument(source);
		return undefined;
	} catch (error) {
		return error instanceof GraphqlBoundError ? error.message : undefined;
	}
}

/**
 * Whether any operation of the document changes data (a mutation) or is a subscription; an
 * unreadable document counts as one (a document past a bound: see graphqlBoundProblem, asked first).
 */
export function graphqlDocumentWrites(source: unknown): boolean {
	if (typeof source !== 'string') return true;
	try {
		return parseGraphqlDocument(source).operations.some((operation) => operation.type !== 'query');
	} catch {
		return true;
	}
}
