import { spawn } from 'child_process';
import { createHash } from 'crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, writeFileSync } from 'fs';
import { createServer } from 'http';
import type { IncomingMessage, Server, ServerResponse } from 'http';
import type { AddressInfo } from 'net';
import { join } from 'path';

import type { ExecutionResult, RealN8n } from '../test/e2e/n8n';
import { executionFromOutput } from '../test/e2e/n8n';

/**
 * What the files section needs besides n8n: the files' content, a loopback fake that serves and
 * accepts streamed bodies and hashes every byte, and a run of `n8n execute` whose process tree's
 * peak memory is measured.
 */

export const MIB = 1024 * 1024;

/** 1 MiB of random-looking bytes; each block of the content is a copy stamped with its index, so a block out of place changes the hash. */
const SEED = createHash('sha512').update('bench files').digest();
const BLOCK = Buffer.concat(Array.from({ length: MIB / SEED.length }, (_, i) => createHash('sha512').update(SEED).update(String(i)).digest()));

export function blockAt(index: number): Buffer {
	const block = Buffer.from(BLOCK);
	block.writeUInt32BE(index, 0);
	return block;
}

const hashes = new Map<number, string>();

/** sha256 of the first `bytes` of the content (a whole number of MiB). */
export function contentHash(bytes: number): string {
	let hash = hashes.get(bytes);
	if (!hash) {
		const digest = createHash('sha256');
		for (let i = 0; i < bytes / MIB; i++) digest.update(blockAt(i));
		hash = digest.digest('hex');
		hashes.set(bytes, hash);
	}
	return hash;
}

export async function writeContentFile(path: string, bytes: number): Promise<void> {
	const out = createWriteStream(path);
	for (let i = 0; i < bytes / MIB; i++) {
		if (!out.write(blockAt(i))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
	}
	await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

export async function fileHash(path: string): Promise<{ bytes: number; hash: string }> {
	const { createReadStream } = await import('fs');
	const digest = createHash('sha256');
	let bytes = 0;
	for await (const chunk of createReadStream(path, { highWaterMark: MIB }) as AsyncIterable<Buffer>) {
		bytes += chunk.length;
		digest.update(chunk);
	}
	return { bytes, hash: digest.digest('hex') };
}

/** One body the fake sent or received, timed from its first to its last byte. */
export interface Transfer {
	direction: 'sent' | 'received';
	server: 'api' | 'storage';
	method: string;
	path: string;
	/** Bytes of the body (for multipart: the whole body). */
	bytes: number;
	/** Bytes of the file: the body, or the first part of a multipart body. */
	fileBytes: number;
	hash?: string;
	contentType?: string;
	authorization?: string;
	startedAt: number;
	endedAt: number;
}

/** Streams the first `bytes` of the content, at the pace the reader takes it. */
function serveContent(res: ServerResponse, bytes: number, headers: Record<string, string>, done: (startedAt: number, endedAt: number) => void) {
	res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(bytes), ...headers });
	const startedAt = performance.now();
	res.once('finish', () => done(startedAt, performance.now()));
	let index = 0;
	const pump = () => {
		while (index < bytes / MIB) {
			if (!res.write(blockAt(index++))) return void res.once('drain', pump);
		}
		res.end();
	};
	pump();
}

/** Hashes a body as it arrives: the whole body, or for multipart/form-data the content of its first part (the file). */
export async function receiveBody(req: IncomingMessage): Promise<{ bytes: number; fileBytes: number; hash: string }> {
	const boundary = /boundary="?([^";]+)"?/.exec(req.headers['content-type'] ?? '')?.[1];
	const digest = createHash('sha256');
	let bytes = 0;
	let fileBytes = 0;
	const take = (data: Buffer) => {
		fileBytes += data.length;
		digest.update(data);
	};
	if (!boundary) {
		for await (const chunk of req as AsyncIterable<Buffer>) {
			bytes += chunk.length;
			take(chunk);
		}
		return { bytes, fileBytes, hash: digest.digest('hex') };
	}
	const delimiter = Buffer.from(`\r\n--${boundary}`);
	const overlap = delimiter.length - 1;
	let state: 'head' | 'file' | 'rest' = 'head';
	let pending = Buffer.alloc(0);
	for await (const chunk of req as AsyncIterable<Buffer>) {
		bytes += chunk.length;
		if (state === 'rest') continue;
		if (state === 'head' || chunk.length < overlap) {
			// Small pieces (the part's head, a tiny chunk): joining them costs nothing.
			let data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
			if (state === 'head') {
				const end = data.indexOf('\r\n\r\n');
				if (end === -1) {
					pending = Buffer.from(data);
					continue;
				}
				state = 'file';
				data = data.subarray(end + 4);
			}
			const at = data.indexOf(delimiter);
			if (at !== -1) {
				take(data.subarray(0, at));
				state = 'rest';
				continue;
			}
			const keep = Math.min(data.length, overlap);
			take(data.subarray(0, data.length - keep));
			pending = Buffer.from(data.subarray(data.length - keep));
			continue;
		}
		// The file's chunks are searched where they lie (the fake must not copy every chunk and slow
		// the upload it measures): first the seam with the bytes held back, then the chunk itself.
		const seam = Buffer.concat([pending, chunk.subarray(0, overlap)]);
		const inSeam = seam.indexOf(delimiter);
		if (inSeam !== -1) {
			take(seam.subarray(0, inSeam));
			state = 'rest';
			continue;
		}
		take(pending);
		const at = chunk.indexOf(delimiter);
		if (at !== -1) {
			take(chunk.subarray(0, at));
			state = 'rest';
			continue;
		}
		// The delimiter may straddle chunks: its length − 1 bytes wait for the next one.
		take(chunk.subarray(0, chunk.length - overlap));
		pending = Buffer.from(chunk.subarray(chunk.length - overlap));
	}
	return { bytes, fileBytes, hash: digest.digest('hex') };
}

export const OWNER = 'octo';
export const REPO = 'hello';
export const CARD = '61b2c3d4e5f60718293a4b5c';
/** Sizes travel in ids: artifact, asset and tarball ids are MiB; attachment ids end in the MiB. */
export const attachmentId = (mib: number) => `67a0000000000000000${String(mib).padStart(5, '0')}`;
const mibOfAttachment = (id: string) => Number(id.slice(-5));

/**
 * GitHub (API under /api/v3, uploads under /api/uploads, as on Enterprise Server) and Trello
 * (/1/…) on one loopback server; the storage GitHub redirects downloads to on another (another
 * host), which also serves and accepts plain files for n8n's HTTP Request node and the baseline.
 */
export class FilesFake {
	private api?: Server;
	private storage?: Server;
	apiUrl = '';
	storageUrl = '';
	readonly transfers: Transfer[] = [];
	/** Every request, as "server METHOD path". */
	readonly requests: string[] = [];

	async start(): Promise<void> {
		this.api = await this.listen('api', (req, res, path) => this.routeApi(req, res, path));
		this.storage = await this.listen('storage', (req, res, path) => this.routeStorage(req, res, path));
		this.apiUrl = `http://127.0.0.1:${(this.api.address() as AddressInfo).port}`;
		this.storageUrl = `http://127.0.0.1:${(this.storage.address() as AddressInfo).port}`;
	}

	private async listen(name: 'api' | 'storage', route: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<void> | void): Promise<Server> {
		const server = createServer((req, res) => {
			const path = (req.url ?? '').split('?')[0];
			this.requests.push(`${name} ${req.method} ${path}`);
			void Promise.resolve(route(req, res, path)).catch((error: Error) => {
				if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ message: error.message }));
			});
		});
		// Bodies of 1 GiB take longer than Node's default request timeout on a busy machine.
		server.requestTimeout = 0;
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		return server;
	}

	private send(res: ServerResponse, server: 'api' | 'storage', req: IncomingMessage, path: string, bytes: number, headers: Record<string, string> = {}) {
		req.resume();
		serveContent(res, bytes, headers, (startedAt, endedAt) =>
			this.transfers.push({ direction: 'sent', server, method: req.method ?? '', path, bytes, fileBytes: bytes, hash: contentHash(bytes), startedAt, endedAt }),
		);
	}

	private async receive(req: IncomingMessage, server: 'api' | 'storage', path: string): Promise<Transfer> {
		const startedAt = performance.now();
		const { bytes, fileBytes, hash } = await receiveBody(req);
		const transfer: Transfer = {
			direction: 'received',
			server,
			method: req.method ?? '',
			path,
			bytes,
			fileBytes,
			hash,
			contentType: req.headers['content-type'],
			authorization: req.headers.authorization,
			startedAt,
			endedAt: performance.now(),
		};
		this.transfers.push(transfer);
		return transfer;
	}

	private async routeApi(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
		const json = (body: unknown, status = 200): void => void res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
		const repo = `/api/v3/repos/${OWNER}/${REPO}`;
		let match: RegExpExecArray | null;
		if (req.method === 'GET' && (match = new RegExp(`^${repo}/actions/artifacts/(\\d+)(/zip)?$`).exec(path))) {
			const mib = Number(match[1]);
			if (match[2]) return void res.writeHead(302, { location: `${this.storageUrl}/artifacts/${mib * MIB}?sig=bench` }).end();
			return json({ id: mib, name: `artifact-${mib}mib`, size_in_bytes: mib * MIB, expired: false, workflow_run: { id: 7 } });
		}
		if (req.method === 'GET' && (match = new RegExp(`^${repo}/releases/assets/(\\d+)$`).exec(path))) {
			const mib = Number(match[1]);
			if (String(req.headers.accept).includes('application/octet-stream')) {
				return void res.writeHead(302, { location: `${this.storageUrl}/assets/${mib * MIB}?sig=bench` }).end();
			}
			return json({ id: mib, name: `asset-${mib}mib.bin`, size: mib * MIB, content_type: 'application/octet-stream', state: 'uploaded' });
		}
		if (req.method === 'GET' && (match = new RegExp(`^${repo}/tarball/(\\d+)$`).exec(path))) {
			return void res.writeHead(302, { location: `${this.storageUrl}/tarball/${Number(match[1]) * MIB}` }).end();
		}
		if (req.method === 'POST' && (path === `/api/uploads/repos/${OWNER}/${REPO}/releases/1/assets` || path === '/api/v3/markdown/raw')) {
			const transfer = await this.receive(req, 'api', path);
			return json({ id: 1, size: transfer.fileBytes, state: 'uploaded' }, path.startsWith('/api/uploads') ? 201 : 200);
		}
		if (req.method === 'GET' && (match = new RegExp(`^/1/cards/${CARD}/attachments/([0-9a-f]{24})(/download/[^/]+)?$`).exec(path))) {
			const mib = mibOfAttachment(match[1]);
			if (match[2]) return void this.send(res, 'api', req, path, mib * MIB);
			return json({
				id: match[1],
				name: `attachment-${mib}mib.bin`,
				url: `https://trello.com/1/cards/${CARD}/attachments/${match[1]}/download/attachment-${mib}mib.bin`,
				mimeType: 'application/octet-stream',
				bytes: mib * MIB,
				isUpload: true,
				date: '2026-01-01T00:00:00.000Z',
			});
		}
		if (req.method === 'POST' && path === `/1/cards/${CARD}/attachments`) {
			const transfer = await this.receive(req, 'api', path);
			return json({ id: attachmentId(0), bytes: transfer.fileBytes, isUpload: true });
		}
		req.resume();
		json({ message: `Not Found: ${req.method} ${path}` }, 404);
	}

	private async routeStorage(req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
		const match = /^\/(artifacts|assets|tarball|files)\/(\d+)$/.exec(path);
		if (req.method === 'GET' && match) {
			const name = match[1] === 'tarball' ? 'octo-hello.tar.gz' : `${match[1]}-${match[2]}.bin`;
			return this.send(res, 'storage', req, path, Number(match[2]), { 'content-disposition': `attachment; filename=${name}` });
		}
		if (req.method === 'POST' && path === '/upload') {
			const transfer = await this.receive(req, 'storage', path);
			return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received: transfer.fileBytes }));
		}
		req.resume();
		res.writeHead(404).end();
	}

	async stop(): Promise<void> {
		for (const server of [this.api, this.storage]) {
			if (!server) continue;
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		}
	}
}

/** Written into the n8n process (and any Node process it starts with NODE_OPTIONS): its peak RSS when it exits. */
export const PEAK_RSS_PRELOAD = `
const fs = require('fs');
const dir = process.env.BENCH_PEAK_RSS_DIR;
if (dir) process.on('exit', () => {
	try {
		const kb = /VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'));
		if (kb) fs.writeFileSync(dir + '/' + process.pid, kb[1]);
	} catch {}
});
`;

function statusKb(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
	try {
		const found = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return found ? Number(found[1]) : undefined;
	} catch {
		return undefined;
	}
}

/** The process and its descendants. */
function processTree(root: number): number[] {
	const tree: number[] = [];
	const visit = (pid: number) => {
		tree.push(pid);
		let children: number[] = [];
		try {
			children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
		} catch {
			// gone
		}
		children.forEach(visit);
	};
	visit(root);
	return tree;
}

/**
 * n8n's own processes in its tree: the root and its task runner. Short helpers it starts (the
 * shell and pyenv running `python3 --version` to decide on a Python runner) live for a moment at
 * start-up and are left out.
 */
function processRole(pid: number, root: number): string | undefined {
	if (pid === root) return 'n8n';
	try {
		const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
		return command.includes('task-runner') ? 'task runner' : undefined;
	} catch {
		return undefined;
	}
}

export interface MeasuredRun {
	result?: ExecutionResult;
	output: string;
	/** Sum over n8n's processes of each one's peak RSS (VmHWM), bytes. */
	peakBytes: number;
	/** Each process's peak RSS, bytes, by role. */
	peaks: Array<{ role: string; bytes: number }>;
	/** Highest sum of their RSS seen by sampling every 50 ms, bytes (a lower bound of the peak). */
	sampledPeakBytes: number;
	wallMs: number;
	/** The process printed its run but did not exit within EXIT_GRACE_MS and was killed. */
	killedAfterResult?: boolean;
}

/**
 * How long a process that has finished its work may take to exit. On this machine a Node 24
 * process now and then never finishes exiting (its main thread left waiting on a lock after the
 * work was done and the answer in): the bench kills it then instead of waiting for ever.
 */
const EXIT_GRACE_MS = 20_000;

/**
 * `n8n execute --id=<workflow>` as RealN8n.execute runs it, with its process tree watched: every
 * 50 ms each process's VmHWM (its own peak RSS, which only grows) and the tree's current RSS are
 * read; each process also reports its VmHWM as it exits (PEAK_RSS_PRELOAD), which catches a peak
 * in its last moments.
 */
export async function executeMeasured(n8n: RealN8n, workflowId: string, peakDir: string, timeoutMs = 900_000): Promise<MeasuredRun> {
	const nodeBin = process.env.N8N_NODE_BIN!;
	const n8nBin = join(process.env.N8N_HOST_DIR!, 'node_modules', 'n8n', 'bin', 'n8n');
	for (const file of readdirSync(peakDir)) writeFileSync(join(peakDir, file), '0');
	const started = performance.now();
	const child = spawn(nodeBin, [n8nBin, 'execute', `--id=${workflowId}`, '--rawOutput'], {
		env: { ...n8n.env, BENCH_PEAK_RSS_DIR: peakDir },
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	let output = '';
	child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
	child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	let running = true;
	void exited.then(() => (running = false));
	const peaks = new Map<number, number>();
	const roles = new Map<number, string>();
	let sampledPeakKb = 0;
	const deadline = Date.now() + timeoutMs;
	let resultAt: number | undefined;
	let killedAfterResult = false;
	try {
		while (running && Date.now() < deadline) {
			if (resultAt === undefined && output.includes('"resultData"') && executionFromOutput(output)) resultAt = Date.now();
			if (resultAt !== undefined && Date.now() - resultAt > EXIT_GRACE_MS) {
				killedAfterResult = true;
				break;
			}
			let rss = 0;
			for (const pid of processTree(child.pid!)) {
				if (!roles.has(pid)) {
					const role = processRole(pid, child.pid!);
					if (!role) continue;
					roles.set(pid, role);
				}
				const hwm = statusKb(pid, 'VmHWM');
				if (hwm !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, hwm));
				rss += statusKb(pid, 'VmRSS') ?? 0;
			}
			sampledPeakKb = Math.max(sampledPeakKb, rss);
			await new Promise((resolve) => setTimeout(resolve, 50));
		}
		if (running && !killedAfterResult) throw new Error(`n8n execute --id=${workflowId} did not finish in ${timeoutMs / 1000} s:\n${output.slice(-3000)}`);
	} finally {
		if (running) {
			try {
				process.kill(-child.pid!, 'SIGKILL');
			} catch {
				// already gone
			}
		}
	}
	await exited;
	const wallMs = performance.now() - started;
	for (const file of readdirSync(peakDir)) {
		const pid = Number(file);
		const kb = Number(readFileSync(join(peakDir, file), 'utf8'));
		if (peaks.has(pid) && Number.isFinite(kb)) peaks.set(pid, Math.max(peaks.get(pid)!, kb));
	}
	const peakBytes = [...peaks.values()].reduce((sum, kb) => sum + kb, 0) * 1024;
	const byRole = [...peaks.entries()].map(([pid, kb]) => ({ role: roles.get(pid) ?? 'n8n', bytes: kb * 1024 }));
	return { result: executionFromOutput(output), output, peakBytes, peaks: byRole, sampledPeakBytes: sampledPeakKb * 1024, wallMs, killedAfterResult };
}

/**
 * A multipart/form-data upload with nothing in between: the part's head, the file piped, the closing
 * delimiter. The fake then searches the same body for the same delimiter as in a node's multipart upload.
 */
const MULTIPART_UPLOAD_SCRIPT =
	`const http=require('http'),fs=require('fs');const done=(c)=>process.stdout.write('done '+c+'\\n',()=>process.exit(c));const size=fs.statSync(process.argv[2]).size;` +
	`const b='plainStreamBoundary0123456789';const head=Buffer.from('--'+b+'\\r\\nContent-Disposition: form-data; name="file"; filename="file.bin"\\r\\nContent-Type: application/octet-stream\\r\\n\\r\\n');const tail=Buffer.from('\\r\\n--'+b+'--\\r\\n');` +
	`const req=http.request(process.argv[1],{method:'POST',headers:{'content-type':'multipart/form-data; boundary='+b,'content-length':head.length+size+tail.length}},(res)=>{res.resume();res.on('end',()=>done(res.statusCode===200?0:1))});` +
	`req.write(head);const file=fs.createReadStream(process.argv[2]);file.pipe(req,{end:false});file.on('end',()=>req.end(tail));`;

/**
 * The plain loopback stream the cases are compared with: a separate Node process (n8n's Node)
 * that downloads a URL into a file, or uploads a file, with nothing in between.
 */
export async function plainStream(direction: 'download' | 'upload' | 'multipart', url: string, file: string): Promise<void> {
	const script =
		direction === 'multipart'
			? MULTIPART_UPLOAD_SCRIPT
			: direction === 'download'
			? `const http=require('http'),fs=require('fs'),{pipeline}=require('stream/promises');const done=(c)=>process.stdout.write('done '+c+'\\n',()=>process.exit(c));http.get(process.argv[1],(res)=>pipeline(res,fs.createWriteStream(process.argv[2])).then(()=>done(0),(e)=>{console.error(e);done(1)}));`
			: `const http=require('http'),fs=require('fs');const done=(c)=>process.stdout.write('done '+c+'\\n',()=>process.exit(c));const size=fs.statSync(process.argv[2]).size;const req=http.request(process.argv[1],{method:'POST',headers:{'content-type':'application/octet-stream','content-length':size}},(res)=>{res.resume();res.on('end',()=>done(res.statusCode===200?0:1))});fs.createReadStream(process.argv[2]).pipe(req);`;
	const child = spawn(process.env.N8N_NODE_BIN ?? process.execPath, ['-e', script, url, file], { stdio: ['ignore', 'pipe', 'pipe'] });
	let stderr = '';
	let stdout = '';
	child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
	// The transfer is over when the child says so; a child that then does not exit is killed (EXIT_GRACE_MS).
	let grace: NodeJS.Timeout | undefined;
	let reported: number | undefined;
	child.stdout.on('data', (d: Buffer) => {
		stdout += d.toString();
		const said = /done (\d+)/.exec(stdout);
		if (said && reported === undefined) {
			reported = Number(said[1]);
			grace = setTimeout(() => child.kill('SIGKILL'), EXIT_GRACE_MS);
		}
	});
	const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve));
	clearTimeout(grace);
	const code = reported ?? exitCode;
	if (code !== 0) throw new Error(`plain ${direction} failed (${String(code)}): ${stderr}`);
}

/** The stored file behind a binary data id of n8n's filesystem mode, if it is where the id says. */
export function storedFile(storagePath: string, binaryId: string): string | undefined {
	const relative = binaryId.replace(/^[a-z0-9-]+:/i, '');
	const candidate = join(storagePath, relative);
	return existsSync(candidate) ? candidate : undefined;
}
