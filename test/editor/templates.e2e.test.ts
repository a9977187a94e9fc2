/**
 * Every template as a user first sees it: imported with n8n's CLI exactly as shipped (no
 * credentials, empty pickers) and opened on the editor's canvas in a real browser. Every node must
 * be drawn as its own node type (a node type n8n does not know is drawn as a placeholder), without
 * page errors. With SCREENSHOTS_DIR set (`npm run screenshots`) the canvas is saved as the template's
 * picture, docs/images/templates/<template>.png.
 */
import { mkdirSync } from 'fs';
import { join } from 'path';

import { chromiumAvailable, Editor } from '../e2e/browser';
import { RealN8n } from '../e2e/n8n';
import { loadTemplate, templateFiles } from '../templates/load';

const SCREENSHOTS = process.env.SCREENSHOTS_DIR;
const prepared = !!process.env.N8N_HOST_DIR && !!process.env.PACKAGE_TARBALL && chromiumAvailable();

const TABS_HEIGHT = 24;

/** Workflow ids are 16 characters at most in n8n's database. */
const workflowId = (file: string) => `tpl${file.replace(/[^a-z0-9]/gi, '').slice(0, 13)}`;

(prepared ? describe : describe.skip)('the templates on the editor canvas', () => {
	const files = templateFiles();
	let n8n: RealN8n;
	let editor: Editor;
	let known: string[] | undefined;

	beforeAll(async () => {
		n8n = await RealN8n.create({ editor: true });
		await n8n.importWorkflows(files.map((file) => ({ ...loadTemplate(file), id: workflowId(file), active: false })));
		await n8n.start();
		await n8n.signInAsOwner();
		editor = await Editor.open();
		await editor.page.setViewportSize({ width: 1600, height: 900 });
		await editor.signIn(n8n);
	});

	afterAll(async () => {
		await editor?.close();
		await n8n?.dispose();
	});

	it.each(templateFiles())('%s opens with every node drawn as a node type the editor knows', async (file) => {
		const { page } = editor;
		const template = loadTemplate(file);
		const mark = editor.errors.length;
		await page.goto(`${n8n.baseUrl}/workflow/${workflowId(file)}`);
		const canvas = page.getByTestId('canvas-wrapper');
		await canvas.waitFor();
		// The node types the editor loads (n8n's, this package's and the …Tool variants n8n makes of them), read
		// once: the list is the same for every template.
		known ??= await page.evaluate(async () => {
			const response = await fetch('/types/nodes.json');
			return ((await response.json()) as Array<{ name: string }>).map((type) => type.name);
		});
		expect(template.nodes.map((node) => node.type).filter((type) => !known!.includes(type))).toEqual([]);
		for (const node of template.nodes) {
			const drawn = page.locator(`[data-node-name="${node.name}"]`);
			await drawn.first().waitFor();
			if (node.type !== 'n8n-nodes-base.stickyNote') expect({ node: node.name, type: await drawn.first().getAttribute('data-node-type') }).toEqual({ node: node.name, type: node.type });
		}
		await page.getByTestId('zoom-to-fit').click();
		// The fit animates; the picture is taken once the canvas has stood still for 10 frames in a row.
		await page.evaluate(`new Promise((resolve) => {
			const viewport = document.querySelector('.vue-flow__viewport');
			let last = null;
			let still = 0;
			const check = () => {
				const now = viewport ? getComputedStyle(viewport).transform : '';
				still = now === last ? still + 1 : 0;
				last = now;
				if (still >= 10) resolve(true);
				else requestAnimationFrame(check);
			};
			requestAnimationFrame(check);
		})`);
		if (SCREENSHOTS) {
			const dir = join(SCREENSHOTS, 'templates');
			mkdirSync(dir, { recursive: true });
			// The canvas without the strip under the Editor/Executions tabs that overlap its top.
			const box = (await canvas.boundingBox())!;
			await page.screenshot({ path: join(dir, `${file}.png`), clip: { x: box.x, y: box.y + TABS_HEIGHT, width: box.width, height: box.height - TABS_HEIGHT } });
		}
		expect(editor.errorsSince(mark)).toEqual([]);
	});
});
