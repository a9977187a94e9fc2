import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestMethods, IHttpRequestOptions } from 'n8n-workflow';

import { transportSettings } from '../../credentials/clock';
import { normalize, unauthorizedAnswer } from './rawAnswers';
import type { ApiContext } from './context';
import type { ServiceName } from './errors';
import { apiErrorFromResponse, ServiceAnswerError, toNodeError } from './errors';
import type { RateLimitPolicy, RawResponse, RetryBounds } from './rateLimit';
import { DEFAULT_RETRY_BOUNDS, headerValue, sendWithRateLimits } from './rateLimit';
import { redactHeaders, redactKnownSecrets, secretsOf } from '../../credentials/redact';
import type { BaseUrlField } from '../../credentials/requestGuard';
import {
	assertSafeHeaders,
	assertSafePath,
	assertSafeQuery,
	assertUrlUnderBase,
	checkedBaseUrl,
	joinUrl,
	UnsafeRequestError,
} from '../../credentials/requestGuard';

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Redirects followed for one request before it fails. */
const MAX_REDIRECTS = 5;
/** Headers kept when a GET is followed to another host (archive and artifact downloads). */
const HEADERS_KEPT_ACROSS_HOSTS = new Set(['accept', 'user-agent']);
import type { ScopeVerdict } from './scope';
import { ALLOW } from './scope';
import { bodyForScopeCheck } from './scopeBody';
import type { UploadKind } from './transfer';
import {
	DEFAULT_MAX_DOWNLOAD_MB,
	discardBody,
	DownloadLimitError,
	boundedDownload,
	isReadable,
	MB,
	parseAnswer,
	readBody,
	UploadBody,
} from './transfer';

export interface ApiRequest {
	method: IHttpRequestMethods;
	/** A path on the credential's API host, e.g. /repos/o/r. Never a URL. */
	path: string;
	qs?: IDataObject;
	body?: unknown;
	headers?: Record<string, string>;
	/**
	 * Binary answers. 'stream': a successful answer's body is a stream (read it, or store it with
	 * saveDownload) unless the scope filters it; 'arraybuffer': a Buffer. Both are bounded by the
	 * client's download limit; other statuses come parsed as usual.
	 */
	encoding?: 'arraybuffer' | 'stream';
	/** Response codes that are answers rather than failures (e.g. 404 for "not starred"). */
	acceptStatus?: number[];
	/**
	 * 'uploads': the service's upload host derived from the credential's API address (GitHub's
	 * release assets); 'graphql': its GraphQL root (GitHub Enterprise Server serves GraphQL
	 * beside, not under, its REST root). The request is locked to that host as others are to the API.
	 */
	server?: 'uploads' | 'graphql';
	/** Issued by the scope module for requests it checked by their meaning (GitHub GraphQL). */
	scopeProof?: object;
	/**
	 * What a failure of this request means beyond the service's words (a feature the plan, setting
	 * or server lacks); undefined leaves the client's general hint. Kept by every page of a list.
	 */
	failureHint?: (response: ApiResponse) => string | undefined;
}

export interface ApiResponse<T = unknown> {
	statusCode: number;
	headers: Record<string, string | string[] | undefined>;
	body: T;
}

/**
 * The shared part of both services' transports: credential lookup, host lock, n8n's
 * authenticated request helper, rate-limit pacing and error mapping. Services add their
 * base URL, default headers and limit policy.
 */
export abstract class ApiClient {
	private credentialData?: ICredentialDataDecryptedObject;

	/** Largest body one request may download (see "Max Download Size (MB)"). */
	maxDownloadBytes = DEFAULT_MAX_DOWNLOAD_MB * MB;

	/** Sets the download limit (from the node's options) and returns the client. */
	withDownloadLimit(bytes: number): this {
		this.maxDownloadBytes = bytes;
		return this;
	}

	protected constructor(
		protected readonly ctx: ApiContext,
		readonly credentialType: string,
		protected readonly service: ServiceName,
		protected readonly bounds: RetryBounds = DEFAULT_RETRY_BOUNDS,
	) {}

	protected abstract readonly pathPrefix: string;

	/** The credential field holding the base URL, named in errors about it. */
	protected abstract readonly baseUrlField: BaseUrlField;

	protected abstract baseUrlFrom(credentials: ICredentialDataDecryptedObject): string;

	protected abstract policyFor(request: ApiRequest, credentials: ICredentialDataDecryptedObject): RateLimitPolicy;

	protected defaultHeaders(): Record<string, string> {
		return {};
	}

	/** The upload host's root for this credential; services without one leave it undefined. */
	protected uploadBaseUrlFrom(_credentials: ICredentialDataDecryptedObject): string | undefined {
		return undefined;
	}

	/** The GraphQL root for this credential; services without GraphQL leave it undefined. */
	protected graphqlBaseUrlFrom(_credentials: ICredentialDataDecryptedObject): string | undefined {
		return undefined;
	}

	/** Which root a request goes to; a service may know it from the path alone. */
	protected serverFor(request: ApiRequest): ApiRequest['server'] {
		return request.server;
	}

	async credentials(): Promise<ICredentialDataDecryptedObject> {
		this.credentialData ??= await this.ctx.getCredentials(this.credentialType);
		return this.credentialData;
	}

	/** The credential's API root, refused when it carries user info, a query or a fragment. */
	async baseUrl(): Promise<string> {
		return checkedBaseUrl(this.baseUrlFrom(await this.credentials()), this.baseUrlField);
	}

	/** Values that must never appear in an output, error or log line. */
	async secrets(): Promise<string[]> {
		return this.secretsFor(await this.credentials().catch(() => ({})));
	}

	/** The credential's secret values, plus any the service derives from them (issued tokens). */
	protected secretsFor(credentials: ICredentialDataDecryptedObject): string[] {
		return secretsOf(credentials);
	}

	/**
	 * Whether a 401 is left to n8n, which refreshes an expired OAuth2 token and sends the request
	 * again. Other statuses are still answers here (see exchange).
	 */
	protected refreshesOnUnauthorized(_credentials: ICredentialDataDecryptedObject): boolean {
		return false;
	}

	/** A value with the credential's secrets replaced (for content the service sends encoded, e.g. base64 files). */
	async redact<T>(value: T): Promise<T> {
		return redactKnownSecrets(value, await this.secrets());
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
				request.failureHint?.(response) ?? this.hintFor(response),
			);
		}
		return response as ApiResponse<T>;
	}

	async request<T = unknown>(request: ApiRequest): Promise<T> {
		return (await this.send<T>(request)).body;
	}

	/** Sends a request and returns whatever status came back, after rate-limit retries. */
	async sendRaw(request: ApiRequest): Promise<ApiResponse> {
		return await this.exchange(request, true);
	}

	/** A read the scope check itself needs (an object's board); never checked, never a write. */
	protected async lookup<T = IDataObject>(path: string, qs: IDataObject): Promise<T> {
		const response = await this.exchange({ method: 'GET', path, qs }, false);
		if (response.statusCode >= 400) {
			throw apiErrorFromResponse(this.ctx.getNode(), this.service, response, await this.secrets(), this.hintFor(response));
		}
		return response.body as T;
	}

	/**
	 * The credential's scope for this request: refuses it (before anything is sent) or lets it
	 * through, possibly with a filter for the results. Services override this.
	 */
	protected async scopeVerdict(_request: ApiRequest, _credentials: ICredentialDataDecryptedObject): Promise<ScopeVerdict> {
		return ALLOW;
	}

	/**
	 * Every request of both services passes these stages, in this order:
	 *   1. prepare - refuse unsafe paths, headers and queries before anything else is read;
	 *   2. check   - the credential's scope decides (refuse now, or filter the answer later);
	 *   3. address - the URL, locked under the credential's host, with headers and body;
	 *   4. send    - with the credential, paced and retried by the service's rate-limit policy,
	 *                following redirects (without the credential off its host) and decoding the
	 *                answer within the download limit (`settled`);
	 *   5. redact  - the credential's secrets leave no header or body;
	 *   6. shape   - the scope's filter drops results outside it.
	 * Any failure on the way becomes the node's error, with the secrets redacted from it.
	 */
	private async exchange(request: ApiRequest, checkScope: boolean): Promise<ApiResponse> {
		try {
			this.prepare(request);
			const credentials = await this.credentials();
			const verdict = checkScope ? await this.scopeVerdict({ ...request, body: bodyForScopeCheck(request, this.valueBodyKinds, this.service) }, credentials) : ALLOW;
			const { options, upload, base } = this.address(request, credentials);
			const raw = await sendWithRateLimits(
				async () => await this.settled(await this.followRedirects(options, base, upload), request, credentials),
				this.policyFor(request, credentials),
				transportSettings.clock,
				this.bounds,
			);
			return await this.redactedAndShaped(raw, verdict, credentials);
		} catch (error) {
			throw toNodeError(this.ctx.getNode(), this.service, error, await this.secrets());
		}
	}

	/**
	 * Stages 1 and 2 alone: refuses what the credential's scope (and the node's list) would refuse,
	 * sending nothing. For handlers that read their input only once the request is known to be
	 * allowed, so a refusal is said first; the request is checked again when it is sent.
	 */
	async assertAllowed(request: ApiRequest): Promise<void> {
		try {
			this.prepare(request);
			await this.scopeVerdict({ ...request, body: bodyForScopeCheck(request, this.valueBodyKinds, this.service) }, await this.credentials());
		} catch (error) {
			throw toNodeError(this.ctx.getNode(), this.service, error, await this.secrets());
		}
	}

	/** Stage 1: what the request names is checked before the credential is even read. */
	private prepare(request: ApiRequest): void {
		assertSafePath(request.path, this.pathPrefix);
		assertSafeHeaders(request.headers);
		assertSafeQuery(request.qs);
	}

	/** Stage 3: n8n's request options, on the credential's host only. */
	private address(
		request: ApiRequest,
		credentials: ICredentialDataDecryptedObject,
	): { options: IHttpRequestOptions; upload: UploadBody | undefined; base: URL } {
		const base = this.serverBase(request, credentials);
		const url = joinUrl(base, request.path);
		assertUrlUnderBase(url, base, this.pathPrefix);
		let upload = request.body instanceof UploadBody ? request.body : undefined;
		const headers: Record<string, string> = { ...this.defaultHeaders(), ...request.headers };
		if (upload && this.signingReplacesHeaders(credentials)) upload = this.headerlessUpload(upload);
		else if (upload) {
			if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
				headers['Content-Type'] = upload.contentType;
			}
			if (upload.length !== undefined) headers['Content-Length'] = String(upload.length);
		}
		// JSON is asked for as n8n's json option would ask, but read here (see settled).
		if (!request.encoding && !Object.keys(headers).some((name) => name.toLowerCase() === 'accept')) headers.Accept = 'application/json';
		const options: IHttpRequestOptions = {
			method: request.method,
			url,
			qs: request.qs,
			body: upload ? undefined : (request.body as IHttpRequestOptions['body']),
			headers,
			json: false,
			// Every answer arrives as a stream, so the download limit applies while reading, JSON answers included.
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: this.refreshesOnUnauthorized(credentials) ? { ignore: true, except: [401] } : true,
			// Redirects are followed here, where the credential's host is known (see followRedirects).
			disableFollowRedirect: true,
		};
		if (options.body === undefined) delete options.body;
		return { options, upload, base: new URL(base) };
	}

	/**
	 * Stages 5 and 6. Services echo request URLs and headers back; the credential's secrets never
	 * leave here. (Read after sending: a GitHub App's installation token is issued on the way.)
	 */
	private async redactedAndShaped(
		raw: RawResponse,
		verdict: ScopeVerdict,
		credentials: ICredentialDataDecryptedObject,
	): Promise<ApiResponse> {
		const secrets = this.secretsFor(credentials);
		let body = raw.body;
		if (isReadable(body) && verdict.filter) body = parseAnswer(await readBody(body));
		return {
			statusCode: raw.statusCode,
			headers: redactHeaders(raw.headers, secrets),
			body: isReadable(body) ? body : await scoped(verdict, raw.statusCode, redactKnownSecrets(body, secrets)),
		};
	}

	/** Bodies whose values the service applies as it applies a JSON object's (GitHub reads JSON only). */
	protected readonly valueBodyKinds: readonly UploadKind[] = ['json'];


	/**
	 * A streamed answer as the request wants it: a successful download stays a stream, bounded by
	 * the download limit (refused at once when its announced length is over it) and redacted;
	 * anything else is read within the same limit - the bytes of an 'arraybuffer' request, parsed
	 * JSON (or text) otherwise, and for any other status, for rate-limit checks and errors.
	 */
	private async settled(
		response: RawResponse,
		request: ApiRequest,
		credentials: ICredentialDataDecryptedObject,
	): Promise<RawResponse> {
		if (!isReadable(response.body)) return response;
		const secrets = this.secretsFor(credentials);
		const limit = this.maxDownloadBytes;
		const announced = Number(headerValue(response.headers, 'content-length'));
		const success = response.statusCode >= 200 && response.statusCode < 300;
		const kind = success && request.encoding ? 'download' : 'answer';
		if (Number.isFinite(announced) && announced > limit) {
			discardBody(response.body);
			throw new DownloadLimitError(this.service, limit, announced, kind);
		}
		const body = boundedDownload(response.body, limit, secrets, this.service, kind);
		if (success && request.encoding === 'stream') return { ...response, body };
		const bytes = await readBody(body);
		return { ...response, body: success && request.encoding ? bytes : parseAnswer(bytes) };
	}

	/** The root a request is joined to: the credential's API, or exactly its upload host. */
	private serverBase(request: ApiRequest, credentials: ICredentialDataDecryptedObject): string {
		const api = checkedBaseUrl(this.baseUrlFrom(credentials), this.baseUrlField);
		const server = this.serverFor(request);
		if (!server) return api;
		const root = server === 'uploads' ? this.uploadBaseUrlFrom(credentials) : this.graphqlBaseUrlFrom(credentials);
		if (!root) {
			throw new UnsafeRequestError(
				`${this.service} has no ${server === 'uploads' ? 'upload host' : 'GraphQL endpoint'} for the credential's address ${api}`,
				`Set "${this.baseUrlField.displayName}" in the credential to the service's API address.`,
			);
		}
		return checkedBaseUrl(root, this.baseUrlField);
	}

	/**
	 * Follows up to MAX_REDIRECTS redirects. On the credential's origin the request is sent again
	 * with the credential. Another origin never sees the credential: a GET or HEAD is followed
	 * without it (GitHub sends archive, artifact and log downloads to other hosts), anything else
	 * is refused, so neither the credential nor a request body leaves the credential's host.
	 */
	private async followRedirects(first: IHttpRequestOptions, base: URL, firstUpload?: UploadBody): Promise<RawResponse> {
		let options = first;
		let upload = firstUpload;
		let onCredentialHost = true;
		for (let hops = 0; ; hops++) {
			const response = onCredentialHost
				? await this.sendAuthenticated(options, upload)
				: normalize(await this.ctx.helpers.httpRequest({ ...(await withBody(options, upload)), headers: { ...options.headers } }));
			const location = headerValue(response.headers, 'location');
			if (!REDIRECT_STATUSES.has(response.statusCode) || !location) return response;
			discardBody(response.body);
			const refuse = (why: string) =>
				new ServiceAnswerError(
					`${this.service} redirected the request (${response.statusCode}) ${why}; it was not followed`,
					'The credential and the request body stay on the credential’s host. Check the endpoint and the server address in the credential.',
					response,
				);
			if (hops >= MAX_REDIRECTS) throw refuse(`more than ${MAX_REDIRECTS} times`);
			let destination: URL;
			try {
				destination = new URL(location, options.url);
			} catch {
				throw refuse('to an address that is not a URL');
			}
			if (destination.protocol !== 'https:' && destination.protocol !== 'http:') throw refuse(`to a ${destination.protocol} address`);
			const method = options.method ?? 'GET';
			const becomesGet =
				method !== 'HEAD' && (response.statusCode === 303 || (method === 'POST' && response.statusCode <= 302));
			const sameHost: boolean = onCredentialHost && destination.origin === base.origin;
			if (!sameHost && method !== 'GET' && method !== 'HEAD') {
				throw refuse(`from ${method} to another host (${destination.host})`);
			}
			const headers = Object.fromEntries(
				Object.entries(options.headers ?? {}).filter(
					([name]) => sameHost || HEADERS_KEPT_ACROSS_HOSTS.has(name.toLowerCase()),
				),
			) as IHttpRequestOptions['headers'];
			options = { ...options, method: becomesGet ? 'GET' : method, url: destination.href, qs: undefined, headers };
			if (becomesGet) {
				delete options.body;
				upload = undefined;
			}
			onCredentialHost = sameHost;
		}
	}

	/**
	 * Sends with the credential. A 401 meant for n8n's renewal (ignoreHttpStatusErrors with
	 * `except: [401]`, see refreshesOnUnauthorized) comes back as an answer on n8n 1.x, which reads
	 * that option as a plain flag: the request is then sent once more with status errors on, so n8n
	 * renews the token (OAuth2 refresh, GitHub App preAuthentication) and resends it.
	 */
	private async sendAuthenticated(options: IHttpRequestOptions, upload?: UploadBody): Promise<RawResponse> {
		const attempt = async (attemptOptions: IHttpRequestOptions) =>
			normalize(
				await this.ctx.helpers.httpRequestWithAuthentication.call(this.ctx, this.credentialType, {
					...(await withBody(attemptOptions, upload)),
					headers: { ...attemptOptions.headers },
				}),
			);
		try {
			const response = await attempt(options);
			const renewalWanted = typeof options.ignoreHttpStatusErrors === 'object';
			if (response.statusCode !== 401 || !renewalWanted) return response;
			discardBody(response.body);
			return await attempt({ ...options, ignoreHttpStatusErrors: false });
		} catch (error) {
			return normalize(unauthorizedAnswer(error));
		}
	}

	/**
	 * Whether n8n's signing for this credential replaces the request's headers (n8n's OAuth 1.0a
	 * does): a body must then carry its own content type.
	 */
	protected signingReplacesHeaders(_credentials: ICredentialDataDecryptedObject): boolean {
		return false;
	}

	/**
	 * An upload whose content type survives without headers: a multipart form as a form n8n's
	 * HTTP client writes (and streams) itself, form fields as text (n8n signs and types them).
	 */
	private headerlessUpload(upload: UploadBody): UploadBody {
		if (upload.toSelfDescribingForm) return new UploadBody(upload.toSelfDescribingForm, undefined, upload.contentType, upload.fields, upload.kind);
		if (upload.contentType === 'application/x-www-form-urlencoded') return upload;
		throw new UnsafeRequestError(
			`A binary body cannot be sent with this ${this.service} credential: its request signing replaces the Content-Type header`,
			'Send the file in a multipart form ("Body Content Type" → Multipart Form), or use the API key and token credential.',
		);
	}

	/** Extra advice for an error response, e.g. the scope a 403 usually means is missing. */
	protected hintFor(_response: ApiResponse): string | undefined {
		return undefined;
	}
}

/** Results outside the credential's scope are dropped from successful answers (a filter may look objects up). */
async function scoped(verdict: ScopeVerdict, statusCode: number, body: unknown): Promise<unknown> {
	return verdict.filter && statusCode < 400 ? await verdict.filter(body) : body;
}

/** The options with a freshly opened upload body (a stream is read once; each attempt opens its own). */
async function withBody(options: IHttpRequestOptions, upload: UploadBody | undefined): Promise<IHttpRequestOptions> {
	if (!upload) return options;
	return { ...options, body: (await upload.open()) as IHttpRequestOptions['body'] };
}
