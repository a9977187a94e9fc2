import type { INode, JsonObject } from 'n8n-workflow';
import { ExpressionError, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CredentialSetupError, serviceMessage } from '../../credentials/signInErrors';
import type { RawResponse } from './rateLimit';
import { RateLimitExceededError } from './rateLimit';
import { redactDeep, redactText } from '../../credentials/redact';
import { UnsafeRequestError } from '../../credentials/requestGuard';

export type ServiceName = 'GitHub' | 'Trello';

/**
 * A service answer that cannot be used: a redirect that is not followed, endless paging, a body
 * of an unexpected shape. Becomes a NodeApiError carrying the answer's status.
 */
export class ServiceAnswerError extends Error {
	constructor(
		message: string,
		readonly hint: string,
		readonly response?: Pick<RawResponse, 'statusCode'>,
	) {
		super(message);
		this.name = 'ServiceAnswerError';
	}
}

/** An answer without what an operation reads: the service's answer, not the input, is at fault. */
export function answerLacking(service: ServiceName, missing: string, hint: string, response?: Pick<RawResponse, 'statusCode'>): ServiceAnswerError {
	return new ServiceAnswerError(`${service} sent an answer of an unexpected shape: it lacks ${missing}`, hint, response);
}

function credentialSetupErrorIn(error: unknown): CredentialSetupError | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
		if (current instanceof CredentialSetupError || current.name === 'CredentialSetupError') {
			return current as CredentialSetupError;
		}
		current = current.cause;
	}
	return undefined;
}

/** Node errors that stand for a rate limit the client stopped at, with its reset (the service's clock, ms). */
const rateLimitStops = new WeakMap<Error, { resetAt?: number }>();

/**
 * Whether an error is the client stopping at a rate limit (rather than a failed request), and when
 * the limit resets: a poller can end its poll there and go on after the reset.
 */
export function rateLimitStopOf(error: unknown): { resetAt?: number } | undefined {
	return error instanceof Error ? rateLimitStops.get(error) : undefined;
}

/** Errors built here carry only redacted text; anything else is rebuilt before it leaves. */
const sanitizedErrors = new WeakSet<Error>();

function sanitized<E extends Error>(error: E): E {
	sanitizedErrors.add(error);
	return error;
}


export function apiErrorFromResponse(
	node: INode,
	service: ServiceName,
	response: RawResponse,
	secrets: string[],
	hint?: string,
): NodeApiError {
	// Redacted before anything is cut, so a secret straddling a cut cannot leave half of itself.
	const body = redactBody(response.body, secrets);
	const { message, details, documentation } = serviceMessage(body);
	const status = response.statusCode;
	// The message says it all, in order: the service's own words, then what to do. n8n hands a
	// tool's caller (AI Agent, MCP client) the message plus "Details: <description>" unless the
	// message already holds the description, so the description is the message's last part.
	const saidLast = hint ?? details ?? message;
	const text = redactText(
		[`${service} answered ${status}: ${message ?? 'no message'}`, details && `(${details})`, hint && `- ${hint}`]
			.filter(Boolean)
			.join(' '),
		secrets,
	);
	const description = saidLast ? redactText(saidLast, secrets) : undefined;
	const cause = redactDeep(
		{ status, message: message ?? null, documentation: documentation ?? null, body: summarizeBody(body) } as JsonObject,
		secrets,
	);
	return sanitized(
		new NodeApiError(node, cause, {
			message: text,
			description,
			httpCode: String(status),
		}),
	);
}

function redactBody(body: unknown, secrets: string[]): unknown {
	if (Buffer.isBuffer(body)) {
		const text = body.toString('utf8');
		return text.includes('\ufffd') ? body : redactText(text, secrets);
	}
	if (typeof body === 'string') return redactText(body, secrets);
	return redactDeep(body, secrets);
}

function summarizeBody(body: unknown): unknown {
	if (Buffer.isBuffer(body)) return `<${body.length} bytes>`;
	if (typeof body === 'string') return body.slice(0, 2000);
	return body ?? null;
}

/** A rate limit that outlasted the wait allowed: the node's error, remembered as a stop (its reset time with it). */
function rateLimitStop(node: INode, service: ServiceName, error: RateLimitExceededError): NodeApiError {
	const cause = {
		limit: error.limit,
		resetAt: error.resetAt ? new Date(error.resetAt).toISOString() : null,
		waitedMs: error.waitedMs,
	} as JsonObject;
	const stopped = sanitized(
		new NodeApiError(node, cause, {
			message: `${service}: ${error.message}`,
			description: 'Raise "Max Rate-Limit Wait" in the node options to wait longer, or run the workflow after the reset time.',
			httpCode: error.lastResponse ? String(error.lastResponse.statusCode) : '429',
		}),
	);
	rateLimitStops.set(stopped, { resetAt: error.resetAt });
	return stopped;
}

/** Turns anything thrown while talking to a service into n8n's error types, secrets removed. */
export function toNodeError(
	node: INode,
	service: ServiceName,
	error: unknown,
	secrets: string[],
): NodeApiError | NodeOperationError {
	if (error instanceof Error && sanitizedErrors.has(error)) {
		return error as NodeApiError | NodeOperationError;
	}
	const setup = credentialSetupErrorIn(error);
	if (setup) {
		return sanitized(
			new NodeOperationError(node, redactText(setup.message, secrets), { description: redactText(setup.hint, secrets) }),
		);
	}
	if (error instanceof UnsafeRequestError) {
		return sanitized(
			new NodeOperationError(node, redactText(error.message, secrets), { description: error.hint }),
		);
	}
	if (error instanceof RateLimitExceededError) return rateLimitStop(node, service, error);
	if (error instanceof ServiceAnswerError) {
		const status = error.response?.statusCode;
		return sanitized(
			new NodeApiError(node, { message: redactText(error.message, secrets) } as JsonObject, {
				message: redactText(error.message, secrets),
				description: redactText(error.hint, secrets),
				httpCode: status ? String(status) : undefined,
			}),
		);
	}
	if (error instanceof ExpressionError) {
		// An expression in a parameter failed (e.g. $env refused): the input is wrong, not the service.
		const parameter = (error.context as { parameter?: string } | undefined)?.parameter;
		const message = redactText(
			parameter ? `The "${parameter}" parameter could not be resolved: ${error.message}` : error.message,
			secrets,
		);
		return sanitized(
			new NodeOperationError(node, message, {
				description: redactText(error.description ?? 'Fix the expression in the parameter.', secrets),
			}),
		);
	}
	if (error instanceof TypeError || error instanceof RangeError) {
		// Raised while reading an answer (null where an object was due, and so on).
		const message = redactText(`${service} sent an answer of an unexpected shape (${error.message})`, secrets);
		return sanitized(
			new NodeApiError(node, { message } as JsonObject, {
				message,
				description: `The ${service} answer did not have the fields this operation reads. Check the server address in the credential; if it is right, try the API Call node to see the raw answer.`,
			}),
		);
	}
	if (error instanceof NodeOperationError) {
		// Raised by our own validation: keep it (and its item index), only scrub the text.
		error.message = redactText(error.message, secrets);
		if (error.description) error.description = redactText(error.description, secrets);
		return sanitized(error);
	}
	const raw = error instanceof Error ? error.message : String(error);
	const code = (error as { code?: string } | undefined)?.code;
	const message = redactText(`${service} request failed: ${raw}`, secrets);
	return sanitized(
		new NodeApiError(node, { message, code: code ?? null } as JsonObject, {
			message,
			description:
				'Check the credential (is it connected?), the server address in it, and the network between n8n and the service.',
		}),
	);
}
