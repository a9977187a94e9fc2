import { execFile, spawn } from 'child_process';
import type { ChildProcess } from 'child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { createServer } from 'net';
import { tmpdir } from 'os';
import { join } from 'path';
import { promisify } from 'util';

import { LIMIT_MS } from '../setup/longRegexEngine';

const run = promisify(execFile);

/**
 * Paths prepared by scripts/e2e.sh: n8n in a cache folder (2.x under Node 24, or 1.x under Node 22
 * with N8N_HOST_VERSION=1), the Node that runs it, and the packed package.
 */
function environment() {
	const hostDir = process.env.N8N_HOST_DIR;
	const nodeBin = process.env.N8N_NODE_BIN;
	const tarball = process.env.PACKAGE_TARBALL;
	if (!hostDir || !nodeBin || !tarball) {
		throw new Error('Run end-to-end tests through scripts/e2e.sh (npm run test:e2e), which prepares n8n and the package tarball.');
	}
	return { hostDir, nodeBin, tarball, n8nBin: join(hostDir, 'node_modules', 'n8n', 'bin', 'n8n') };
}

/** The major version of the n8n the tests run against, read from the install itself. */
export function n8nMajorVersion(): number {
	const { hostDir } = environment();
	const manifest = JSON.parse(readFileSync(join(hostDir, 'node_modules', 'n8n', 'package.json'), 'utf8')) as { version: string };
	return Number(manifest.version.split('.')[0]);
}

/** The environment without npm's exported settings, as a user's shell has it (not `npm test`'s). */
export function cleanNpmEnv(): NodeJS.ProcessEnv {
	return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_config_/i.test(name)));
}

/** Ports handed out by freePort, one file each holding the pid of the test process that took it. */
export const PORT_CLAIMS = join(tmpdir(), 'n8n-nodes-github-trello-e2e-ports');

/**
 * Claims `port` for this process: n8n binds a port seconds after it is chosen, so a port that is
 * free now may be chosen again meanwhile, by this process or another jest worker. A claim of a
 * process that has ended is taken over.
 */
export function claimPort(port: number): boolean {
	mkdirSync(PORT_CLAIMS, { recursive: true });
	const claim = join(PORT_CLAIMS, String(port));
	for (let attempt = 0; attempt < 2; attempt++) {
		try {
			writeFileSync(claim, String(process.pid), { flag: 'wx' });
			return true;
		} catch {
			let owner: string;
			try {
				owner = readFileSync(claim, 'utf8');
			} catch {
				continue; // given up by its owner meanwhile
			}
			// Empty: its owner is still writing its pid.
			if (!owner || processAlive(Number(owner))) return false;
			rmSync(claim, { force: true });
		}
	}
	return false;
}

function processAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * A free loopback port below Linux's ephemeral range (32768+), so that an outgoing connection of
 * another process cannot take it between this check and n8n binding it, and claimed (claimPort) so
 * that no other test process is given it.
 */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 200; attempt++) {
		const port = 20000 + Math.floor(Math.random() * 12000);
		if (!claimPort(port)) continue;
		const server = createServer();
		const bound = await new Promise<boolean>((resolve) => {
			server.once('error', () => resolve(false));
			server.listen(port, '127.0.0.1', () => resolve(true));
		});
		if (bound) {
			await new Promise<void>((resolve) => server.close(() => resolve()));
			return port;
		}
	}
	throw new Error('no free loopback port found between 20000 and 32000');
}

export interface ExecutionResult {
	status?: string;
	runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> }; error?: { message: string; description?: string } }>>;
	raw: unknown;
}

/**
 * The variable naming the user folder that every RealN8n of a run starts as a copy of, set by the e2e
 * suite's global setup (test/e2e/globalSetup.ts); without it, each instance installs the package and
 * migrates its database itself.
 */
export const USER_FOLDER_TEMPLATE = 'N8N_E2E_USER_FOLDER_TEMPLATE';

/**
 * The README's manual install, without flags: the package has no dependencies and its n8n-workflow
 * peer is optional (n8n provides it), so nothing else is fetched.
 */
async function installPackage(userFolder: string): Promise<void> {
	const { tarball } = environment();
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	mkdirSync(nodesDir, { recursive: true });
	writeFileSync(join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }));
	await run('npm', ['install', tarball], { cwd: nodesDir, env: cleanNpmEnv() });
}

/**
 * A user folder with the package installed and n8n's SQLite database created and migrated, once per
 * run: the install and the migrations cost each instance seconds of CPU, the copy a few milliseconds.
 * Every instance still gets a folder and a database of its own.
 */
export async function prepareUserFolderTemplate(): Promise<string> {
	const template = await RealN8n.create();
	// Any command opens the database, which creates and migrates it.
	await template.cli(['list:workflow']);
	return template.userFolder;
}

/**
 * What `n8n start` prints once its REST API is served. n8n 1.x has activated the published workflows by
 * then; 2.41 activates them afterwards, through its publication outbox.
 */
const STARTED_MESSAGE = 'Editor is now accessible via';

/** Preloaded into every n8n process started here; the line it prints there says it ran. */
const REGEX_LIMIT_PRELOAD = join(__dirname, 'n8nRegexLimit.js');
export const REGEX_LIMIT_LINE = `[e2e] n8n-workflow's regular expressions run with a limit of ${LIMIT_MS} ms`;

/** Executions one queue-mode worker runs at once: the fewest n8n allows (its default is 10). */
export const WORKER_CONCURRENCY = 5;

/** The lines n8n's import, publish and activation commands log once their change is saved. */
const imported = (output: string) => /Successfully imported \d+/.test(output);
const stateChanged = (output: string) => /will not take effect if n8n is running/.test(output);

type PrintedRun = { status?: string; finished?: boolean; data: { resultData: { runData: ExecutionResult['runData'] } } };

/** The run `n8n execute --rawOutput` printed, if its JSON is there and whole. */
function printedRun(output: string): PrintedRun | undefined {
	const lines = output.split('\n');
	const start = lines.findIndex((line) => line.startsWith('{'));
	if (start < 0) return undefined;
	const text = lines.slice(start).join('\n');
	try {
		const run = JSON.parse(text.slice(0, text.lastIndexOf('}') + 1)) as PrintedRun;
		return run?.data?.resultData ? run : undefined;
	} catch {
		return undefined;
	}
}

/** A run as n8n's REST API serves it: in flatted's format, read with the host's own copy of flatted. */
function parseFlatted(text: string): unknown {
	const flatted = require(join(environment().hostDir, 'node_modules', 'flatted')) as { parse: (text: string) => unknown };
	return flatted.parse(text);
}

/** What `n8n execute --rawOutput` printed, as a run result (the bench reads its runs the same way). */
export function executionFromOutput(output: string): ExecutionResult | undefined {
	const raw = printedRun(output);
	return raw && { status: raw.status, runData: raw.data.resultData.runData, raw };
}

/**
 * One real n8n (SQLite) with this package installed the way users install community nodes: the
 * packed tarball under <user folder>/.n8n/nodes. Where n8n 1.x and 2.x differ (CLI commands, REST
 * bodies), the difference is handled here, so the tests read the same on both.
 */
export class RealN8n {
	readonly userFolder: string;
	readonly env: NodeJS.ProcessEnv;
	private server?: ChildProcess;
	private sessionCookie = '';
	private serverLog = '';
	port = 0;

	private constructor(userFolder: string, env: NodeJS.ProcessEnv) {
		this.userFolder = userFolder;
		this.env = env;
	}

	/**
	 * `editor: true` serves the editor (its pages and /types/*.json). Without it n8n leaves the editor
	 * out: its start then skips rewriting the editor's ~40 MB of scripts into the user folder, about 40 %
	 * of a start's CPU; the REST API, webhooks and runs are the same.
	 */
	static async create(options: { editor?: boolean } = {}): Promise<RealN8n> {
		const userFolder = mkdtempSync(join(tmpdir(), 'n8n-e2e-'));
		const template = process.env[USER_FOLDER_TEMPLATE];
		if (template) cpSync(template, userFolder, { recursive: true });
		else await installPackage(userFolder);
		const port = await freePort();
		// jest sets NODE_ENV=test, which silences n8n's logger — and the run JSON goes through it.
		const { NODE_ENV: _testEnv, JEST_WORKER_ID: _worker, ...inherited } = process.env;
		const env: NodeJS.ProcessEnv = {
			...inherited,
			N8N_USER_FOLDER: userFolder,
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			N8N_ENCRYPTION_KEY: 'e2e-encryption-key-0123456789',
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_SECURE_COOKIE: 'false',
			N8N_DISABLE_UI: options.editor ? 'false' : 'true',
			DB_SQLITE_POOL_SIZE: '1',
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			N8N_LOG_LEVEL: 'info',
			// n8n's 250 ms limit on regular expressions times a loaded machine (n8nRegexLimit.js).
			NODE_OPTIONS: `${inherited.NODE_OPTIONS ?? ''} --require ${JSON.stringify(REGEX_LIMIT_PRELOAD)}`.trim(),
		};
		const instance = new RealN8n(userFolder, env);
		instance.port = port;
		return instance;
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Whether this instance's `n8n start` (or worker, or webhook process) is up. */
	get running(): boolean {
		return this.server !== undefined && this.server.exitCode === null;
	}

	/**
	 * Runs an n8n CLI command in this instance's folder. `printedComplete` says whether the output holds
	 * everything the command was run for: n8n 1.x under Node 22 now and then dies of SIGSEGV while it shuts
	 * down, after printing a whole run (seen twice in one run on a loaded machine). Such output is used, and
	 * the crash is written to stderr; any other ending, or a crash before the output is whole, fails.
	 */
	async cli(args: string[], timeoutMs = 120_000, printedComplete?: (output: string) => boolean): Promise<string> {
		const { nodeBin, n8nBin } = environment();
		try {
			const { stdout, stderr } = await run(nodeBin, [n8nBin, ...args], {
				env: this.env,
				timeout: timeoutMs,
				maxBuffer: 64 * 1024 * 1024,
			});
			return stdout + stderr;
		} catch (error) {
			const e = error as { stdout?: string; stderr?: string; message: string; code?: number | string; signal?: string | null; killed?: boolean };
			const output = (e.stdout ?? '') + (e.stderr ?? '');
			if (e.signal === 'SIGSEGV' && !e.killed && printedComplete?.(output)) {
				process.stderr.write(`[e2e] n8n ${args.join(' ')} crashed (SIGSEGV) after printing its whole output; that output is used\n`);
				return output;
			}
			// How it ended says what to look at: an exit code is n8n's, a signal (with killed) the timeout's.
			const ending = `exit code ${String(e.code ?? 'none')}, signal ${e.signal ?? 'none'}${e.killed ? `, killed after ${timeoutMs} ms` : ''}`;
			throw new Error(`n8n ${args.join(' ')} failed (${ending}): ${e.message}\n${e.stdout ?? ''}\n${e.stderr ?? ''}`);
		}
	}

	async importCredentials(credentials: Array<{ id: string; name: string; type: string; data: Record<string, unknown> }>) {
		const file = join(this.userFolder, 'credentials.json');
		writeFileSync(file, JSON.stringify(credentials));
		await this.cli(['import:credentials', `--input=${file}`], undefined, imported);
	}

	/**
	 * Saves a workflow with its id, as n8n's CLI import does. While n8n 2.x runs, through its REST API
	 * as the editor's import does: each CLI run costs about 6 s of CPU. n8n 1.x's REST API gives a new
	 * workflow an id of its own, so there (and for an id already saved) the CLI imports it.
	 */
	async importWorkflow(workflow: Record<string, unknown>) {
		if (await this.createdThroughRest(workflow)) return;
		const file = join(this.userFolder, `workflow-${String(workflow.id)}.json`);
		writeFileSync(file, JSON.stringify(workflow));
		await this.cli(['import:workflow', `--input=${file}`], undefined, imported);
	}

	/** Several workflows in one CLI run, or each through the REST API as importWorkflow() says. */
	async importWorkflows(workflows: Array<Record<string, unknown>>) {
		const left: Array<Record<string, unknown>> = [];
		for (const workflow of workflows) if (!(await this.createdThroughRest(workflow))) left.push(workflow);
		if (left.length === 0) return;
		const dir = mkdtempSync(join(this.userFolder, 'workflows-'));
		for (const workflow of left) writeFileSync(join(dir, `${String(workflow.id)}.json`), JSON.stringify(workflow));
		await this.cli(['import:workflow', '--separate', `--input=${dir}`], undefined, imported);
	}

	private async createdThroughRest(workflow: Record<string, unknown>): Promise<boolean> {
		if (!this.running || n8nMajorVersion() === 1) return false;
		if (!this.sessionCookie) await this.signInAsOwner();
		const created = await this.rest('POST', '/workflows', workflow);
		if (created.status === 200) return true;
		if (created.status === 400 && /exists already/.test(JSON.stringify(created.json))) return false;
		throw new Error(`saving workflow ${String(workflow.id)} answered ${created.status}: ${JSON.stringify(created.json)}`);
	}

	/**
	 * Runs a workflow that starts with a Manual Trigger and returns n8n's own run data. While n8n runs,
	 * as the editor's "Execute workflow" does (its REST API, then the saved execution); otherwise with
	 * `n8n execute`, which starts an n8n of its own for the run.
	 */
	async execute(workflowId: string): Promise<ExecutionResult> {
		if (this.running) return await this.executeThroughRest(workflowId);
		const output = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput'], undefined, (printed) => printedRun(printed)?.finished === true);
		const result = executionFromOutput(output);
		if (!result) throw new Error(`n8n printed no execution JSON:\n${output}`);
		return result;
	}

	private async executeThroughRest(workflowId: string): Promise<ExecutionResult> {
		const workflow = await this.savedWorkflow(workflowId);
		const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
		if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to run it from`);
		// n8n 1.x runs the copy the editor sends along; 2.x the saved workflow.
		const body = { triggerToStartFrom: { name: trigger.name }, ...(n8nMajorVersion() === 1 ? { workflowData: workflow } : {}) };
		const started = await this.rest('POST', `/workflows/${workflowId}/run`, body);
		const executionId = (started.json.data as { executionId?: string } | undefined)?.executionId;
		if (started.status !== 200 || !executionId) throw new Error(`running workflow ${workflowId} answered ${started.status}: ${JSON.stringify(started.json)}`);
		// A manual run is saved when it ends; until then n8n lists it as running (or new).
		const execution = await waitFor(async () => {
			const read = await this.rest('GET', `/executions/${executionId}`);
			if (read.status !== 200) throw new Error(`reading execution ${executionId} answered ${read.status}: ${JSON.stringify(read.json)}`);
			const found = read.json.data as { status?: string; data?: string; stoppedAt?: string | null };
			return found.stoppedAt && typeof found.data === 'string' ? found : undefined;
		}, 240_000);
		const data = parseFlatted(execution.data!) as { resultData: { runData: ExecutionResult['runData'] } };
		const raw = { ...execution, data };
		return { status: execution.status, runData: data.resultData.runData, raw };
	}

	/**
	 * Publishes (2.x) or activates (1.x, which has no publishing) a workflow. While n8n runs, as the
	 * editor's Publish button (1.x: Active switch) does, and n8n registers its triggers before answering;
	 * otherwise with the CLI, and it takes effect at the next start.
	 */
	async publish(workflowId: string) {
		if (this.running) return await this.publishViaEditor(workflowId);
		if (n8nMajorVersion() === 1) await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true'], undefined, stateChanged);
		else await this.cli(['publish:workflow', `--id=${workflowId}`], undefined, stateChanged);
	}

	/** The reverse of publish(): the editor's while n8n runs (n8n then removes the triggers' webhooks), else the CLI. */
	async unpublish(workflowId: string) {
		if (this.running) return await this.unpublishViaEditor(workflowId);
		if (n8nMajorVersion() === 1) await this.cli(['update:workflow', `--id=${workflowId}`, '--active=false'], undefined, stateChanged);
		else await this.cli(['unpublish:workflow', `--id=${workflowId}`], undefined, stateChanged);
	}

	/**
	 * Starts `n8n start` (or, in queue mode, `n8n worker` / `n8n webhook`) and waits until it
	 * answers its readiness check. The process leads its own process group, so stopping it also
	 * stops the task runner it starts; with N8N_E2E_PID_FILE set, the group is listed there for
	 * a caller's clean-up if this test process dies first.
	 */
	async start(timeoutMs = 90_000, command: 'start' | 'worker' | 'webhook' = 'start', readinessUrl?: string, pollMs = 500): Promise<void> {
		const { nodeBin, n8nBin } = environment();
		this.serverLog = '';
		const args = command === 'worker' ? [n8nBin, 'worker', `--concurrency=${WORKER_CONCURRENCY}`] : [n8nBin, command];
		this.server = spawn(nodeBin, args, { env: this.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
		if (process.env.N8N_E2E_PID_FILE && this.server.pid) appendFileSync(process.env.N8N_E2E_PID_FILE, `${this.server.pid}\n`);
		this.server.stdout!.on('data', (d: Buffer) => (this.serverLog += d.toString()));
		this.server.stderr!.on('data', (d: Buffer) => (this.serverLog += d.toString()));
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.server.exitCode !== null) throw new Error(`n8n exited early:\n${this.serverLog}`);
			try {
				const response = await fetch(readinessUrl ?? `${this.baseUrl}/healthz/readiness`);
				// n8n 1.x is "ready" once its database is migrated, before its REST API and the published
				// workflows are up; `n8n start` prints the editor's address when both are.
				if (response.ok && (command !== 'start' || this.serverLog.includes(STARTED_MESSAGE))) return;
			} catch {
				// not listening yet
			}
			await new Promise((resolve) => setTimeout(resolve, pollMs));
		}
		throw new Error(`n8n did not become ready:\n${this.serverLog}`);
	}

	/** n8n's REST API as the editor calls it, with the session of `signInAsOwner()`. */
	async rest(method: string, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
		const response = await fetch(`${this.baseUrl}/rest${path}`, {
			method,
			headers: { 'content-type': 'application/json', cookie: this.sessionCookie, 'browser-id': 'e2e-browser' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		if (setCookie) this.sessionCookie = setCookie.split(';')[0];
		const text = await response.text();
		let json: Record<string, unknown> = {};
		try {
			json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
		} catch {
			json = { text };
		}
		return { status: response.status, json };
	}

	/** The executions n8n lists for a workflow, newest first, with their status ("running", "success", …). */
	async executionsOf(workflowId: string): Promise<Array<{ id: string; status: string }>> {
		if (!this.sessionCookie) await this.signInAsOwner();
		const listed = await this.rest('GET', `/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}`);
		if (listed.status !== 200) throw new Error(`the executions list answered ${listed.status}: ${JSON.stringify(listed.json)}`);
		return (listed.json.data as { results: Array<{ id: string; status: string }> }).results;
	}

	get cookie(): string {
		return this.sessionCookie;
	}

	/** The instance owner `signInAsOwner()` sets up (also used to sign in through the editor's form). */
	readonly owner = { email: 'owner@example.test', password: 'E2e-password-123' };

	/** Sets up the instance owner on a fresh n8n and keeps the session for `rest()`. */
	async signInAsOwner(): Promise<void> {
		const setup = await this.rest('POST', '/owner/setup', {
			email: this.owner.email,
			firstName: 'E',
			lastName: 'Two',
			password: this.owner.password,
		});
		if (setup.status !== 200) throw new Error(`owner setup answered ${setup.status}: ${JSON.stringify(setup.json)}`);
	}

	/** A workflow as the editor loads it (signing in first if needed). */
	private async savedWorkflow(workflowId: string): Promise<{ versionId: string; nodes: Array<{ name: string; type: string }> }> {
		if (!this.sessionCookie) await this.signInAsOwner();
		const saved = await this.rest('GET', `/workflows/${workflowId}`);
		if (saved.status !== 200) throw new Error(`reading workflow ${workflowId} answered ${saved.status}: ${JSON.stringify(saved.json)}`);
		return saved.json.data as { versionId: string; nodes: Array<{ name: string; type: string }> };
	}

	private async publishViaEditor(workflowId: string): Promise<void> {
		const { versionId } = await this.savedWorkflow(workflowId);
		const result = await this.rest('POST', `/workflows/${workflowId}/activate`, { versionId });
		if (result.status !== 200) throw new Error(`publishing workflow ${workflowId} answered ${result.status}: ${JSON.stringify(result.json)}`);
	}

	/**
	 * Unpublishes the way the editor does, so n8n calls the trigger's webhook delete
	 * (the `unpublish:workflow` CLI command only changes the database).
	 */
	async unpublishViaEditor(workflowId: string): Promise<void> {
		if (!this.sessionCookie) await this.signInAsOwner();
		const result = await this.rest('POST', `/workflows/${workflowId}/deactivate`, {});
		if (result.status !== 200) throw new Error(`deactivate answered ${result.status}: ${JSON.stringify(result.json)}`);
	}

	/**
	 * The editor's "Test this trigger": n8n registers the trigger under /webhook-test/ for one run.
	 * n8n 2.x runs the saved workflow; 1.x runs the copy the editor sends along.
	 */
	async listenForTestEvent(workflowId: string, triggerName: string): Promise<{ status: number; json: Record<string, unknown> }> {
		if (!this.sessionCookie) await this.signInAsOwner();
		const body: Record<string, unknown> = { triggerToStartFrom: { name: triggerName } };
		if (n8nMajorVersion() === 1) body.workflowData = await this.savedWorkflow(workflowId);
		return await this.rest('POST', `/workflows/${workflowId}/run`, body);
	}

	get log(): string {
		return this.serverLog;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server || server.exitCode !== null) return;
		const signalGroup = (signal: NodeJS.Signals) => {
			try {
				process.kill(-server.pid!, signal);
			} catch {
				server.kill(signal);
			}
		};
		const exited = new Promise((resolve) => server.once('exit', resolve));
		signalGroup('SIGTERM');
		const timeout = new Promise((resolve) => setTimeout(resolve, 20_000));
		await Promise.race([exited, timeout]);
		// Whatever is left of the group (the process itself or its task runner) goes now.
		signalGroup('SIGKILL');
		this.server = undefined;
	}

	async dispose(): Promise<void> {
		await this.stop();
		if (existsSync(this.userFolder)) rmSync(this.userFolder, { recursive: true, force: true });
	}
}

/**
 * Polls until `probe` returns a value (deliveries and n8n's outbox act a moment after answering).
 * `explain` says, when time runs out, what was still missing.
 */
export async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000, explain?: () => string): Promise<T> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		const value = await probe();
		if (value !== undefined) return value;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(explain ? `timed out after ${timeoutMs} ms: ${explain()}` : 'timed out');
}

/**
 * A workflow of the given nodes in a chain, the first starting it, in n8n's export format (inactive,
 * execution order v1). Nodes not saying otherwise get typeVersion 1, an id from the workflow's and
 * their place left to right.
 */
export function chainWorkflow(id: string, nodes: Array<Record<string, unknown>>, name = `e2e ${id}`): Record<string, unknown> {
	const all: Array<Record<string, unknown>> = nodes.map((node, index) => ({ typeVersion: 1, position: [200 * index, 0], id: `${id}-n${index}`, ...node }));
	const connections: Record<string, unknown> = {};
	for (let i = 0; i < all.length - 1; i++) {
		connections[String(all[i].name)] = { main: [[{ node: String(all[i + 1].name), type: 'main', index: 0 }]] };
	}
	return { id, name, nodes: all, connections, active: false, settings: { executionOrder: 'v1' } };
}

/** A workflow of Manual Trigger → the given nodes in a chain. */
export function manualWorkflow(id: string, nodes: Array<Record<string, unknown>>): Record<string, unknown> {
	const trigger = { id: `${id}-trigger`, name: 'Start', type: 'n8n-nodes-base.manualTrigger', parameters: {} };
	return chainWorkflow(id, [trigger, ...nodes.map((node, index) => ({ id: `${id}-n${index}`, ...node }))]);
}

export const PACKAGE = 'n8n-nodes-github-trello';
