import { readdirSync, readFileSync, statSync } from 'fs';
import { join, relative } from 'path';

import { percentDecoded } from '../../nodes/shared/percentDecoding';
import { fileNameFromDisposition } from '../../nodes/shared/transfer';

/** One percent-decoding for text services and users write: a broken % escape is judged, never a raw "URI malformed". */

describe('percent-decoding', () => {
	it.each([
		['report%20one.pdf', 'report one.pdf'],
		['%E2%9C%93', '✓'],
		['plain', 'plain'],
	])('decodes %j', (text, decoded) => {
		expect(percentDecoded(text)).toBe(decoded);
	});

	it.each(['%', '%E0%A4%A', '100%', '%zz'])('gives undefined for the broken escape %j', (text) => {
		expect(percentDecoded(text)).toBeUndefined();
	});

	it.each([
		['a broken filename* with a plain filename beside it', `attachment; filename*=UTF-8''report%E0%A4.pdf; filename="report.pdf"`, 'report.pdf'],
		['a broken filename* alone', `attachment; filename*=UTF-8''100%.pdf`, undefined],
		['a good filename*', `attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"`, 'résumé.pdf'],
	])('Content-Disposition: %s', (_name, header, fileName) => {
		expect(fileNameFromDisposition(header)).toBe(fileName);
		expect(fileNameFromDisposition([header])).toBe(fileName);
	});

	it('no other code under nodes/ calls decodeURIComponent', () => {
		const root = join(__dirname, '..', '..');
		const files = (dir: string): string[] =>
			readdirSync(dir).flatMap((name) => {
				const path = join(dir, name);
				return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
			});
		const callers = files(join(root, 'nodes'))
			.filter((file) => readFileSync(file, 'utf8').includes('decodeURIComponent('))
			.map((file) => relative(root, file));
		expect(callers).toEqual([join('nodes', 'shared', 'percentDecoding.ts')]);
	});
});
