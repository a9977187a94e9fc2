import type { TrelloOperationKey } from '../../nodes/Trello/actions/catalogue';
import type { OperationFixture } from '../harness/operationFixtures';
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
 * Trello's fixtures, in the shape both services share (test/harness/operationFixtures.ts): the node
 * parameters, every request the operation must send (in order, with its exact query; the body where
 * given) with Trello's answer, and the exact output items. A path may name the connected token as {token}.
 */
export type TrelloFixture = OperationFixture<TrelloOperationKey>;

export { BOARD, CARD, CHECK_ITEM, CHECKLIST, LABEL, LIST, MEMBER, OTHER_BOARD, OTHER_CARD, OTHER_LABEL, OTHER_LIST, SOURCE_CHECKLIST, card } from './fixtures/ids';

/** Every row's fixture; one file per resource in fixtures/. */
export const FIXTURES: TrelloFixture[] = [
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
];
