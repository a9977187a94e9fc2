import { rmSync } from 'fs';

import { USER_FOLDER_TEMPLATE } from './n8n';

export default async function globalTeardown(): Promise<void> {
	const template = process.env[USER_FOLDER_TEMPLATE];
	if (template) rmSync(template, { recursive: true, force: true });
}
