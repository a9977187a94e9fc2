/** The rel="next" target of a GitHub Link header, if any. */
export function nextLink(linkHeader: string | undefined): string | undefined {
	if (!linkHeader) return undefined;
	for (const part of linkHeader.split(',')) {
		const match = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
		if (match && match[2].split(/\s+/).includes('next')) return match[1];
	}
	return undefined;
}
