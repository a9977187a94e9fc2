import { createHmac } from 'crypto';
import type { IDataObject } from 'n8n-workflow';
import nock from 'nock';

import { trelloContract } from '../contracts/openapi';
import type { FixtureExchange } from '../harness/operationFixtures';
import { packageNode, runWorkflow, singleNodeWorkflow } from '../harness/workflow';

export const API = 'https://api.trello.com';

export const KEY = 'trelloApiKey0123456789abcdef';
export const TOKEN = 'trelloUserToken0123456789abcdef0123456789abcdef0123456789abcd';
export const CONSUMER_KEY = 'oauthConsumerKey0123456789ab';
export const CONSUMER_SECRET = 'oauthConsumerSecret0123456789abcdef';
export const OAUTH_TOKEN = 'oauthAccessToken0123456789abcdef0123';
export const OAUTH_TOKEN_SECRET = 'oauthTokenSecret0123456789abcd';

export type Auth = 'keyToken' | 'oAuth1';
export const AUTHS: Auth[] = ['keyToken', 'oAuth1'];

export function credentialsFor(apiBaseUrl = API) {
	return {
		trelloKeyTokenApi: { apiKey: KEY, apiToken: TOKEN, apiBaseUrl },
		trelloOAuth10aApi: {
			consumerKey: CONSUMER_KEY,
			consumerSecret: CONSUMER_SECRET,
			signatureMethod: 'HMAC-SHA1',
			apiBaseUrl,
			oauthTokenData: { oauth_token: OAUTH_TOKEN, oauth_token_secret: OAUTH_TOKEN_SECRET },
		},
	};
}

export const SECRETS = [KEY, TOKEN, CONSUMER_KEY, CONSUMER_SECRET, OAUTH_TOKEN, OAUTH_TOKEN_SECRET];

const CREDENTIAL_IDS = { trelloKeyTokenApi: 'key-token', trelloOAuth10aApi: 'oauth1' };

/** A resource locator value as n8n stores it. */
export const rl = (value: string, mode: 'list' | 'id' | 'url' = 'id') => ({ __rl: true, mode, value });

export async function runTrello(
	parameters: IDataObject,
	auth: Auth = 'keyToken',
	inputItems: IDataObject[] = [{}],
	settings: { type?: string; apiBaseUrl?: string; continueOnFail?: boolean } = {},
) {
	// Tests compare raw API objects unless they ask for Simplify (see test/simplify).
	const node = packageNode(settings.type === 'trelloApiCall' ? 'Call' : 'Trello', settings.type ?? 'trello', {
		authentication: auth,
		...(settings.type === 'trelloApiCall' ? {} : { simplify: false }),
		...parameters,
	}, CREDENTIAL_IDS);
	if (settings.continueOnFail) node.onError = 'continueRegularOutput';
	return await runWorkflow(singleNodeWorkflow(node, inputItems), { credentials: credentialsFor(settings.apiBaseUrl) });
}

export interface ExpectedCall {
	method: 'GET' | 'POST' | 'PUT' | 'DELETE';
	path: string;
	/** The exact query string, as decoded name → value. */
	query?: Record<string, string>;
	status?: number;
	reply?: unknown;
	/** The exact body (JSON) or a matcher for it (multipart); not compared when absent. */
	body?: unknown;
}

export interface RecordedCall {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string | string[] | undefined>;
	body: unknown;
}

/** Answers the expected calls in order (any query) and records what really arrived. */
export function trelloApi(calls: ExpectedCall[], base = API) {
	const recorded: RecordedCall[] = [];
	const scope = nock(base);
	for (const call of calls) {
		scope
			.intercept(call.path, call.method)
			.query(true)
			.reply(function (uri, body) {
				const url = new URL(uri, base);
				recorded.push({
					method: this.req.method ?? '',
					path: url.pathname,
					query: Object.fromEntries(url.searchParams.entries()),
					headers: this.req.headers,
					body: body === '' ? undefined : body,
				});
				return [call.status ?? 200, (call.reply ?? {}) as nock.Body];
			});
	}
	return {
		recorded,
		scope,
		/** Method, path and query of each recorded call, to compare with the expected calls. */
		sent: () => recorded.map(({ method, path, query }) => ({ method, path, query })),
	};
}

/** A call in the form trelloApi takes, as an exchange (for fixtures whose calls a helper makes). */
export function exchangeOf({ status, reply, ...request }: ExpectedCall): FixtureExchange {
	return { request, reply: { ...(status === undefined ? {} : { status }), ...(reply === undefined ? {} : { body: reply }) } };
}

export const expectedSent = (calls: ExpectedCall[]) =>
	calls.map(({ method, path, query }) => ({ method, path, query: query ?? {} }));

/** The Authorization header each method must carry; key and token never go in the URL. */
export function expectAuthenticated(call: RecordedCall, auth: Auth) {
	expect(call.query.key).toBeUndefined();
	expect(call.query.token).toBeUndefined();
	const header = String(call.headers.authorization ?? '');
	if (auth === 'keyToken') {
		expect(header).toBe(`OAuth oauth_consumer_key="${KEY}", oauth_token="${TOKEN}"`);
	} else {
		expect(header).toMatch(/^OAuth /);
		expect(header).toContain(`oauth_consumer_key="${CONSUMER_KEY}"`);
		expect(header).toContain(`oauth_token="${OAUTH_TOKEN}"`);
		expect(header).toContain('oauth_signature_method="HMAC-SHA1"');
		expect(header).toMatch(/oauth_signature="[^"]+"/);
		expect(oauthSignatureValid(call, header)).toBe(true);
	}
}

const rfc3986 = (value: string) =>
	encodeURIComponent(value).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

/** Recomputes the HMAC-SHA1 signature over method, URL, query and oauth_* parameters (RFC 5849). */
function oauthSignatureValid(call: RecordedCall, header: string): boolean {
	const oauth: Record<string, string> = {};
	for (const match of header.matchAll(/(\w+)="([^"]*)"/g)) oauth[match[1]] = decodeURIComponent(match[2]);
	const params: Array<[string, string]> = Object.entries(call.query);
	for (const [name, value] of Object.entries(oauth)) if (name !== 'oauth_signature') params.push([name, value]);
	const normalized = params
		.map(([name, value]) => [rfc3986(name), rfc3986(value)])
		.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
		.map(([name, value]) => `${name}=${value}`)
		.join('&');
	const base = [call.method.toUpperCase(), rfc3986(API + call.path), rfc3986(normalized)].join('&');
	const key = `${rfc3986(CONSUMER_SECRET)}&${rfc3986(OAUTH_TOKEN_SECRET)}`;
	return createHmac('sha1', key).update(base).digest('base64') === oauth.oauth_signature;
}

const contract = trelloContract();

/**
 * Trello documents these as comma-separated lists; the description types them as one value or an array.
 * An empty list (clearing a card's labels or members) is sent as an empty value.
 */
const COMMA_SEPARATED = new Set(['idLabels', 'idMembers', 'fields', 'checkItem_fields', 'keepFromSource', 'idBoards']);

/**
 * Trello's guides document what its description leaves out: attachment files are downloaded from
 * /1/cards/{id}/attachments/{id}/download/{file name} (with the Authorization header), and custom
 * field values are stored as text ({"number": "42"}, {"checked": "true"}) and cleared with an empty
 * value or idValue.
 */
const DOCUMENTED_OUTSIDE_DESCRIPTION = [
	/^GET \/cards\/[0-9a-f]{24}\/attachments\/[0-9a-f]{24}\/download\/[^/]+: no path template/,
	/^PUT \/cards\/[0-9a-f]{24}\/customField\/[0-9a-f]{24}\/item: body\.(value\.(number|checked) is "[^"]*", not a (number|boolean)|value is "", not an? object|idValue "" does not match)/,
];

/**
 * Trello's description lists the multipart form fields of an upload (file, name, mimeType, setCover)
 * as query parameters: a multipart body is checked as those.
 */
function multipartFields(call: RecordedCall): Record<string, string> | undefined {
	const type = String(call.headers['content-type'] ?? '');
	if (!type.startsWith('multipart/form-data') || typeof call.body !== 'string') return undefined;
	const fields: Record<string, string> = {};
	for (const match of call.body.matchAll(/Content-Disposition: form-data; name="([^"]+)"(?:; filename="[^"]*")?\r\n(?:Content-Type: [^\r]+\r\n)?\r\n([\s\S]*?)\r\n--/g)) {
		fields[match[1]] = match[1] === 'file' ? 'binary' : match[2];
	}
	return fields;
}

/**
 * Where Trello accepts more than its description's TrelloID pattern: "me" for the current member and
 * board/card short links, which Trello accepts wherever ids are. Nothing else is let through.
 */
const DOCUMENTED_ID_FORMS = /path parameter "id": "(me|[A-Za-z0-9]{8})" does not match the pattern/;

/** Problems the official Trello OpenAPI description finds with a request that was sent. */
export function contractProblems(call: RecordedCall): string[] {
	const query: Record<string, unknown> = {};
	const form = multipartFields(call);
	for (const [name, value] of Object.entries({ ...call.query, ...form })) {
		query[name] = COMMA_SEPARATED.has(name) ? (value === '' ? [] : value.split(',')) : value;
	}
	return contract
		.validate({
			method: call.method,
			path: call.path.replace(/^\/1(?=\/)/, ''),
			query,
			body: form ? undefined : call.body,
			headers: call.headers as Record<string, unknown>,
		})
		.filter((problem) => !DOCUMENTED_ID_FORMS.test(problem) && !DOCUMENTED_OUTSIDE_DESCRIPTION.some((known) => known.test(problem)));
}
