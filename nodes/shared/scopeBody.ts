import type { ServiceName } from './errors';
import { pathOnly, UnreadableBody } from './scope';
import type { UploadKind } from './transfer';
import { isReadable, UploadBody } from './transfer';

const UNREADABLE_UPLOADS: Record<UploadKind, string> = {
	json: 'JSON with a file in it',
	form: 'a URL-encoded form',
	multipart: 'a multipart form',
	binary: 'a binary file',
};

const BODY_CONTENT_TYPE_NAMES: Record<UploadKind, string> = {
	json: 'a JSON object',
	form: 'Form URL-Encoded fields',
	multipart: 'Multipart Form fields',
	binary: 'a Binary File',
};

/**
 * The body as the scope checks read it: a JSON object, or the fields of a form the service reads
 * as values (`valueBodyKinds`); anything else (a file, raw text, a list) as an UnreadableBody.
 */
export function bodyForScopeCheck(
	request: { method: string; path: string; body?: unknown },
	valueBodyKinds: readonly UploadKind[],
	service: ServiceName,
): unknown {
	const { body } = request;
	if (body === undefined || body === null) return body;
	let what: string;
	if (body instanceof UploadBody) {
		if (valueBodyKinds.includes(body.kind)) return body.fields;
		what = UNREADABLE_UPLOADS[body.kind];
	} else if (typeof body === 'string') what = 'raw text';
	else if (Array.isArray(body)) what = 'a JSON list';
	else if (typeof body !== 'object' || Buffer.isBuffer(body) || isReadable(body)) what = 'a binary body';
	else return body;
	const readable = valueBodyKinds.map((kind) => BODY_CONTENT_TYPE_NAMES[kind]).join(' or ');
	return new UnreadableBody(
		what,
		`${request.method.toUpperCase()} ${pathOnly(request.path)}`,
		`Send the values as ${readable} (the API Call's "Body Content Type"; a JSON body must be an object), so the check reads what ${service} will apply.`,
	);
}
