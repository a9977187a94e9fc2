import { existsSync, mkdtempSync, rmSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { chromium, selectors } from 'playwright-core';

// n8n's editor marks its elements with data-test-id.
selectors.setTestIdAttribute('data-test-id');

import type { RealN8n } from './n8n';

/** Debian's Chromium (scripts/e2e.sh installs it when missing); no browser is ever downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

/** How long a step in the editor may take before it fails (see open()). */
const EDITOR_WAIT_MS = 120_000;

/** The editor in a headless Chromium with a fresh profile; page errors and console errors are kept. */
export class Editor {
	readonly errors: string[] = [];
	/** The page's requests not yet answered in full (n8n's push channel aside: it stays open). */
	private readonly inFlight = new Set<Request>();
	private constructor(
		readonly context: BrowserContext,
		readonly page: Page,
		private readonly profile: string,
	) {}

	static async open(): Promise<Editor> {
		const profile = mkdtempSync(join(tmpdir(), 'n8n-e2e-chromium-'));
		// A persistent context on a fresh folder is Chromium's --user-data-dir.
		const context = await chromium.launchPersistentContext(profile, {
			executablePath: CHROMIUM,
			headless: true,
			viewport: { width: 1440, height: 900 },
			args: [
				'--headless',
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		});
		const page = context.pages()[0] ?? (await context.newPage());
		// Playwright's 30 s default is a deadline, not a wait: on a loaded machine (two e2e files at a time,
		// each with its n8n) n8n 1.x's editor took longer than that to draw a workflow or open a panel.
		context.setDefaultTimeout(EDITOR_WAIT_MS);
		context.setDefaultNavigationTimeout(EDITOR_WAIT_MS);
		const editor = new Editor(context, page, profile);
		page.on('pageerror', (error) => editor.errors.push(`pageerror: ${error.message}`));
		// A console "Failed to load resource" names no address; the failed response does.
		page.on('response', (response) => {
			if (response.status() >= 400) editor.errors.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
		});
		page.on('console', (message) => {
			if (message.type() === 'error') editor.errors.push(`console: ${message.text()}`);
		});
		page.on('request', (request) => {
			if (!LONG_LIVED.test(request.url()) && !['eventsource', 'websocket'].includes(request.resourceType())) editor.inFlight.add(request);
		});
		page.on('requestfinished', (request) => editor.inFlight.delete(request));
		page.on('requestfailed', (request) => editor.inFlight.delete(request));
		return editor;
	}

	/**
	 * Waits until the page has settled: no request in flight through 10 animation frames in a row,
	 * so what a panel loads on opening has been answered and any error it causes has been reported.
	 */
	async settled(timeoutMs = EDITOR_WAIT_MS): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (let quietFrames = 0; quietFrames < 10; ) {
			if (Date.now() > deadline) {
				throw new Error(`the page still has requests in flight: ${[...this.inFlight].map((request) => request.url()).join(', ')}`);
			}
			await this.page.evaluate('new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)))');
			quietFrames = this.inFlight.size === 0 ? quietFrames + 1 : 0;
		}
	}

	/** Signs in through n8n's sign-in form as the owner set up by `RealN8n.signInAsOwner()`. */
	async signIn(n8n: RealN8n): Promise<void> {
		await this.page.goto(`${n8n.baseUrl}/signin`);
		const form = this.page.getByTestId('auth-form');
		await form.locator('input[type="email"]').fill(n8n.owner.email);
		await form.locator('input[type="password"]').fill(n8n.owner.password);
		await this.page.getByTestId('form-submit-button').click();
		await this.page.waitForURL((url) => !url.pathname.startsWith('/signin'));
	}

	/**
	 * Opens a node's panel as a user does. Away from the workflow, by its address with the node in it (a link
	 * someone shares); on the workflow's canvas already, by double-clicking the node, as loading the whole
	 * editor again for each panel cost the browser about 10 CPU-seconds.
	 */
	async openNodePanel(baseUrl: string, workflowId: string, node: { id: string; name: string }): Promise<void> {
		const ndv = this.page.getByTestId('ndv');
		const onCanvas = new URL(this.page.url()).pathname.startsWith(`/workflow/${workflowId}`);
		if (!onCanvas) {
			await this.page.goto(`${baseUrl}/workflow/${workflowId}/${node.id}`);
		} else {
			await this.closeNodePanel();
			const drawn = this.page.locator(`[data-node-name="${node.name}"]`).first();
			// A double click while the canvas still fits the view can land beside the node: again until the panel
			// opens. One that finds the panel opening over the node gives up (its short timeout) instead of waiting
			// for the node to come back.
			for (let attempt = 0; attempt < 10 && !(await ndv.isVisible()); attempt++) {
				await drawn.dblclick({ timeout: 10_000 }).catch(() => undefined);
				await ndv.waitFor({ timeout: 10_000 }).catch(() => undefined);
			}
		}
		await ndv.getByTestId('node-parameters').waitFor();
		// The panel of the node asked for, not one left open.
		await ndv.getByText(node.name, { exact: true }).filter({ visible: true }).first().waitFor();
	}

	/** Closes an open node panel from its close button, as a user does (Escape does not while a field has the focus). */
	async closeNodePanel(): Promise<void> {
		const ndv = this.page.getByTestId('ndv');
		// n8n 2.x's panel and 1.x's have different close buttons.
		const close = this.page.getByTestId('ndv-close-button').or(this.page.getByTestId('back-to-canvas')).filter({ visible: true }).first();
		for (let attempt = 0; attempt < 5 && (await ndv.isVisible()); attempt++) {
			await close.click({ timeout: 5000 }).catch(() => undefined);
			await ndv.waitFor({ state: 'hidden', timeout: 5000 }).catch(() => undefined);
		}
		if (await ndv.isVisible()) throw new Error('the node panel did not close from its close button');
	}

	/** Errors seen since `mark` (an index into `errors`), without the ones n8n logs offline about its own online services. */
	errorsSince(mark: number): string[] {
		return this.errors.slice(mark).filter((error) => !OFFLINE_NOISE.some((pattern) => pattern.test(error)));
	}

	async close(): Promise<void> {
		await this.context.close().catch(() => undefined);
		rmSync(this.profile, { recursive: true, force: true });
	}
}

/** n8n's push channel to the editor, open as long as the page is. */
const LONG_LIVED = /\/rest\/push\b/;

/**
 * n8n's editor asks n8n's online services (templates, version notices, telemetry) and the resources
 * of the page may fail with no internet; none of them concerns the nodes under test.
 */
const OFFLINE_NOISE = [
	/Failed to load resource/, // reported again with its address by the response listener
	/api\.n8n\.io|n8n\.io\/|telemetry|rudderstack|posthog/i,
	// The editor asks for an optional output-schema preview of every node (n8n's own nodes ship a few); none exists for community nodes.
	/^http 404: GET \S+\/schemas\/n8n-nodes-github-trello\.\w+\/[\d.]+\.json$/,
	// n8n 1.x's editor: banners from n8n's servers, and its licensed features (AI assistant, external
	// secrets) and the last successful run of a workflow that has none answer with errors.
	/Failed to fetch dynamic banners/,
	/^http 403: POST \S+\/rest\/ai\/sessions\/metadata$/,
	/^http 404: GET \S+\/rest\/external-secrets\/secrets$/,
	/^http 404: GET \S+\/rest\/workflows\/\w+\/executions\/last-successful$/,
];
