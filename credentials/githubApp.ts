import { createHash, createPrivateKey, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';

import { transportSettings } from './clock';
import { GITHUB_API_VERSION, GITHUB_DOT_COM_API, GITHUB_MEDIA_TYPE, INSTALLATION_TOKEN_FIELDS } from './githubServer';
import { redactText } from './redact';
import { checkedBaseUrl, pathSegment } from './requestGuard';
import { CredentialSetupError, serviceMessage } from './signInErrors';

/**
 * GitHub App sign-in through n8n's own credential mechanism. The credential's preAuthentication
 * signs a short-lived JWT with the app's private key (RS256) and exchanges it, with n8n's HTTP
 * helper, for an installation access token; n8n stores the token in the credential's hidden,
 * expirable field and runs preAuthentication again when that field is empty, when a request is
 * answered 401, and for the connection test. `authenticate` adds the stored token to each request
 * and asks for a new one (see InstallationTokenRenewal) when it is about to expire or was issued
 * for other settings of the credential.
 */

/** GitHub refuses a JWT whose lifetime exceeds ten minutes; iat is backdated for clock drift. */
const JWT_BACKDATE_SECONDS = 60;
const JWT_LIFETIME_SECONDS = 9 * 60;
/**
 * An installation token is replaced this long before GitHub's expiry, so no request carries a
 * dying token; a token issued with less than twice this life left is kept for half of it, so a
 * newly issued token is always used.
 */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

const PRIVATE_KEY_FIELD = 'Private Key';
const SERVER_FIELD = { displayName: 'GitHub Server' };

interface InstallationToken {
	token: string;
	expiresAt: number;
}

/** Tokens recently attached per settings digest, so outputs and errors can redact them. */
const sentTokensBySettings = new Map<string, string[]>();
const SENT_TOKENS_KEPT = 3;

/** Forgets the tokens remembered for redaction (tests start from a clean slate). */
export function resetGitHubAppTokens(): void {
	sentTokensBySettings.clear();
}

/** The credential cannot sign in as it is set up; n8n shows it as the node's error (see toNodeError). */
function setupError(message: string, hint: string): CredentialSetupError {
	return new CredentialSetupError(message, hint);
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();
}

/** Identifies the settings a token belongs to: a token is never sent for other ones (another server, app or installation). */
function settingsDigest(credentials: ICredentialDataDecryptedObject): string {
	const parts = [
		credentials.server,
		credentials.appId,
		credentials.installationSelection,
		credentials.installationId,
		credentials.installationOwner,
		credentials.privateKey,
	].map(text);
	return createHash('sha256').update(parts.join('\u0000')).digest('hex');
}

function apiRoot(credentials: ICredentialDataDecryptedObject): string {
	return checkedBaseUrl(text(credentials.server) || GITHUB_DOT_COM_API, SERVER_FIELD);
}

/** The key as PEM: pasted keys often arrive with their line breaks written as "\n". */
function privateKeyOf(credentials: ICredentialDataDecryptedObject): KeyObject {
	const pem = text(credentials.privateKey).replace(/\\n/g, '\n').replace(/\r\n/g, '\n');
	const hint =
		'Paste the whole .pem file GitHub generated for the app (App settings → Private keys), from its BEGIN line to its END line.';
	if (!pem) throw setupError(`The credential field "${PRIVATE_KEY_FIELD}" is empty`, hint);
	let key: KeyObject;
	try {
		key = createPrivateKey({ key: pem, format: 'pem' });
	} catch {
		// The parser's own message may quote part of the key: it is not passed on.
		throw setupError(`The credential field "${PRIVATE_KEY_FIELD}" is not a readable PEM private key`, hint);
	}
	if (key.asymmetricKeyType !== 'rsa') {
		throw setupError(
			`The credential field "${PRIVATE_KEY_FIELD}" holds a key of type ${String(key.asymmetricKeyType).toUpperCase()}; GitHub Apps sign with RSA keys`,
			hint,
		);
	}
	return key;
}

function base64Url(value: string | Buffer): string {
	return Buffer.from(value).toString('base64url');
}

/** The app's JSON Web Token (RS256), valid from a minute ago for nine minutes. */
function appJwt(credentials: ICredentialDataDecryptedObject, nowMs = transportSettings.clock.now()): string {
	const appId = text(credentials.appId);
	if (!/^\d+$/.test(appId) && !/^Iv[0-9A-Za-z.]+$/.test(appId)) {
		throw setupError(
			'The credential field "App ID" must be the app\'s numeric ID or its client ID (Iv…)',
			'Find both on the app\'s settings page under "About".',
		);
	}
	const key = privateKeyOf(credentials);
	const now = Math.floor(nowMs / 1000);
	const header = base64Url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
	const payload = base64Url(
		JSON.stringify({ iat: now - JWT_BACKDATE_SECONDS, exp: now + JWT_LIFETIME_SECONDS, iss: /^\d+$/.test(appId) ? Number(appId) : appId }),
	);
	const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key);
	return `${header}.${payload}.${base64Url(signature)}`;
}

interface AppAnswer {
	status: number;
	body: unknown;
}

/** One request signed with the app's JWT, sent with n8n's HTTP helper (proxy, outbound rules) to the credential's API root only. */
async function callAsApp(
	http: IHttpRequestHelper,
	root: string,
	method: 'GET' | 'POST',
	path: string,
	jwt: string,
): Promise<AppAnswer> {
	let response: IN8nHttpFullResponse;
	try {
		response = (await http.helpers.httpRequest({
			method,
			url: `${root}${path}`,
			headers: {
				Accept: GITHUB_MEDIA_TYPE,
				'X-GitHub-Api-Version': GITHUB_API_VERSION,
				'User-Agent': 'n8n-nodes-github-trello',
				Authorization: `Bearer ${jwt}`,
			},
			json: true,
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			// The JWT stays on the credential's host: a redirect is an answer, not followed.
			disableFollowRedirect: true,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		// n8n's error carries the request with its headers: only the reason is passed on.
		const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
		throw setupError(
			`GitHub App sign-in could not reach ${root} (${redactText(reason, [jwt])})`,
			'Check the credential field "GitHub Server" and the network between n8n and GitHub.',
		);
	}
	let body: unknown = response.body;
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			// Kept as text: GitHub's error pages are not always JSON.
		}
	}
	return { status: response.statusCode, body };
}

const KEY_OR_ID_HINT =
	'Check "App ID" and "Private Key": the key must belong to this app and must not have been deleted in the app\'s settings.';

/** The message names the fields too: n8n's connection test shows only the message. */
function refusal(what: string, answer: AppAnswer, jwt: string): CredentialSetupError {
	const { message } = serviceMessage(answer.body);
	return setupError(
		redactText(
			`GitHub refused ${what} (${answer.status}${message ? `: ${message}` : ''}) - check "App ID" and "Private Key"`,
			[jwt],
		),
		KEY_OR_ID_HINT,
	);
}

/** The installation id: given, or looked up from the owner (organization, user or owner/repository). */
async function installationId(
	http: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
	root: string,
	jwt: string,
): Promise<string> {
	if (text(credentials.installationSelection) !== 'owner') {
		const id = text(credentials.installationId);
		if (!/^\d+$/.test(id)) {
			throw setupError(
				'The credential field "Installation ID" must be a number',
				'It is the number at the end of the installation\'s settings address (…/settings/installations/12345678), or choose "Find by Owner".',
			);
		}
		return id;
	}
	const owner = text(credentials.installationOwner);
	const match = /^([A-Za-z0-9-]+)(?:\/([A-Za-z0-9._-]+))?$/.exec(owner);
	if (!match) {
		throw setupError(
			'The credential field "Installation Owner" must be an account name or owner/repository',
			'For example octo-org, or octo-org/hello-world for an installation on chosen repositories.',
		);
	}
	const [, account, repository] = match;
	const candidates = repository
		? [`/repos/${pathSegment(account)}/${pathSegment(repository)}/installation`]
		: [`/orgs/${pathSegment(account)}/installation`, `/users/${pathSegment(account)}/installation`];
	for (const path of candidates) {
		const answer = await callAsApp(http, root, 'GET', path, jwt);
		if (answer.status === 404) continue;
		if (answer.status >= 300) throw refusal(`to look up the app's installation on ${owner}`, answer, jwt);
		const id = (answer.body as { id?: unknown } | null)?.id;
		if (typeof id === 'number') return String(id);
	}
	throw setupError(
		`The GitHub App is not installed on ${owner}`,
		'Install the app on that account (App settings → Install App), or give the installation ID instead.',
	);
}

async function exchange(http: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject): Promise<InstallationToken> {
	const root = apiRoot(credentials);
	const jwt = appJwt(credentials);
	const id = await installationId(http, credentials, root, jwt);
	const answer = await callAsApp(http, root, 'POST', `/app/installations/${id}/access_tokens`, jwt);
	if (answer.status === 404) {
		throw setupError(
			`GitHub knows no installation ${id} of this app`,
			'Check "Installation ID" (or "Installation Owner"): the app may have been uninstalled.',
		);
	}
	if (answer.status >= 300) throw refusal(`an installation token for installation ${id}`, answer, jwt);
	const body = (answer.body ?? {}) as { token?: unknown; expires_at?: unknown };
	const expiresAt = Date.parse(String(body.expires_at));
	if (typeof body.token !== 'string' || !body.token || !Number.isFinite(expiresAt)) {
		throw setupError(
			'GitHub answered the installation token request without a token and expiry',
			'Check the credential field "GitHub Server": it must be the API root (https://api.github.com or https://HOST/api/v3).',
		);
	}
	return { token: body.token, expiresAt };
}

/**
 * The credential's preAuthentication: a new installation token and what it was issued for, which
 * n8n stores in the credential's hidden fields. Only these fields are returned, so a connection
 * test of unsaved settings never overwrites the saved ones.
 */
export async function issueInstallationToken(
	this: IHttpRequestHelper,
	credentials: ICredentialDataDecryptedObject,
): Promise<IDataObject> {
	const issued = await exchange(this, credentials);
	const lifeLeft = Math.max(0, issued.expiresAt - transportSettings.clock.now());
	const renewAt = issued.expiresAt - Math.min(TOKEN_RENEWAL_MARGIN_MS, lifeLeft / 2);
	return {
		[INSTALLATION_TOKEN_FIELDS.token]: issued.token,
		[INSTALLATION_TOKEN_FIELDS.renewAt]: new Date(renewAt).toISOString(),
		[INSTALLATION_TOKEN_FIELDS.issuedFor]: settingsDigest(credentials),
	};
}

/**
 * Raised by `authenticate`, before anything is sent, when the stored token is missing, about to
 * expire or was issued for other settings. It carries a 401 because that is the answer on which
 * n8n runs the credential's preAuthentication again and then authenticates the request anew
 * (n8n-core's httpRequestWithAuthentication, `preAuthenticationRetryStatusCode`). Only if n8n
 * did not do so does the user see it.
 */
class InstallationTokenRenewal extends CredentialSetupError {
	readonly response = { status: 401 };

	constructor() {
		super(
			'The GitHub App installation token stored in the credential is missing, expiring or was issued for other settings, and n8n did not issue a new one',
			'Test the credential (open it and save or retry) so n8n issues a new installation token.',
		);
		this.name = 'CredentialSetupError';
	}
}

function remember(settings: string, token: string): void {
	const sent = sentTokensBySettings.get(settings) ?? [];
	if (sent.includes(token)) return;
	sentTokensBySettings.set(settings, [token, ...sent].slice(0, SENT_TOKENS_KEPT));
}

/** The installation tokens this process attached for the credential's settings, so they can be redacted wherever they appear. */
export function heldInstallationTokens(credentials: ICredentialDataDecryptedObject): string[] {
	const stored = text(credentials[INSTALLATION_TOKEN_FIELDS.token]);
	const sent = sentTokensBySettings.get(settingsDigest(credentials)) ?? [];
	return [...new Set([...(stored ? [stored] : []), ...sent])];
}

/** The credential's `authenticate`: adds the stored installation token while it is fresh and belongs to these settings. */
export async function authenticateAsInstallation(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const token = text(credentials[INSTALLATION_TOKEN_FIELDS.token]);
	const renewAt = Date.parse(text(credentials[INSTALLATION_TOKEN_FIELDS.renewAt]));
	const settings = settingsDigest(credentials);
	const fresh = Number.isFinite(renewAt) && transportSettings.clock.now() < renewAt;
	if (!token || !fresh || text(credentials[INSTALLATION_TOKEN_FIELDS.issuedFor]) !== settings) {
		throw new InstallationTokenRenewal();
	}
	remember(settings, token);
	return { ...requestOptions, headers: { ...requestOptions.headers, Authorization: `Bearer ${token}` } };
}
