import { rmSync } from 'fs';

import { USER_FOLDER_TEMPLATE } from './n8n';

/** Removes the run's prepared user folder (globalSetup.ts); each file removes its own copies. */
export default async function globalTeardown(): Promise<void> {
	const template = process.env[USER_FOLDER_TEMPLATE];
	if (template) rmSync(template, { recursive: true, force: true });
}
