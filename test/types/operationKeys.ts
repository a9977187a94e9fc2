/**
 * Compile-time checks of the operation keys (checked by `tsc -p test/tsconfig.json`): each key type
 * is computed from the catalogue rows, so a misspelt or removed operation fails to compile.
 */
import type { GitHubOperationKey } from '../../nodes/GitHub/actions/catalogue';
import type { TrelloOperationKey } from '../../nodes/Trello/actions/catalogue';
import type { OperationFixture as GitHubFixture } from '../githubActions/fixtures';
import type { TrelloFixture } from '../trelloActions/fixtures';

/** Fails to compile when a key type has widened to plain strings (a row table declared without its literal keys). */
type Literal<Key extends string> = string extends Key ? never : Key;

export const gitHubKeys: Array<Literal<GitHubOperationKey>> = ['issue.create', 'secret.setOrganization', 'reaction.addRelease', 'securityAlert.listDependabotOrganization', 'variable.updateEnvironment'];
export const trelloKeys: Array<Literal<TrelloOperationKey>> = ['card.create', 'board.close', 'board.reopen', 'checklist.completeItem'];

// @ts-expect-error a misspelt operation is no GitHub key
export const misspeltGitHub: GitHubOperationKey = 'issue.crate';
// @ts-expect-error a resource's operation under another resource is no key
export const mixedGitHub: GitHubOperationKey = 'label.merge';
// @ts-expect-error a GitHub operation is no Trello key
export const gitHubInTrello: TrelloOperationKey = 'issue.create';
// @ts-expect-error a misspelt operation is no Trello key
export const misspeltTrello: TrelloOperationKey = 'card.creat';

// A fixture names its row by these keys, so a misspelt fixture fails to compile too.
const fixtureBody = { title: 'typed', parameters: {}, exchanges: [], output: [] };
export const gitHubFixture: GitHubFixture = { row: 'issue.create', ...fixtureBody };
export const trelloFixture: TrelloFixture = { row: 'card.create', ...fixtureBody };
// @ts-expect-error a misspelt row in a GitHub fixture
export const misspeltGitHubFixture: GitHubFixture = { row: 'issue.crate', ...fixtureBody };
// @ts-expect-error a misspelt row in a Trello fixture
export const misspeltTrelloFixture: TrelloFixture = { row: 'card.creat', ...fixtureBody };
