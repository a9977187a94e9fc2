import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative } from 'path';

const ROOT = join(__dirname, '..');

/** Every Markdown page of the repository (not dependencies or build output). */
function markdownFiles(dir = ROOT): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'dist') return [];
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return markdownFiles(path);
		return entry.name.endsWith('.md') ? [relative(ROOT, path)] : [];
	});
}

/** The text as rendered words go: fenced blocks and code spans hold no links. */
function withoutCode(markdown: string): string {
	return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Targets of inline links and images `[text](target)` and of reference definitions `[name]: target`. */
export function linkTargets(markdown: string): string[] {
	const text = withoutCode(markdown);
	const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
	const references = [...text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1]);
	return [...inline, ...references];
}

/** GitHub's heading anchors: lower case, punctuation and symbols dropped, spaces to hyphens, repeats numbered. */
export function headingSlugs(markdown: string): Set<string> {
	const slugs = new Set<string>();
	const counts = new Map<string, number>();
	const inFence = /^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm;
	for (const match of markdown.replace(inFence, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
		const words = match[1]
			.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
			.replace(/[`*]/g, '')
			.toLowerCase()
			.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
			.replace(/ /g, '-');
		const seen = counts.get(words) ?? 0;
		counts.set(words, seen + 1);
		slugs.add(seen ? `${words}-${seen}` : words);
	}
	for (const match of markdown.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) slugs.add(match[1]);
	return slugs;
}

/** What is wrong with one relative link of a page (undefined when nothing is), read from the files under root. */
export function brokenLink(root: string, page: string, target: string): string | undefined {
	const [path, anchor] = target.split('#', 2) as [string, string | undefined];
	const file = path ? join(dirname(join(root, page)), decodeURI(path)) : join(root, page);
	if (!existsSync(file)) return `${page}: ${target} names no file`;
	if (anchor === undefined) return undefined;
	if (!file.endsWith('.md')) return `${page}: ${target} points into a file that has no headings`;
	if (!headingSlugs(readFileSync(file, 'utf8')).has(anchor)) return `${page}: ${target} names no heading of ${relative(root, file)}`;
	return undefined;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

describe('links between the Markdown pages', () => {
	const pages = markdownFiles();
	const links = pages.flatMap((page) =>
		linkTargets(readFileSync(join(ROOT, page), 'utf8'))
			.filter((target) => !isExternal(target))
			.map((target) => ({ page, target })),
	);

	it('reads the README and the docs pages, and finds their links', () => {
		expect(pages).toEqual(expect.arrayContaining(['README.md', 'SECURITY.md', 'CHANGELOG.md', 'docs/security.md', 'docs/development.md']));
		const readme = links.filter((link) => link.page === 'README.md').map((link) => link.target);
		expect(readme).toEqual(expect.arrayContaining(['docs/images/node-creator.png', 'docs/security.md#scopes-on-the-credential', 'docs/development.md']));
		expect(links.filter((link) => link.target.includes('#')).length).toBeGreaterThan(10);
	});

	it('every relative link names a file that exists, and every #anchor a heading of it', () => {
		const broken = links.map(({ page, target }) => brokenLink(ROOT, page, target)).filter(Boolean);
		expect(broken).toEqual([]);
	});

	it('the README stays a front door: at most 300 lines', () => {
		expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length - 1).toBeLessThanOrEqual(300);
	});
});

describe('the link check itself', () => {
	it('makes anchors as GitHub does', () => {
		const slugs = headingSlugs(
			'# Queue mode: who polls (n8n 2.41.1, read in their source)\n## Why not `n8n-node-dev`\n## Notes\n## Notes\n```\n# not a heading\n```\n',
		);
		expect([...slugs]).toEqual(['queue-mode-who-polls-n8n-2411-read-in-their-source', 'why-not-n8n-node-dev', 'notes', 'notes-1']);
	});

	it('finds links and images outside code, with titles and reference definitions', () => {
		const page = '![a](x.png) [b](y.md#c "title") `[no](z.md)`\n```\n[no](w.md)\n```\n[ref]: v.md\n';
		expect(linkTargets(page)).toEqual(['x.png', 'y.md#c', 'v.md']);
	});

	it('reports a missing file, a missing heading and an anchor into a file without headings', () => {
		expect(brokenLink(ROOT, 'README.md', 'docs/nowhere.md')).toBe('README.md: docs/nowhere.md names no file');
		expect(brokenLink(ROOT, 'README.md', 'docs/security.md#nowhere')).toBe('README.md: docs/security.md#nowhere names no heading of docs/security.md');
		expect(brokenLink(ROOT, 'docs/files.md', '../README.md#quick-start')).toBeUndefined();
		expect(brokenLink(ROOT, 'README.md', '#no-such-heading')).toBe('README.md: #no-such-heading names no heading of README.md');
		expect(brokenLink(ROOT, 'README.md', 'package.json#x')).toBe('README.md: package.json#x points into a file that has no headings');
	});
});
