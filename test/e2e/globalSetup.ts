import { prepareUserFolderTemplate, USER_FOLDER_TEMPLATE } from './n8n';

/** Runs once before the files: their n8n instances start from copies of this user folder (workers inherit the variable). */
export default async function globalSetup(): Promise<void> {
	process.env[USER_FOLDER_TEMPLATE] = await prepareUserFolderTemplate();
}
