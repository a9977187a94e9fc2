/**
 * Percent-decoding of text a service or a user wrote (path segments, repository addresses in
 * answers, Content-Disposition file names): a broken % escape gives undefined, for the caller to
 * judge, instead of a raw "URI malformed" error.
 */
export function percentDecoded(text: string): string | undefined {
	try {
		return decodeURIComponent(text);
	} catch {
		return undefined;
	}
}
