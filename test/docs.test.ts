import { readFileSync } from 'fs';
import { join } from 'path';

import { generatedFiles } from '../scripts/docs';

const root = join(__dirname, '..');

/** The operation tables are generated from the rows; this only checks that the committed ones are current. */
describe('generated operation tables', () => {
	it.each(Object.entries(generatedFiles(root)))('%s is current (run `npm run docs` after changing rows)', (file, content) => {
		expect(readFileSync(join(root, file), 'utf8')).toBe(content);
	});
});
