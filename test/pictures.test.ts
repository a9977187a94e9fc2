import { existsSync, readdirSync, readFileSync } from 'fs';
import { join, relative } from 'path';

import { DIGESTS_FILE, pictureDigests } from '../scripts/pictureDigest';

const ROOT = join(__dirname, '..');
const IMAGES = join(ROOT, 'docs', 'images');

function picturesIn(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? picturesIn(join(dir, entry.name)) : entry.name.endsWith('.png') ? [relative(IMAGES, join(dir, entry.name))] : [],
	);
}

describe('the README pictures are current', () => {
	const current = pictureDigests(ROOT);
	const recorded = (existsSync(join(ROOT, DIGESTS_FILE)) ? JSON.parse(readFileSync(join(ROOT, DIGESTS_FILE), 'utf8')) : {}) as Record<string, string>;

	it('knows what every picture in docs/images shows, and every picture it knows exists', () => {
		expect(picturesIn(IMAGES).sort()).toEqual(Object.keys(current).sort());
	});

	it('every picture was taken from the current nodes, credentials and templates (else retake them: npm run screenshots)', () => {
		const stale = Object.keys(current).filter((picture) => recorded[picture] !== current[picture]);
		expect({ stale, retake: 'npm run screenshots' }).toEqual({ stale: [], retake: 'npm run screenshots' });
	});
});
