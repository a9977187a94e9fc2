import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import type { ApiContext } from './context';
import type { ServiceName } from './errors';
import { apiErrorFromResponse, toNodeError } from './errors';
import type { Clock, RateLimitPolicy, RawResponse, RetryBounds } from './rateLimit';
import { DEFAULT_RETRY_BOUNDS, sendWithRateLimits, systemClock } from './rateLimit';
import { redactKnownSecrets, secretsOf } from './redact';
import { assertSafeHeaders, assertSafePath, joinUrl } from './requestGuard';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** A path on the credential's API host, e.g. /repos/o/r. Never a URL. */
	path: string;
	qs?: IDataObject;
	body?: unknown;
	headers?: Record<string, string>;
	/** Binary downloads. */
	encoding?: 'arraybuffer';
	/** Response codes that are answers rather than failures (e.g. 404 for "not starred"). */
	acceptStatus?: number[];
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

/** Test seam: a fake clock makes rate-limit waits instant and observable. */
export const transportSettings: { clock: Clock } = { clock: systemClock };

/**
 * The shared part of both services' transports: credential lookup, host lock, n8n's
 * authenticated request helper, rate-limit pacing and error mapping. Services add their
 * base URL, default headers and limit policy.
 */
export abstract class ApiClient {
	private credentialData?: ICredentialDataDecryptedObject;

	protected constructor(
		protected readonly ctx: ApiContext,
		readonly credentialType: string,
		protected readonly service: ServiceName,
		protected readonly bounds: RetryBounds = DEFAULT_RETRY_BOUNDS,
	) {}

	protected abstract readonly pathPrefix: string;

	protected abstract baseUrlFrom(credentials: ICredentialDataDecryptedObject): string;

	protected abstract policyFor(request: ApiRequest, credentials: ICredentialDataDecryptedObject): RateLimitPolicy;

	protected defaultHeaders(): Record<string, string> {
		return {};
	}

	async credentials(): Promise<ICredentialDataDecryptedObject> {
		this.credentialData ??= await this.ctx.getCredentials(this.credentialType);
		return this.credentialData;
	}

	async baseUrl(): Promise<string> {
		return this.baseUrlFrom(await this.credentials()).replace(/\/+$/, '');
	}

	/** Values that must never appear in an output, error or log line. */
	async secrets(): Promise<string[]> {
		return secretsOf(await this.credentials().catch(() => ({})));
	}

	/** Sends a request; statuses of 400 and above (unless accepted) become NodeApiError. */
	async send<T = unknown>(request: ApiRequest): Promise<ApiResponse<T>> {
		const response = await this.sendRaw(request);
		if (response.statusCode >= 400 && !request.acceptStatus?.includes(response.statusCode)) {
			throw apiErrorFromResponse(
				this.ctx.getNode(),
				this.service,
				response,
				await this.secrets(),
				this.hintFor(response),
			);
		}
		return response as ApiResponse<T>;
	}

	async request<T = unknown>(request: ApiRequest): Promise<T> {
		return (await this.send<T>(request)).body;
	}

	/** Sends a request and returns whatever status came back, after rate-limit retries. */
	async sendRaw(request: ApiRequest): Promise<ApiResponse> {
		try {
			assertSafePath(request.path, this.pathPrefix);
			assertSafeHeaders(request.headers);
			const credentials = await this.credentials();
			const url = joinUrl(this.baseUrlFrom(credentials), request.path);
			const policy = this.policyFor(request, credentials);
			const options: IHttpRequestOptions = {
				method: request.method,
				url,
				qs: request.qs,
				body: request.body as IHttpRequestOptions['body'],
				headers: { ...this.defaultHeaders(), ...request.headers },
				json: request.encoding !== 'arraybuffer',
				encoding: request.encoding,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
			};
			if (options.body === undefined) delete options.body;
			const raw = await sendWithRateLimits(
				async () =>
					normalize(
						await this.ctx.helpers.httpRequestWithAuthentication.call(
							this.ctx,
							this.credentialType,
							{ ...options, headers: { ...options.headers } },
						),
					),
				policy,
				transportSettings.clock,
				this.bounds,
			);
			// Services echo request URLs and headers back; the credential's secrets never leave here.
			return { ...raw, body: redactKnownSecrets(raw.body, secretsOf(credentials)) };
		} catch (error) {
			throw toNodeError(this.ctx.getNode(), this.service, error, await this.secrets());
		}
	}

	/** Extra advice for an error response, e.g. the scope a 403 usually means is missing. */
	protected hintFor(_response: ApiResponse): string | undefined {
		return undefined;
	}
}

function normalize(response: unknown): RawResponse {
	const full = response as { statusCode?: number; status?: number; headers?: RawResponse['headers']; body?: unknown };
	const headers: RawResponse['headers'] = {};
	for (const [name, value] of Object.entries(full?.headers ?? {})) headers[name.toLowerCase()] = value;
	return { statusCode: full?.statusCode ?? full?.status ?? 0, headers, body: full?.body };
}
