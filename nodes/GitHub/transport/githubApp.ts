import { createHash, createPrivateKey, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { GITHUB_DOT_COM_API } from '../../../credentials/githubServer';
import { transportSettings } from '../../shared/apiClient';
import { CredentialSetupError, serviceMessage } from '../../shared/errors';
import { redactText } from '../../shared/redact';
import { checkedBaseUrl, pathSegment } from '../../shared/requestGuard';
import { GITHUB_API_VERSION, GITHUB_MEDIA_TYPE } from './protocol';

/**
 * GitHub App sign-in: a short-lived JWT signed with the app's private key (RS256) is exchanged
 * for an installation access token, which every request then carries. Tokens are kept in this
 * process per credential until shortly before they expire.
 */

/** GitHub refuses a JWT whose lifetime exceeds ten minutes; iat is backdated for clock drift. */
const JWT_BACKDATE_SECONDS = 60;
const JWT_LIFETIME_SECONDS = 9 * 60;
/** An installation token is replaced this long before GitHub's expiry, so no request carries a dying token. */
export const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

const PRIVATE_KEY_FIELD = 'Private Key';
const SERVER_FIELD = { displayName: 'GitHub Server' };

interface InstallationToken {
	token: string;
	expiresAt: number;
}

interface CacheEntry {
	current?: InstallationToken;
	pending?: Promise<InstallationToken>;
}

const tokensByCredential = new Map<string, CacheEntry>();

/** Forgets every installation token (tests start from a clean slate). */
export function resetGitHubAppTokens(): void {
	tokensByCredential.clear();
}

/** The credential cannot sign in as it is set up; n8n shows it as the node's error (see toNodeError). */
function setupError(message: string, hint: string): CredentialSetupError {
	return new CredentialSetupError(message, hint);
}

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value).trim();
}

function cacheKey(credentials: ICredentialDataDecryptedObject): string {
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
export function appJwt(credentials: ICredentialDataDecryptedObject, nowMs = transportSettings.clock.now()): string {
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

async function callAsApp(root: string, method: 'GET' | 'POST', path: string, jwt: string): Promise<AppAnswer> {
	let response: Response;
	try {
		response = await fetch(`${root}${path}`, {
			method,
			headers: {
				Accept: GITHUB_MEDIA_TYPE,
				'X-GitHub-Api-Version': GITHUB_API_VERSION,
				'User-Agent': 'n8n-nodes-github-trello',
				Authorization: `Bearer ${jwt}`,
			},
			redirect: 'error',
		});
	} catch (error) {
		const reason = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
		throw setupError(
			`GitHub App sign-in could not reach ${root} (${redactText(reason, [jwt])})`,
			'Check the credential field "GitHub Server" and the network between n8n and GitHub.',
		);
	}
	const raw = await response.text();
	let body: unknown = raw;
	try {
		body = JSON.parse(raw);
	} catch {
		// Kept as text: GitHub's error pages are not always JSON.
	}
	return { status: response.status, body };
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
async function installationId(credentials: ICredentialDataDecryptedObject, root: string, jwt: string): Promise<string> {
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
		const answer = await callAsApp(root, 'GET', path, jwt);
		if (answer.status === 404) continue;
		if (answer.status >= 400) throw refusal(`to look up the app's installation on ${owner}`, answer, jwt);
		const id = (answer.body as { id?: unknown } | null)?.id;
		if (typeof id === 'number') return String(id);
	}
	throw setupError(
		`The GitHub App is not installed on ${owner}`,
		'Install the app on that account (App settings → Install App), or give the installation ID instead.',
	);
}

async function exchange(credentials: ICredentialDataDecryptedObject): Promise<InstallationToken> {
	const root = apiRoot(credentials);
	const jwt = appJwt(credentials);
	const id = await installationId(credentials, root, jwt);
	const answer = await callAsApp(root, 'POST', `/app/installations/${id}/access_tokens`, jwt);
	if (answer.status === 404) {
		throw setupError(
			`GitHub knows no installation ${id} of this app`,
			'Check "Installation ID" (or "Installation Owner"): the app may have been uninstalled.',
		);
	}
	if (answer.status >= 400) throw refusal(`an installation token for installation ${id}`, answer, jwt);
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

/** An installation token for the credential: the kept one while it is fresh, else a new one. */
export async function installationToken(credentials: ICredentialDataDecryptedObject): Promise<string> {
	const key = cacheKey(credentials);
	let entry = tokensByCredential.get(key);
	if (!entry) {
		entry = {};
		tokensByCredential.set(key, entry);
	}
	const now = transportSettings.clock.now();
	if (entry.current && entry.current.expiresAt - TOKEN_RENEWAL_MARGIN_MS > now) return entry.current.token;
	// Concurrent requests share one exchange.
	entry.pending ??= exchange(credentials).finally(() => {
		entry.pending = undefined;
	});
	const fresh = await entry.pending;
	entry.current = fresh;
	return fresh.token;
}

/** Drops the kept token (GitHub refused it: revoked, or the installation changed). */
export function forgetInstallationToken(credentials: ICredentialDataDecryptedObject): void {
	const entry = tokensByCredential.get(cacheKey(credentials));
	if (entry) delete entry.current;
}

/** The installation token this process holds for the credential, so it can be redacted wherever it appears. */
export function heldInstallationTokens(credentials: ICredentialDataDecryptedObject): string[] {
	const token = tokensByCredential.get(cacheKey(credentials))?.current?.token;
	return token ? [token] : [];
}

/** The credential's `authenticate`: adds the installation token to a request n8n is about to send. */
export async function authenticateAsInstallation(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const token = await installationToken(credentials);
	return { ...requestOptions, headers: { ...requestOptions.headers, Authorization: `Bearer ${token}` } };
}
