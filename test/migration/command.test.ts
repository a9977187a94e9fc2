import { execFile } from 'child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { createServer, type Server } from 'http';
import type { AddressInfo } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';

const ROOT = join(__dirname, '..', '..');
const COMMAND = join(ROOT, 'bin', 'n8n-nodes-github-trello.cjs');

function runCommand(args: string[], env: Record<string, string> = {}): Promise<{ code: number; out: string }> {
	return new Promise((resolve) => {
		execFile(process.execPath, [COMMAND, ...args], { env: { ...process.env, ...env } }, (error, stdout, stderr) =>
			resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
		);
	});
}

const githubNode = {
	id: 'g',
	name: 'GitHub',
	type: 'n8n-nodes-base.github',
	typeVersion: 1,
	position: [0, 0],
	parameters: { resource: 'issue', operation: 'get', owner: 'octo', repository: 'hello', issueNumber: 1 },
};
const flow = { name: 'Flow', nodes: [githubNode], connections: {} };

describe('npx n8n-nodes-github-trello migrate', () => {
	let dir: string;
	beforeAll(() => {
		if (!existsSync(join(ROOT, 'dist', 'migrate', 'index.js'))) throw new Error('dist/migrate is missing: run npm run build first');
	});
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'migrate-'));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('writes a converted copy beside each workflow of a folder, never over an existing file, and reports bad files', async () => {
		writeFileSync(join(dir, 'flow.json'), JSON.stringify(flow));
		writeFileSync(join(dir, 'many.json'), JSON.stringify([flow, { ...flow, name: 'Second' }]));
		writeFileSync(join(dir, 'broken.json'), '{"nodes": [');
		writeFileSync(join(dir, 'other.json'), JSON.stringify({ hello: 'world' }));
		const first = await runCommand(['migrate', dir]);
		expect(first.code).toBe(1);
		expect(first.out).toContain(`${join(dir, 'broken.json')}\n  ! not JSON`);
		expect(first.out).toContain('! not a workflow: it has no "nodes" list');
		expect(first.out).toContain('✓ GitHub: n8n-nodes-base.github v1 → n8n-nodes-github-trello.gitHub v1');
		const copy = JSON.parse(readFileSync(join(dir, 'flow.toolkit.json'), 'utf8'));
		expect(copy.nodes[0]).toMatchObject({ name: 'GitHub', type: 'n8n-nodes-github-trello.gitHub', parameters: { resource: 'issue', operation: 'get' } });
		expect(JSON.parse(readFileSync(join(dir, 'many.toolkit.json'), 'utf8')).map((w: { name: string }) => w.name)).toEqual(['Flow', 'Second']);
		expect(existsSync(join(dir, 'broken.toolkit.json'))).toBe(false);
		expect(JSON.parse(readFileSync(join(dir, 'flow.json'), 'utf8'))).toEqual(flow);

		writeFileSync(join(dir, 'flow.toolkit.json'), 'mine');
		const again = await runCommand(['migrate', join(dir, 'flow.json')]);
		expect(again.code).toBe(1);
		expect(again.out).toContain('not written:');
		expect(readFileSync(join(dir, 'flow.toolkit.json'), 'utf8')).toBe('mine');
	});

	it('refuses a file over the size bound without reading it', async () => {
		writeFileSync(join(dir, 'big.json'), JSON.stringify({ ...flow, padding: 'x'.repeat(5000) }));
		const result = await runCommand(['migrate', join(dir, 'big.json')], { N8N_MIGRATE_MAX_BYTES: '4096' });
		expect(result.code).toBe(1);
		expect(result.out).toContain('larger than 4096 bytes: not read');
		expect(existsSync(join(dir, 'big.toolkit.json'))).toBe(false);
	});

	it('bad arguments print the usage', async () => {
		const result = await runCommand(['migrate', '--n8n-url', 'http://127.0.0.1:1']);
		expect(result.code).toBe(2);
		expect(result.out).toContain('--n8n-url needs --api-key');
	});

	describe('--n8n-url: through n8n’s public API', () => {
		let server: Server;
		let url: string;
		const seen: Array<{ method: string; path: string; key?: string; body?: Record<string, unknown> }> = [];
		const KEY = 'n8n_api_secret_key_0123456789';
		beforeAll(async () => {
			server = createServer((req, res) => {
				let text = '';
				req.on('data', (chunk) => (text += chunk));
				req.on('end', (): void => {
					seen.push({ method: req.method!, path: req.url!, key: req.headers['x-n8n-api-key'] as string, body: text ? JSON.parse(text) : undefined });
					if (req.headers['x-n8n-api-key'] !== KEY) res.writeHead(401).end(`{"message":"bad key ${String(req.headers['x-n8n-api-key'])}"}`);
					else if (req.method === 'GET' && req.url!.startsWith('/api/v1/workflows?limit=100') && !req.url!.includes('cursor')) {
						res.end(JSON.stringify({ data: [{ id: '1', active: true, ...flow }, { id: '2', name: 'Plain', nodes: [{ name: 'X', type: 'n8n-nodes-base.noOp' }], connections: {} }], nextCursor: 'page2' }));
					} else if (req.method === 'GET') {
						res.end(JSON.stringify({ data: [{ id: '3', name: 'Flow (Toolkit)', nodes: [], connections: {} }, { id: '4', ...flow, name: 'Second' }], nextCursor: null }));
					} else if (req.method === 'POST') res.end(JSON.stringify({ id: '99' }));
					else res.writeHead(405).end('{}');
				});
			});
			await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
			url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		});
		afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

		it('creates inactive copies named “… (Toolkit)”, skips existing names, never changes an original', async () => {
			seen.length = 0;
			const result = await runCommand(['migrate', '--n8n-url', url, '--api-key', KEY]);
			expect(result.code).toBe(0);
			expect(result.out).toContain('not created: a workflow named "Flow (Toolkit)" exists');
			expect(result.out).toContain('created "Second (Toolkit)" (id 99, inactive)');
			expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/workflows?limit=100', 'GET /api/v1/workflows?limit=100&cursor=page2', 'POST /api/v1/workflows']);
			const created = seen[2].body!;
			expect(Object.keys(created).sort()).toEqual(['connections', 'name', 'nodes', 'settings']);
			expect(created.name).toBe('Second (Toolkit)');
			expect((created.nodes as Array<{ type: string }>)[0].type).toBe('n8n-nodes-github-trello.gitHub');
		});

		it('a refused key: the error is shown without the key', async () => {
			const result = await runCommand(['migrate', '--n8n-url', url, '--api-key', `${KEY}-wrong`]);
			expect(result.code).toBe(1);
			expect(result.out).toContain('n8n answered GET /api/v1/workflows?limit=100 with 401');
			expect(result.out).not.toContain(KEY);
		});
	});
});
