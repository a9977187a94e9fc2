import { CredentialSetupError } from '../../credentials/signInErrors';
import type { RawResponse } from './rateLimit';

/** What n8n's HTTP helpers return or throw, as the transport's raw answers. */

/**
 * The 401 n8n raised after its token refresh could not help (see refreshesOnUnauthorized), as an
 * answer again so it is reported like any other; anything else is rethrown.
 */
export function unauthorizedAnswer(error: unknown): unknown {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		// A credential that cannot sign in (it may carry a 401 to have n8n renew it) is its own error.
		if (current instanceof CredentialSetupError || (current as Error).name === 'CredentialSetupError') throw error;
		const response = (current as { response?: { status?: number; headers?: unknown; data?: unknown } }).response;
		if (response?.status === 401) return { statusCode: 401, headers: response.headers ?? {}, body: response.data };
		current = (current as { cause?: unknown }).cause;
	}
	throw error;
}

export function normalize(response: unknown): RawResponse {
	const full = response as { statusCode?: number; status?: number; headers?: RawResponse['headers']; body?: unknown };
	const headers: RawResponse['headers'] = {};
	for (const [name, value] of Object.entries(full?.headers ?? {})) headers[name.toLowerCase()] = value;
	return { statusCode: full?.statusCode ?? full?.status ?? 0, headers, body: full?.body };
}
