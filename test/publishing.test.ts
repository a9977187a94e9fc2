import { execFileSync } from 'child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join, relative } from 'path';
import { parseDocument } from 'yaml';

const ROOT = join(__dirname, '..');
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	author: { name: string; email: string; url?: string };
	repository: { url: string };
	homepage: string;
	bugs: { url: string };
	files: string[];
	bin: Record<string, string>;
	main: string;
	n8n: { nodes: string[]; credentials: string[] };
};

interface Step {
	uses?: string;
	run?: string;
	with?: Record<string, unknown>;
	env?: Record<string, unknown>;
}
interface WorkflowFile {
	on: Record<string, unknown>;
	permissions?: Record<string, string>;
	jobs: Record<string, { 'runs-on': string; permissions?: Record<string, string>; steps: Step[] }>;
}

function workflow(name: string): { text: string; parsed: WorkflowFile } {
	const text = readFileSync(join(ROOT, '.github', 'workflows', name), 'utf8');
	const document = parseDocument(text, { strict: true, uniqueKeys: true });
	expect(document.errors).toEqual([]);
	expect(document.warnings).toEqual([]);
	return { text, parsed: document.toJS() as WorkflowFile };
}

const onlyJob = (file: WorkflowFile) => {
	const jobs = Object.values(file.jobs);
	expect(jobs).toHaveLength(1);
	return jobs[0];
};
const runs = (steps: Step[]) => steps.filter((step) => step.run).map((step) => String(step.run).trim());
const setupNode = (steps: Step[]) => steps.find((step) => step.uses?.startsWith('actions/setup-node@'));

/** Lowest version a `^x.y.z`, `>=x.y.z` or exact spec allows. */
function lowestVersion(spec: string): number[] {
	const match = /^(?:\^|>=|~)?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(spec);
	if (!match) throw new Error(`not a simple version spec: ${spec}`);
	return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}
const atLeast = (version: number[], minimum: number[]) => {
	for (let i = 0; i < 3; i++) if (version[i] !== minimum[i]) return version[i] > minimum[i];
	return true;
};

/** Files npm would pack in `dir`, as `npm pack --dry-run --json` lists them. */
function packedFiles(dir: string): string[] {
	const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
	const output = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: dir, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
	const [result] = JSON.parse(output) as Array<{ files: Array<{ path: string }> }>;
	return result.files.map((file) => file.path).sort();
}

function walk(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
	);
}

describe('CI workflow (.github/workflows/ci.yml)', () => {
	const { parsed } = workflow('ci.yml');

	it('runs npm test, the end-to-end suite on n8n 1.x and the queue-mode suite after npm ci on Node 20, on pushes and pull requests, as .ci/run does', () => {
		expect(Object.keys(parsed.on).sort()).toEqual(['pull_request', 'push']);
		const job = onlyJob(parsed);
		expect(job.steps[0].uses).toMatch(/^actions\/checkout@v\d+$/);
		expect(setupNode(job.steps)?.with?.['node-version']).toBe(20);
		expect(runs(job.steps)).toEqual(['npm ci', 'npm test', 'npm run test:e2e:n8n1', 'npm run test:queue']);
		// The local CI script runs the same suites: npm test first, then the other two (side by side there).
		const local = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
			.split('\n')
			.filter((line) => !line.trim().startsWith('#'))
			.flatMap((line) => line.match(/npm (test|run test:[\w:]+)/g) ?? []);
		expect(local[0]).toBe('npm test');
		expect([...local].sort()).toEqual(['npm run test:e2e:n8n1', 'npm run test:queue', 'npm test']);
		expect(parsed.permissions).toEqual({ contents: 'read' });
		expect((parsed as unknown as { concurrency: unknown }).concurrency).toEqual({ group: 'ci-${{ github.ref }}', 'cancel-in-progress': true });
	});
});

describe('Publish workflow (.github/workflows/publish.yml)', () => {
	const { text, parsed } = workflow('publish.yml');
	const job = onlyJob(parsed);
	const commands = runs(job.steps);

	it('runs for version tags only, with an OIDC token and read-only contents', () => {
		expect(parsed.on).toEqual({ push: { tags: ['v*'] } });
		expect(parsed.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		expect(job.permissions).toBeUndefined();
	});

	it('publishes with provenance through trusted publishing: no token anywhere, Node and npm versions that support it', () => {
		expect(commands.at(-1)).toBe('npm publish --provenance --access public');
		expect(commands.filter((command) => command.includes('npm publish'))).toHaveLength(1);
		expect(text).not.toMatch(/NODE_AUTH_TOKEN|NPM_TOKEN|secrets\./);
		const node = setupNode(job.steps)!;
		expect(node.with?.['registry-url']).toBe('https://registry.npmjs.org');
		// npm's trusted publishing needs Node 22.14+ and npm 11.5.1+.
		expect(atLeast(lowestVersion(String(node.with?.['node-version'])), [22, 14, 0])).toBe(true);
		const npmInstall = commands.find((command) => command.startsWith('npm install --global npm@'));
		expect(npmInstall).toBeDefined();
		expect(atLeast(lowestVersion(npmInstall!.replace('npm install --global npm@', '')), [11, 5, 1])).toBe(true);
		expect(commands.indexOf(npmInstall!)).toBeLessThan(commands.indexOf('npm publish --provenance --access public'));
	});

	it('checks the tag against package.json, then installs, lints, builds and tests before publishing', () => {
		const tagCheck = commands.findIndex((command) => command.includes('$GITHUB_REF_NAME') && command.includes('package.json'));
		expect(tagCheck).toBeGreaterThanOrEqual(0);
		const rest = commands.slice(tagCheck + 1);
		expect(rest).toEqual(['npm ci', 'npm run lint', 'npm run build', 'npm run test:unit', 'npm publish --provenance --access public']);
	});

	it('packs what npm pack packs here: the compiled nodes and credentials with their icons, package.json, README and LICENSE', () => {
		// A clean copy of the sources (what actions/checkout gives the job), built by the job's own build step.
		const sources = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
			.split('\n')
			.filter(Boolean);
		const checkout = mkdtempSync(join(tmpdir(), 'publish-job-'));
		try {
			for (const file of sources) {
				try {
					cpSync(join(ROOT, file), join(checkout, file));
				} catch {
					// deleted in the working tree but still in the index
				}
			}
			symlinkSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'));
			// Left over from an earlier build of a since-renamed source: the build must not ship it.
			mkdirSync(join(checkout, 'dist', 'nodes', 'Renamed'), { recursive: true });
			writeFileSync(join(checkout, 'dist', 'nodes', 'Renamed', 'Old.node.js'), 'module.exports = {};');
			const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
			for (const command of commands.filter((c) => c === 'npm run build')) {
				execFileSync('bash', ['-c', command], { cwd: checkout, env, stdio: 'ignore' });
			}
			const packed = packedFiles(checkout);

			const compiled = sources
				.filter((file) => /^(nodes|credentials|migrate)\/.*\.ts$/.test(file) && !file.endsWith('.d.ts'))
				.flatMap((file) => [`dist/${file.replace(/\.ts$/, '.js')}`, `dist/${file.replace(/\.ts$/, '.js.map')}`]);
			const icons = sources.filter((file) => /^(nodes|credentials)\/.*\.(svg|png)$/.test(file)).map((file) => `dist/${file}`);
			// n8n's lazy loader reads these four instead of requiring every node at start.
			const lazyMetadata = ['known/nodes.json', 'known/credentials.json', 'types/nodes.json', 'types/credentials.json'].map((file) => `dist/${file}`);
			// The converter's command line (bin/) is packed as it is: n8n never loads it.
			const expected = [...compiled, ...icons, ...lazyMetadata, 'LICENSE', 'README.md', packageJson.main, 'package.json', packageJson.bin['n8n-nodes-github-trello']].sort();
			expect(packed).toEqual(expected);
			// Everything the n8n field points n8n at is in the package.
			for (const entry of [...packageJson.n8n.nodes, ...packageJson.n8n.credentials]) expect(packed).toContain(entry);
			// The build wrote nothing outside dist/ that npm would pick up.
			const built = walk(join(checkout, 'dist')).map((file) => relative(checkout, file));
			expect(built.filter((file) => !file.endsWith('.tsbuildinfo')).sort()).toEqual([...compiled, ...icons, ...lazyMetadata].sort());
		} finally {
			rmSync(checkout, { recursive: true, force: true });
		}
	}, 300_000);
});

describe('package.json metadata', () => {
	it('points at the repository and names an author with an email (n8n’s valid-author rule)', () => {
		const repository = 'github.com/n8n-nodes-github-trello/n8n-nodes-github-trello';
		expect(packageJson.repository.url).toBe(`git+https://${repository}.git`);
		expect(packageJson.homepage).toBe(`https://${repository}#readme`);
		expect(packageJson.bugs.url).toBe(`https://${repository}/issues`);
		expect(packageJson.author.name.trim()).not.toBe('');
		expect(packageJson.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
		// dist/ without tsc's incremental build record, and the converter's command line.
		expect(packageJson.files).toEqual(['dist', 'bin', '!dist/**/*.tsbuildinfo']);
	});

	it('CHANGELOG.md keeps an Unreleased section in Keep a Changelog form', () => {
		const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
		expect(changelog).toMatch(/^# Changelog\n/);
		expect(changelog).toContain('[Keep a Changelog](https://keepachangelog.com/');
		expect(changelog).toMatch(/\n## \[Unreleased\]\n\n### Added\n\n- /);
		expect(changelog).toContain('[Unreleased]: https://github.com/n8n-nodes-github-trello/n8n-nodes-github-trello/');
	});
});

describe('what n8n loads from package.json', () => {
	// n8n's loader takes the class named like the file (GithubApiCall.node.js → GithubApiCall); any other name fails the whole package.
	const entries = [...packageJson.n8n.nodes, ...packageJson.n8n.credentials];

	it.each(entries)('%s exports only a class named after its file', (entry) => {
		const source = join(ROOT, entry.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
		const className = source.split('/').pop()!.replace(/\.(node|credentials)\.ts$/, '');
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const exported = require(source) as Record<string, unknown>;
		expect(typeof exported[className]).toBe('function');
		// Anything else exported beside it is what tools that take a file's export (the quick-start check, n8n's dev loader) may pick up instead.
		expect(Object.keys(exported)).toEqual([className]);
	});
});
