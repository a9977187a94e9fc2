import type { IDataObject } from 'n8n-workflow';

import type { TrelloOperationKey } from '../../nodes/Trello/actions/catalogue';
import type { ExpectedCall } from './support';
import { attachmentFixtures } from './fixtures/attachment';
import { boardFixtures } from './fixtures/board';
import { cardFixtures } from './fixtures/card';
import { checklistFixtures } from './fixtures/checklist';
import { commentFixtures } from './fixtures/comment';
import { customFieldFixtures } from './fixtures/customField';
import { labelFixtures } from './fixtures/label';
import { listFixtures } from './fixtures/list';
import { memberFixtures } from './fixtures/member';
import { notificationFixtures } from './fixtures/notification';
import { searchFixtures } from './fixtures/search';
import { webhookFixtures } from './fixtures/webhook';
import { workspaceFixtures } from './fixtures/workspace';

/**
 * One fixture per catalogue row: the node parameters, every request the operation must send (in
 * order, with its exact query) with Trello's answer, and the exact output items.
 */
export interface RowFixture {
	parameters: IDataObject;
	calls: ExpectedCall[];
	output: IDataObject[];
	/** Input items (default one empty item); "$binary" gives an item binary data. */
	input?: IDataObject[];
	/** Binary data of each output item: property → file name, MIME type and content as text. */
	binary?: Array<Record<string, { fileName: string; mimeType: string; text: string }>>;
}

/** Fixtures by operation key: a key that names no catalogue row does not compile. */
export type RowFixtures = { [Key in TrelloOperationKey]?: RowFixture };

export { BOARD, CARD, CHECK_ITEM, CHECKLIST, LABEL, LIST, MEMBER, OTHER_BOARD, OTHER_LABEL, OTHER_LIST, SOURCE_CHECKLIST, card } from './fixtures/ids';

/** Every row's fixture; one file per resource in fixtures/. */
export const FIXTURES: RowFixtures = {
	...attachmentFixtures,
	...boardFixtures,
	...cardFixtures,
	...listFixtures,
	...commentFixtures,
	...checklistFixtures,
	...labelFixtures,
	...customFieldFixtures,
	...memberFixtures,
	...searchFixtures,
	...workspaceFixtures,
	...notificationFixtures,
	...webhookFixtures,
};
